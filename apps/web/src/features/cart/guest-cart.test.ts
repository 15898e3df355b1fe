import { MAX_LINE_QUANTITY as FROM_API } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { addGuestLine, MAX_LINE_QUANTITY, ownLine } from './guest-cart';

describe('addGuestLine', () => {
  const cart = [
    { product: 7, quantity: 2 },
    { product: 9, quantity: 1 },
  ];

  it('appends a product that is not in the cart yet', () => {
    expect(addGuestLine(cart, { product: 11 }, 3)).toEqual([...cart, { product: 11, quantity: 3 }]);
  });

  it('sums the quantities of a product already in the cart, keeping its place', () => {
    expect(addGuestLine(cart, { product: 7 }, 3)).toEqual([
      { product: 7, quantity: 5 },
      { product: 9, quantity: 1 },
    ]);
  });

  it('removes the line when the quantity is 0', () => {
    expect(addGuestLine(cart, { product: 7 }, 0)).toEqual([{ product: 9, quantity: 1 }]);
    expect(addGuestLine(cart, { product: 7 }, 0, true)).toEqual([{ product: 9, quantity: 1 }]);
    expect(addGuestLine(cart, { product: 42 }, 0)).toEqual(cart);
  });

  it('sets the quantity exactly when replacing', () => {
    expect(addGuestLine(cart, { product: 7 }, 4, true)).toEqual([
      { product: 7, quantity: 4 },
      { product: 9, quantity: 1 },
    ]);
  });

  it('stops a line at the largest quantity the server keeps', () => {
    expect(addGuestLine(cart, { product: 7 }, MAX_LINE_QUANTITY)).toEqual([
      { product: 7, quantity: MAX_LINE_QUANTITY },
      { product: 9, quantity: 1 },
    ]);
    expect(MAX_LINE_QUANTITY).toBe(FROM_API);
  });

  it('keeps each variant of a product on a line of its own, next to the product sold as itself', () => {
    const withShirt = addGuestLine(cart, { product: 7, variant: 31 }, 1);
    expect(withShirt).toEqual([...cart, { product: 7, variant: 31, quantity: 1 }]);
    const twoSizes = addGuestLine(withShirt, { product: 7, variant: 32 }, 2);
    expect(twoSizes).toEqual([...withShirt, { product: 7, variant: 32, quantity: 2 }]);
    expect(addGuestLine(twoSizes, { product: 7, variant: 31 }, 2)).toEqual([
      ...cart,
      { product: 7, variant: 31, quantity: 3 },
      { product: 7, variant: 32, quantity: 2 },
    ]);
    expect(addGuestLine(twoSizes, { product: 7, variant: 32 }, 5, true).at(-1)).toEqual({
      product: 7,
      variant: 32,
      quantity: 5,
    });
    // Removing one size leaves the other and the plain line alone.
    expect(addGuestLine(twoSizes, { product: 7, variant: 31 }, 0)).toEqual([
      ...cart,
      { product: 7, variant: 32, quantity: 2 },
    ]);
    expect(addGuestLine(twoSizes, { product: 7 }, 0)).toEqual([
      { product: 9, quantity: 1 },
      { product: 7, variant: 31, quantity: 1 },
      { product: 7, variant: 32, quantity: 2 },
    ]);
  });

  it('leaves the given lines untouched', () => {
    const before = structuredClone(cart);
    addGuestLine(cart, { product: 7 }, 3);
    expect(cart).toEqual(before);
  });
});

describe('ownLine', () => {
  const gift = { product: 7, variant: null, quantity: 1, gift: true };
  const bought = { product: 7, variant: null, quantity: 3, gift: false };

  it('finds the line the shopper put in, never a gift of the same product', () => {
    // Where the answer lists the gift first, a change or an announcement is still about the bought line.
    expect(ownLine([gift, bought], { product: 7 })).toBe(bought);
    expect(ownLine([bought, gift], { product: 7 })).toBe(bought);
  });

  it('finds nothing when the product is in the cart only as a gift', () => {
    expect(ownLine([gift], { product: 7 })).toBeUndefined();
  });

  it('reads stored guest lines, which carry no gift flag', () => {
    expect(ownLine([{ product: 7, quantity: 2 }], { product: 7, variant: null })).toEqual({
      product: 7,
      quantity: 2,
    });
  });
});
