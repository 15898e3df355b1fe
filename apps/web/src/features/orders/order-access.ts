/**
 * The private key of a guest's order (`accessKey` of the placement answer), kept for this tab so the
 * success, failure and payment result pages can open the order. The e-mailed link carries it too.
 */
const PREFIX = 'order-key:';

export function rememberOrderKey(orderId: number, key: string): void {
  try {
    window.sessionStorage.setItem(`${PREFIX}${orderId}`, key);
  } catch {
    // Storage off: the pages fall back to the session or to the e-mailed link.
  }
}

export function orderKeyFor(orderId: number): string | undefined {
  try {
    return window.sessionStorage.getItem(`${PREFIX}${orderId}`) ?? undefined;
  } catch {
    return undefined;
  }
}
