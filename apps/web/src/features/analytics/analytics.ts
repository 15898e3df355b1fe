import type { AddToCartDetail } from '../cart/announce-add-to-cart';
import { onConsentChange, readConsent, type StoredConsent } from '../consent/consent-state';
import type { AnalyticsEvent, AnalyticsItem } from './analytics-events';

/**
 * Google Analytics 4 (gtag.js, Consent Mode v2) and the Meta Pixel (fbevents.js), imported by
 * analytics-loader.ts only once the visitor allowed statistics or marketing cookies; it starts itself.
 *
 * 1. GA4 loads only with statistics consent, the Pixel only with marketing consent; each only when the
 *    admin switched it on (the page's meta tag names it).
 * 2. gtag first hears Consent Mode's defaults, everything denied, then an update with what the visitor
 *    granted: analytics_storage from statistics; ad_storage, ad_user_data, ad_personalization from marketing.
 * 3. Every later change of the choice is passed on (gtag consent update, fbq consent grant/revoke);
 *    a withdrawn consent also stops our own events at once and sets GA's `ga-disable-<id>` switch, so
 *    nothing more is sent to a service the visitor turned off.
 * 4. E-commerce events: view_item / ViewContent, add_to_cart / AddToCart (from the shop's `a2c` event),
 *    begin_checkout / InitiateCheckout, purchase / Purchase. A purchase is sent once per order and
 *    service: a localStorage key remembers it, so a reload of the thank-you page does not count it
 *    again. The Pixel's Purchase carries eventID `order-<number>`, the event id the server's Conversions
 *    API request uses for the same order, so Meta counts it once.
 */

type Command = (...args: unknown[]) => void;
type Fbq = Command & {
  callMethod?: Command;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    gtag?: Command;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const GTAG_ORIGIN = 'https://www.googletagmanager.com';
export const FBEVENTS_URL = 'https://connect.facebook.net/en_US/fbevents.js';
const CURRENCY = 'HUF';
const PURCHASE_SENT_PREFIX = 'analytics-purchase:';

type Services = { ga4: string | null; meta: string | null };

/** The meta tag's content: `ga4=G-…;meta=123…`. */
export function parseAnalyticsConfig(content: string): Services {
  const entries = new Map(content.split(';').map((part) => part.split('=', 2) as [string, string]));
  const ga4 = entries.get('ga4') ?? '';
  const meta = entries.get('meta') ?? '';
  return {
    ga4: /^G-[A-Z0-9]{4,16}$/.test(ga4) ? ga4 : null,
    meta: /^[0-9]{5,20}$/.test(meta) ? meta : null,
  };
}

const granted = (yes: boolean | undefined) => (yes ? 'granted' : 'denied');

/** Rule 2: Consent Mode v2's four signals from the banner's two categories. */
export function consentSignals(consent: Pick<StoredConsent, 'statistics' | 'marketing'> | null) {
  return {
    analytics_storage: granted(consent?.statistics),
    ad_storage: granted(consent?.marketing),
    ad_user_data: granted(consent?.marketing),
    ad_personalization: granted(consent?.marketing),
  };
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

let services: Services = { ga4: null, meta: null };
let gaStarted = false;
let metaStarted = false;

function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // gtag.js reads only Arguments objects from the dataLayer, never arrays.
  // biome-ignore lint/complexity/noArguments: gtag.js's documented queue format is the arguments object
  window.dataLayer.push(arguments);
}

function startGa(id: string, consent: StoredConsent): void {
  gaStarted = true;
  window.gtag = gtag;
  gtag('consent', 'default', { ...consentSignals(null), wait_for_update: 500 });
  gtag('consent', 'update', consentSignals(consent));
  gtag('js', new Date());
  gtag('config', id);
  addScript(`${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`);
}

function startMeta(id: string): void {
  metaStarted = true;
  // The Pixel's own queue, as its base code defines it: fbevents.js replays it when it arrives.
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod.apply(fbq, args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq = fbq;
  fbq('consent', 'grant');
  fbq('init', id);
  fbq('track', 'PageView');
  addScript(FBEVENTS_URL);
}

/** Rules 1 and 3: starts what the choice allows and tells the started services of every change. */
function follow(): void {
  const consent = readConsent();
  if (services.ga4) {
    if (gaStarted) gtag('consent', 'update', consentSignals(consent));
    else if (consent?.statistics) startGa(services.ga4, consent);
    (window as unknown as Record<string, boolean>)[`ga-disable-${services.ga4}`] = !consent?.statistics;
  }
  if (services.meta) {
    if (metaStarted) window.fbq?.('consent', consent?.marketing ? 'grant' : 'revoke');
    else if (consent?.marketing) startMeta(services.meta);
  }
}

const gaItem = ({ id, name, price, quantity }: AnalyticsItem) => ({
  item_id: String(id),
  item_name: name,
  price,
  quantity,
});

const metaContents = (items: AnalyticsItem[]) => ({
  content_type: 'product',
  content_ids: items.map((item) => String(item.id)),
  contents: items.map((item) => ({ id: String(item.id), quantity: item.quantity, item_price: item.price })),
  num_items: items.reduce((sum, item) => sum + item.quantity, 0),
});

/** Rule 4's once per order and service; true when this is the first time. */
function firstPurchaseReport(service: 'ga4' | 'meta', orderNumber: string): boolean {
  const key = `${PURCHASE_SENT_PREFIX}${service}:${orderNumber}`;
  try {
    if (window.localStorage.getItem(key)) return false;
    window.localStorage.setItem(key, '1');
  } catch {
    // Without storage a reload may report the order again; GA4 drops a repeated transaction_id anyway.
  }
  return true;
}

function send(event: AnalyticsEvent): void {
  const consent = readConsent();
  const toGa = gaStarted && consent?.statistics === true;
  const toMeta = metaStarted && consent?.marketing === true && window.fbq !== undefined;
  if (!toGa && !toMeta) return;
  switch (event.kind) {
    case 'view_item':
    case 'add_to_cart': {
      const { item } = event;
      const value = item.price * item.quantity;
      if (toGa) gtag('event', event.kind, { currency: CURRENCY, value, items: [gaItem(item)] });
      if (toMeta) {
        window.fbq?.('track', event.kind === 'view_item' ? 'ViewContent' : 'AddToCart', {
          ...metaContents([item]),
          content_name: item.name,
          value,
          currency: CURRENCY,
        });
      }
      return;
    }
    case 'begin_checkout': {
      if (toGa) {
        gtag('event', 'begin_checkout', {
          currency: CURRENCY,
          value: event.value,
          items: event.items.map(gaItem),
        });
      }
      if (toMeta) {
        window.fbq?.('track', 'InitiateCheckout', {
          ...metaContents(event.items),
          value: event.value,
          currency: CURRENCY,
        });
      }
      return;
    }
    case 'purchase': {
      if (toGa && firstPurchaseReport('ga4', event.orderNumber)) {
        gtag('event', 'purchase', {
          transaction_id: event.orderNumber,
          currency: CURRENCY,
          value: event.value,
          shipping: event.shipping,
          tax: event.tax,
          items: event.items.map(gaItem),
        });
      }
      if (toMeta && firstPurchaseReport('meta', event.orderNumber)) {
        window.fbq?.(
          'track',
          'Purchase',
          { ...metaContents(event.items), value: event.value, currency: CURRENCY },
          { eventID: `order-${event.orderNumber}` },
        );
      }
      return;
    }
  }
}

function onAddToCart(event: Event): void {
  const { product, quantity, unitPrice, name } = (event as CustomEvent<AddToCartDetail>).detail;
  send({ kind: 'add_to_cart', item: { id: product, name: name ?? '', price: unitPrice, quantity } });
}

/** Takes over the pages' queue (analytics-events.ts): what waited goes out now, later events at once. */
function takeQueue(): void {
  const waiting = Array.isArray(window.shopAnalytics) ? window.shopAnalytics : [];
  window.shopAnalytics = { push: send };
  for (const event of waiting) send(event);
}

/** Starts following the choice for the rest of the page's life; the page's meta tag names the services. */
export function startAnalytics(config: string): void {
  services = parseAnalyticsConfig(config);
  follow();
  onConsentChange(follow);
  window.addEventListener('a2c', onAddToCart);
  takeQueue();
}

// The loader imports this module only after consent, once per page (a module runs once).
startAnalytics(document.querySelector<HTMLMetaElement>('meta[name=shop-analytics]')?.content ?? '');
