import { useSyncExternalStore } from 'react';

/**
 * The visitor's cookie choice, kept in localStorage under `cookie-consent`. This module is on
 * the shop's first load (the popup and the Pixel ask it), so it stays tiny and imports nothing
 * but React; the banner itself is a lazy chunk.
 */

export const CONSENT_STORAGE_KEY = 'cookie-consent';

/** Raise when the cookie policy changes: every visitor is asked again. */
export const CONSENT_POLICY_VERSION = 1;

/** A decision older than this (12 months) is asked again. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

export type ConsentChoice = { statistics: boolean; marketing: boolean };

export type StoredConsent = ConsentChoice & {
  /** Random id of this visitor's consent, the key of its server-side record. */
  id: string;
  version: number;
  /** ISO time of the decision. */
  decidedAt: string;
};

/** Fired on this tab's own writes and when the settings open or close. */
const CHANGE_EVENT = 'shop:consent';

let settingsOpen = false;

function parseConsent(raw: string | null): StoredConsent | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { id, statistics, marketing, version, decidedAt } = value as Record<string, unknown>;
    if (typeof id !== 'string' || typeof version !== 'number' || typeof decidedAt !== 'string') return null;
    if (typeof statistics !== 'boolean' || typeof marketing !== 'boolean') return null;
    return { id, statistics, marketing, version, decidedAt };
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** True when a stored decision still counts: the current policy version and younger than 12 months. */
export function isConsentCurrent(consent: StoredConsent, now = Date.now()): boolean {
  const decidedAt = Date.parse(consent.decidedAt);
  return (
    consent.version === CONSENT_POLICY_VERSION &&
    Number.isFinite(decidedAt) &&
    decidedAt <= now + 60_000 &&
    now - decidedAt < CONSENT_MAX_AGE_MS
  );
}

/** The stored decision if it still counts, else null (the banner asks). */
export function readConsent(): StoredConsent | null {
  const consent = parseConsent(readRaw());
  return consent && isConsentCurrent(consent) ? consent : null;
}

function notify(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function newConsentId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain-HTTP previews still get an unguessable id.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Stores the visitor's decision (keeping their consent id) and closes the settings. */
export function saveConsent(choice: ConsentChoice): StoredConsent {
  const previous = parseConsent(readRaw());
  const consent: StoredConsent = {
    id: previous?.id ?? newConsentId(),
    statistics: choice.statistics,
    marketing: choice.marketing,
    version: CONSENT_POLICY_VERSION,
    decidedAt: new Date().toISOString(),
  };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Private mode or a full quota: the choice holds for this page view only.
  }
  settingsOpen = false;
  notify();
  return consent;
}

/** Reopens the banner's settings (the footer's "Süti beállítások"). */
export function openConsentSettings(): void {
  settingsOpen = true;
  notify();
}

/** Closes reopened settings without a new decision. */
export function closeConsentSettings(): void {
  settingsOpen = false;
  notify();
}

export const isConsentSettingsOpen = (): boolean => settingsOpen;

/** True when the visitor allowed marketing cookies (the Barion Pixel's events) and the decision still counts. */
export const hasMarketingConsent = (): boolean => readConsent()?.marketing === true;

/** True when the visitor allowed statistics cookies and the decision still counts. */
export const hasStatisticsConsent = (): boolean => readConsent()?.statistics === true;

/**
 * Calls `fn` whenever the decision may have changed (this tab, another tab, settings opened or
 * closed); returns the unsubscribe function.
 */
export function onConsentChange(fn: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CONSENT_STORAGE_KEY) fn();
  };
  window.addEventListener(CHANGE_EVENT, fn);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, fn);
    window.removeEventListener('storage', onStorage);
  };
}

const isDecidedAndClosed = (): boolean => !settingsOpen && readConsent() !== null;

/**
 * True when the visitor has a decision that still counts and the banner is not open: other
 * overlays (the popup) wait for this so they never cover the banner.
 */
export const useConsentDecided = (): boolean =>
  useSyncExternalStore(onConsentChange, isDecidedAndClosed, () => false);

/** True while the banner's settings were reopened from the footer. */
export const useConsentSettingsOpen = (): boolean =>
  useSyncExternalStore(onConsentChange, isConsentSettingsOpen, () => false);
