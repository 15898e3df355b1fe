/**
 * Search and path values of the /order screens. Hand-written instead of zod: route files are in the
 * bundle every shopper downloads. The patterns are the API's (`ZAccessKey`, `ZBarionStatusInput`);
 * order-search.test.ts holds them to the schemas.
 */
const ACCESS_KEY = /^[A-Za-z0-9_-]{20,100}$/;
const PAYMENT_ID = /^[0-9a-fA-F]{32}$/;

/** A positive whole order id from a path segment or a search value ("12" or 12), else undefined. */
export function parseOrderId(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** `/order/success?order=12`, `/order/failure?order=12`. */
export type OrderRefSearch = { order?: number };
export function parseOrderRefSearch(search: Record<string, unknown>): OrderRefSearch {
  const order = parseOrderId(search.order);
  return order ? { order } : {};
}

/** `/order/12?key=…`: the private link of the confirmation e-mail. */
export type OrderPageSearch = { key?: string };
export function parseOrderPageSearch(search: Record<string, unknown>): OrderPageSearch {
  const key = typeof search.key === 'string' ? search.key.trim() : '';
  return ACCESS_KEY.test(key) ? { key } : {};
}

/** `/order/barion/result?paymentId=…`: where Barion sends the payer back. */
export type BarionResultSearch = { paymentId?: string };
export function parseBarionResultSearch(search: Record<string, unknown>): BarionResultSearch {
  const paymentId = typeof search.paymentId === 'string' ? search.paymentId.trim() : '';
  return PAYMENT_ID.test(paymentId) ? { paymentId: paymentId.toLowerCase() } : {};
}
