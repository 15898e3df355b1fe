/**
 * Where the cookie decision is kept and how long it counts. Its own module, with no imports, because
 * the build also hands these to the page's inline first script (early-input/capture.ts), which hides
 * the banner from the first paint for a visitor who has decided.
 */

export const CONSENT_STORAGE_KEY = 'cookie-consent';

/** The cookie policy's date: change it when the policy changes, and every visitor is asked again. */
export const CONSENT_POLICY_VERSION = '2026-11-29';

/** A decision older than this (12 months) is asked again. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Set on <html> by the inline first script when the stored decision still counts: the first paint's
 * CSS hides the server-rendered banner, which the server draws for everyone (it cannot see the choice).
 */
export const CONSENT_DECIDED_ATTRIBUTE = 'data-consent-decided';

/**
 * On the banner's buttons that decide at once (reject all, accept all): tapped before the app is awake, the
 * page's first script hides the banner there and then, and the app records the decision when it wakes.
 */
export const CONSENT_DECIDES_ATTRIBUTE = 'data-consent-decides';
