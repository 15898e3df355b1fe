import { useBrowserValue } from '../../lib/use-browser-value';
import {
  CONSENT_DECIDED_ATTRIBUTE,
  CONSENT_MAX_AGE_MS,
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
} from './consent-policy';

/**
 * The visitor's cookie choice, kept in localStorage under `cookie-consent`:
 * `{ id, statistics, marketing, version, decidedAt }`. This module is on the shop's first load (the
 * footer, the popup and the Pixel ask it), so it only reads; writing the choice lives with the
 * lazy banner (consent-choice.ts).
 */

export { CONSENT_MAX_AGE_MS, CONSENT_POLICY_VERSION, CONSENT_STORAGE_KEY };

export type ConsentChoice = { statistics: boolean; marketing: boolean };

export type StoredConsent = ConsentChoice & {
  /** Random id of this visitor's consent, the key of its server-side record. */
  id: string;
  version: string;
  /** ISO time of the decision. */
  decidedAt: string;
};

/** Fired on this tab's own writes and when the settings open or close. */
export const CONSENT_CHANGE_EVENT = 'shop:consent';

let settingsOpen = false;

/** The stored decision, whether or not it still counts; null when there is none or it is malformed. */
export function readStoredConsent(): StoredConsent | null {
  try {
    const value = JSON.parse(
      window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null',
    ) as StoredConsent | null;
    return value && typeof value.id === 'string' && typeof value.marketing === 'boolean' ? value : null;
  } catch {
    return null;
  }
}

/** The stored decision if it still counts (this policy version, younger than 12 months), else null: the banner asks. */
export function readConsent(now = Date.now()): StoredConsent | null {
  const consent = readStoredConsent();
  const age = now - Date.parse(consent?.decidedAt ?? '');
  return consent?.version === CONSENT_POLICY_VERSION && age > -60_000 && age < CONSENT_MAX_AGE_MS
    ? consent
    : null;
}

export const notifyConsentChange = (): void => void window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT));

/** Opens the banner's settings (the footer's "Süti beállítások") or closes them again. */
export function setConsentSettingsOpen(open: boolean): void {
  settingsOpen = open;
  // <html> carries whether a decision counts and the banner is closed. The first paint's CSS hides
  // the banner by it (early-input/capture.ts), and so does a banner drawn again before its gate has
  // read the decision, which on a server-rendered page starts as the server drew it.
  document.documentElement.toggleAttribute(CONSENT_DECIDED_ATTRIBUTE, !open && readConsent() !== null);
  notifyConsentChange();
}

export const openConsentSettings = (): void => setConsentSettingsOpen(true);

export const isConsentSettingsOpen = (): boolean => settingsOpen;

/** True when the visitor allowed marketing cookies (the Barion Pixel's events) and the decision still counts. */
export const hasMarketingConsent = (): boolean => readConsent()?.marketing === true;

/**
 * Calls `fn` whenever the decision may have changed (this tab, another tab, settings opened or
 * closed); returns the unsubscribe function.
 */
export function onConsentChange(fn: () => void): () => void {
  window.addEventListener(CONSENT_CHANGE_EVENT, fn);
  window.addEventListener('storage', fn);
  return () => {
    window.removeEventListener(CONSENT_CHANGE_EVENT, fn);
    window.removeEventListener('storage', fn);
  };
}

const isDecidedAndClosed = (): boolean => !settingsOpen && readConsent() !== null;

/**
 * True when the visitor has a decision that still counts and the banner is not open: other
 * overlays (the popup) wait for this so they never cover the banner. A server-rendered page starts
 * with the banner, which the page's first script hides by CSS for a visitor who has decided.
 */
export const useConsentDecided = (): boolean => useBrowserValue(isDecidedAndClosed, onConsentChange, false);
