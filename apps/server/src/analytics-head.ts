import { escapeHtml } from '@shop/api';
import type { TAnalyticsPageConfig } from '@shop/api/schemas/analytics';

/**
 * What a shop page tells the browser about Google Analytics 4 and the Meta Pixel: one meta tag naming
 * the ids switched on in the admin, and the hosts their scripts use opened in the CSP. Nothing here
 * loads anything: the web app reads the tag and loads a service's script only after the visitor's
 * matching consent (apps/web features/analytics). No inline script, so no CSP hash either.
 */

export const ANALYTICS_META_NAME = 'shop-analytics';

/** gtag.js and where GA4 sends its hits (Google's list for a CSP with GA4, without Google Ads). */
const GOOGLE_SOURCES: Record<string, string[]> = {
  'script-src': ['https://www.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
};

/** fbevents.js and the Pixel's beacons. */
const META_SOURCES: Record<string, string[]> = {
  'script-src': ['https://connect.facebook.net'],
  'img-src': ['https://www.facebook.com'],
  'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
};

export const hasAnalytics = (config: TAnalyticsPageConfig): boolean =>
  Boolean(config.ga4 || config.metaPixel);

/** The meta tag: `ga4=G-…;meta=123…`, only the services switched on (their ids are checked when saved). */
export function analyticsTag(config: TAnalyticsPageConfig): string {
  const parts = [config.ga4 ? `ga4=${config.ga4}` : '', config.metaPixel ? `meta=${config.metaPixel}` : ''];
  return `<meta name="${ANALYTICS_META_NAME}" content="${escapeHtml(parts.filter(Boolean).join(';'))}">`;
}

/** The page with the tag at the end of its head. */
export function withAnalyticsTag(html: string, config: TAnalyticsPageConfig): string {
  const end = html.search(/<\/head\s*>/i);
  return end < 0 ? html : `${html.slice(0, end)}  ${analyticsTag(config)}\n  ${html.slice(end)}`;
}

/** The shop's CSP opened for the services switched on, and only for them. */
export function cspWithAnalytics(csp: string, config: TAnalyticsPageConfig): string {
  const sources = [config.ga4 ? GOOGLE_SOURCES : null, config.metaPixel ? META_SOURCES : null].filter(
    (entry): entry is Record<string, string[]> => entry !== null,
  );
  return csp
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      const name = trimmed.split(/\s+/)[0] ?? '';
      const extra = sources.flatMap((source) => source[name] ?? []);
      return extra.length > 0 ? `${trimmed} ${extra.join(' ')}` : trimmed;
    })
    .join(';');
}
