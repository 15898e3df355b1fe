import { onConsentChange, readConsent } from '../consent/consent-state';

/**
 * The only analytics code on the shop's first load. The server names the services the admin switched
 * on in a meta tag (apps/server analytics-head.ts); without it, or before the visitor allowed statistics
 * or marketing cookies, nothing more loads, and no request goes to Google or Meta. The rest
 * (analytics.ts, which starts itself) is its own chunk, imported on consent.
 */
export function watchAnalyticsConsent(): () => void {
  const load = () => {
    const consent = readConsent();
    if ((consent?.statistics || consent?.marketing) && document.querySelector('meta[name=shop-analytics]')) {
      void import('./analytics');
    }
  };
  load();
  return onConsentChange(load);
}
