import { describe, expect, it } from 'vitest';
import { parseGuestCart } from './storage';

describe('parseGuestCart', () => {
  it('reads a variant beside the product, and lines without one as before', () => {
    const stored = JSON.stringify([
      { product: 4, quantity: 1 },
      { product: 7, variant: 31, quantity: 2 },
      { product: 7, variant: null, quantity: 3 },
    ]);
    expect(parseGuestCart(stored)).toEqual([
      { product: 4, quantity: 1 },
      { product: 7, variant: 31, quantity: 2 },
      { product: 7, quantity: 3 },
    ]);
  });

  it('drops a line whose variant is not a whole number rather than ordering the wrong item', () => {
    const stored = JSON.stringify([
      { product: 7, variant: 'kék', quantity: 1 },
      { product: 7, variant: 3.5, quantity: 1 },
      { product: 9, quantity: 1 },
    ]);
    expect(parseGuestCart(stored)).toEqual([{ product: 9, quantity: 1 }]);
  });
});
