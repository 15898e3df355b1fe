import { MAX_LINE_QUANTITY as FROM_API } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { addGuestLine, MAX_LINE_QUANTITY } from './guest-cart';

describe('addGuestLine', () => {
  const cart = [
    { product: 7, quantity: 2 },
    { product: 9, quantity: 1 },
  ];

  it('appends a product that is not in the cart yet', () => {
    expect(addGuestLine(cart, 11, 3)).toEqual([...cart, { product: 11, quantity: 3 }]);
  });

  it('sums the quantities of a product already in the cart, keeping its place', () => {
    expect(addGuestLine(cart, 7, 3)).toEqual([
      { product: 7, quantity: 5 },
      { product: 9, quantity: 1 },
    ]);
  });

  it('removes the line when the quantity is 0', () => {
    expect(addGuestLine(cart, 7, 0)).toEqual([{ product: 9, quantity: 1 }]);
    expect(addGuestLine(cart, 7, 0, true)).toEqual([{ product: 9, quantity: 1 }]);
    expect(addGuestLine(cart, 42, 0)).toEqual(cart);
  });

  it('sets the quantity exactly when replacing', () => {
    expect(addGuestLine(cart, 7, 4, true)).toEqual([
      { product: 7, quantity: 4 },
      { product: 9, quantity: 1 },
    ]);
  });

  it('stops a line at the largest quantity the server keeps', () => {
    expect(addGuestLine(cart, 7, MAX_LINE_QUANTITY)).toEqual([
      { product: 7, quantity: MAX_LINE_QUANTITY },
      { product: 9, quantity: 1 },
    ]);
    expect(MAX_LINE_QUANTITY).toBe(FROM_API);
  });

  it('leaves the given lines untouched', () => {
    const before = structuredClone(cart);
    addGuestLine(cart, 7, 3);
    expect(cart).toEqual(before);
  });
});
