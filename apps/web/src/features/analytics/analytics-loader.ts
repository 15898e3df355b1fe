import { onConsentChange, readConsent } from '../consent/consent-state';

/**
 * Starts GA4 and the Meta Pixel when the visitor's choice allows. It runs with the consent chunk
 * (features/consent/lazy-entry.ts), which loads when the banner shows or a stored choice allows
 * statistics or marketing, so the shop's first load holds only that check. The server names the
 * services the admin switched on in a meta tag (apps/server analytics-head.ts); without it, or before
 * the visitor allowed statistics or marketing cookies, nothing more loads, and no request goes to Google
 * or Meta. The rest (analytics.ts, which starts itself) is its own chunk, imported on consent.
 */
export function watchAnalyticsConsent(): () => void {
  // The server renders the banner's chunk too: there is no choice to follow there.
  if (typeof window === 'undefined') return () => undefined;
  const load = () => {
    const consent = readConsent();
    if ((consent?.statistics || consent?.marketing) && document.querySelector('meta[name=shop-analytics]')) {
      void import('./analytics');
    }
  };
  load();
  return onConsentChange(load);
}
