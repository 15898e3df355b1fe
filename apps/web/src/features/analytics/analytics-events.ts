/**
 * What the shop's pages report to analytics (GA4's e-commerce events, the Meta Pixel's standard events),
 * in the shop's own terms. Pages call `reportAnalytics` whatever the visitor decided; the events wait in
 * `window.shopAnalytics` (a few at most, like gtag's dataLayer) until analytics.ts, loaded only after
 * consent, takes the queue over and decides per service whether the current consent lets each one go
 * out. A window queue rather than a shared module keeps analytics.ts a single chunk with no dependency
 * to preload, so the entry's dynamic import of it stays as small as can be.
 */

export type AnalyticsItem = { id: number; name: string; price: number; quantity: number };

export type AnalyticsEvent =
  | { kind: 'view_item'; item: AnalyticsItem }
  | { kind: 'add_to_cart'; item: AnalyticsItem }
  | { kind: 'begin_checkout'; items: AnalyticsItem[]; value: number }
  | {
      kind: 'purchase';
      orderNumber: string;
      items: AnalyticsItem[];
      value: number;
      shipping: number;
      tax: number;
    };

/** An array while the events wait; analytics.ts replaces it with its sender. */
export type AnalyticsQueue = AnalyticsEvent[] | { push(event: AnalyticsEvent): unknown };

declare global {
  interface Window {
    shopAnalytics?: AnalyticsQueue;
  }
}

export const MAX_WAITING_EVENTS = 20;

export function reportAnalytics(event: AnalyticsEvent): void {
  window.shopAnalytics ??= [];
  const queue = window.shopAnalytics;
  // Bounded while nobody consents: an array only grows while it waits.
  if (!Array.isArray(queue) || queue.length < MAX_WAITING_EVENTS) queue.push(event);
}
