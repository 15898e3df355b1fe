import type { AddToCartDetail } from '../cart/announce-add-to-cart';
import { hasMarketingConsent, onConsentChange, readConsent } from './consent-state';

/**
 * The Barion Pixel's consent and marketing events (Barion's "Full Pixel"). The server writes the base
 * code into the page's head only when the admin set a Pixel ID, with consent rejected; without it
 * `window.bp` does not exist and every function here does nothing. Marketing events are sent only
 * while the visitor's stored choice allows marketing.
 */

type BarionCommand = (...args: unknown[]) => void;

declare global {
  interface Window {
    /** Barion's command queue, defined by the base code in the head when a Pixel ID is set. */
    bp?: BarionCommand;
  }
}

const CURRENCY = 'HUF';
const UNIT = 'db';

export type PixelItem = { id: number; name: string; quantity: number; unitPrice: number };

/** The consent last told to Barion in this page load ('reject' is what the base code starts with). */
let toldBarion: 'grant' | 'reject' = 'reject';

function tellBarion(marketing: boolean): void {
  window.bp?.('consent', marketing ? 'grantConsent' : 'rejectConsent');
  toldBarion = marketing ? 'grant' : 'reject';
}

/** Tells Barion the visitor's current choice when it differs from what it was told; true when marketing events may be sent. */
function syncConsent(): boolean {
  const marketing = hasMarketingConsent();
  if (toldBarion !== (marketing ? 'grant' : 'reject')) tellBarion(marketing);
  return marketing;
}

function track(event: string, properties: Record<string, unknown>): void {
  const bp = window.bp;
  if (!bp || !syncConsent()) return;
  bp('track', event, properties);
}

const item = ({ id, name, quantity, unitPrice }: PixelItem) => ({
  contentType: 'Product',
  id: String(id),
  name,
  quantity,
  unit: UNIT,
  unitPrice,
  totalItemPrice: unitPrice * quantity,
});

/** A product page was viewed (bp.js refuses totalItemPrice on contentView). */
export function trackProductView(product: Omit<PixelItem, 'quantity'>): void {
  const { totalItemPrice: _total, ...viewed } = item({ ...product, quantity: 1 });
  track('contentView', { ...viewed, currency: CURRENCY });
}

/** The checkout page opened with these lines. */
export function trackCheckoutStart(items: PixelItem[], revenue: number): void {
  if (items.length === 0) return;
  track('initiateCheckout', { contents: items.map(item), currency: CURRENCY, revenue, step: 1 });
}

const PURCHASE_SENT_PREFIX = 'bp-purchase:';

/** An order went through; sent once per order and browser tab, however often its thank-you page is shown. */
export function trackPurchase(orderId: number, items: PixelItem[], revenue: number): void {
  if (!window.bp || !hasMarketingConsent()) return;
  const key = `${PURCHASE_SENT_PREFIX}${orderId}`;
  try {
    if (window.sessionStorage.getItem(key)) return;
    window.sessionStorage.setItem(key, '1');
  } catch {
    // Without sessionStorage a reload may report the order again; Barion dedupes by nothing, so rarely.
  }
  track('purchase', { contents: items.map(item), currency: CURRENCY, revenue, step: 1 });
}

function onAddToCart(event: Event): void {
  const { product, quantity, unitPrice, name } = (event as CustomEvent<AddToCartDetail>).detail;
  track('addToCart', { ...item({ id: product, name: name ?? '', quantity, unitPrice }), currency: CURRENCY });
}

let started = false;

/**
 * Follows the visitor's choice for the rest of the page's life: tells Barion at once what they decided
 * earlier, then each change, and reports cart adds (the spec's `a2c` event) as addToCart.
 */
export function startBarionPixel(): void {
  if (started || !window.bp) return;
  started = true;
  syncConsent();
  let lastDecision = readConsent()?.decidedAt;
  onConsentChange(() => {
    const consent = readConsent();
    // Every new decision is reported, a repeated rejection too (Barion asks for both events);
    // an expired choice falls back to rejected.
    if (consent && consent.decidedAt !== lastDecision) {
      lastDecision = consent.decidedAt;
      tellBarion(consent.marketing);
    } else syncConsent();
  });
  window.addEventListener('a2c', onAddToCart);
}
