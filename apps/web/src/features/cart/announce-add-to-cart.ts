/** What the shop reports after a cart add: the specification asks for an event named `a2c`. */
export type AddToCartDetail = {
  product: number;
  /** The variant, for a product sold in variants. */
  variant?: number;
  quantity: number;
  unitPrice: number;
  /** The product's name, for listeners that report it (the Barion Pixel's addToCart). */
  name?: string;
};

declare global {
  interface Window {
    /** The tag manager's queue; whoever loads first creates it. */
    dataLayer?: unknown[];
  }
}

/**
 * Tells the page's listeners (a `CustomEvent('a2c')` on `window`) and the tag manager (`window.dataLayer`)
 * that products went into the cart: how many of which, at what gross unit price.
 */
export function announceAddToCart(detail: AddToCartDetail): void {
  window.dispatchEvent(new CustomEvent<AddToCartDetail>('a2c', { detail }));
  window.dataLayer ??= [];
  window.dataLayer.push({ event: 'a2c', ...detail });
}
