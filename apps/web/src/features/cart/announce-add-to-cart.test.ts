// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { type AddToCartDetail, announceAddToCart } from './announce-add-to-cart';

describe('announceAddToCart', () => {
  afterEach(() => {
    delete window.dataLayer;
  });

  it('dispatches an a2c event on window with the product, quantity and unit price', () => {
    const heard: AddToCartDetail[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent<AddToCartDetail>).detail);
    window.addEventListener('a2c', listener);
    announceAddToCart({ product: 12, quantity: 3, unitPrice: 1290 });
    window.removeEventListener('a2c', listener);
    expect(heard).toEqual([{ product: 12, quantity: 3, unitPrice: 1290 }]);
  });

  it('creates the dataLayer when the tag manager has not', () => {
    announceAddToCart({ product: 5, quantity: 1, unitPrice: 990 });
    expect(window.dataLayer).toEqual([{ event: 'a2c', product: 5, quantity: 1, unitPrice: 990 }]);
  });

  it('appends to the dataLayer the tag manager already made', () => {
    window.dataLayer = [{ event: 'gtm.js' }];
    announceAddToCart({ product: 5, quantity: 2, unitPrice: 990 });
    expect(window.dataLayer).toEqual([
      { event: 'gtm.js' },
      { event: 'a2c', product: 5, quantity: 2, unitPrice: 990 },
    ]);
  });
});
