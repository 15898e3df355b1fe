import { useSyncExternalStore } from 'react';
import {
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
  type ConsentChoice,
  isConsentSettingsOpen,
  onConsentChange,
  readStoredConsent,
  type StoredConsent,
  setConsentSettingsOpen,
} from './consent-state';

/** Writing the visitor's choice: only the lazy banner does it, so this stays off the first load. */

function newConsentId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain-HTTP previews still get an unguessable id.
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  );
  return hex.join('');
}

/** Stores the visitor's decision (keeping their consent id), closes the settings and tells every listener. */
export function saveConsent(choice: ConsentChoice): StoredConsent {
  const consent: StoredConsent = {
    id: readStoredConsent()?.id ?? newConsentId(),
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
  setConsentSettingsOpen(false);
  return consent;
}

/** Closes reopened settings without a new decision. */
export const closeConsentSettings = (): void => setConsentSettingsOpen(false);

/** True while the banner's settings were reopened from the footer. */
export const useConsentSettingsOpen = (): boolean =>
  useSyncExternalStore(onConsentChange, isConsentSettingsOpen, () => false);
