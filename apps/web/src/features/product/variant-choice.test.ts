import type { TProduct, TProductVariant } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import {
  choose,
  chosenVariant,
  imageOfChoice,
  initialChoice,
  missingOptions,
  priceRange,
  valueState,
} from './variant-choice';

// Szín: kék 1, fehér 2; Méret: M 11, XL 12. "kék, XL" is sold out; "fehér, XL" is not made.
const KEK = 1;
const FEHER = 2;
const M = 11;
const XL = 12;

const variant = (id: number, valueIds: number[], stock: number, imageId: number): TProductVariant => ({
  id,
  kutiId: `KT-${id}`,
  ean: null,
  title: '',
  valueIds,
  price: valueIds.includes(XL) ? 6490 : 5990,
  originalPrice: null,
  lowestPrice30d: null,
  inStock: stock > 0,
  stock,
  weightGrams: null,
  imageId,
  enabled: true,
  priceBands: [{ minQuantity: 1, maxQuantity: null, unitPrice: valueIds.includes(XL) ? 6490 : 5990 }],
});

const shirt: Pick<TProduct, 'options' | 'variants'> = {
  options: [
    {
      propertyId: 100,
      title: 'Szín',
      values: [
        { id: KEK, title: 'kék', swatch: '#1f5fa8' },
        { id: FEHER, title: 'fehér', swatch: '#f4f4f2' },
      ],
    },
    {
      propertyId: 200,
      title: 'Méret',
      values: [
        { id: M, title: 'M', swatch: null },
        { id: XL, title: 'XL', swatch: null },
      ],
    },
  ],
  variants: [variant(51, [KEK, M], 5, 901), variant(52, [KEK, XL], 0, 901), variant(53, [FEHER, M], 2, 902)],
};

describe('the choice of a variant', () => {
  it('starts with nothing chosen, or with the variant the address names', () => {
    expect(initialChoice(shirt, undefined)).toEqual([null, null]);
    expect(initialChoice(shirt, 52)).toEqual([KEK, XL]);
    // An id of no variant of this product chooses nothing.
    expect(initialChoice(shirt, 999)).toEqual([null, null]);
  });

  it('starts on the only variant in stock', () => {
    const oneLeft = {
      ...shirt,
      variants: shirt.variants.map((v) => (v.id === 53 ? v : { ...v, inStock: false })),
    };
    expect(initialChoice(oneLeft, undefined)).toEqual([FEHER, M]);
  });

  it('names the variant only when every option is chosen', () => {
    expect(chosenVariant(shirt, [KEK, null])).toBeNull();
    expect(chosenVariant(shirt, [KEK, M])?.id).toBe(51);
    expect(missingOptions(shirt, [KEK, null]).map((option) => option.title)).toEqual(['Méret']);
  });

  it('crosses out a sold-out combination and disables one that is not made', () => {
    expect(valueState(shirt, [KEK, null], 1, XL)).toBe('soldOut');
    expect(valueState(shirt, [KEK, null], 1, M)).toBe('available');
    expect(valueState(shirt, [FEHER, null], 1, XL)).toBe('missing');
    // With no colour chosen, XL is sold out everywhere it is made.
    expect(valueState(shirt, [null, null], 1, XL)).toBe('soldOut');
  });

  it('keeps a value chosen again (a double tap), and a colour shows its picture before the size', () => {
    expect(choose(shirt, [KEK, M], 0, KEK)).toEqual([KEK, M]);
    expect(choose(shirt, [KEK, M], 0, FEHER)).toEqual([FEHER, M]);
    expect(imageOfChoice(shirt, [FEHER, null])).toBe(902);
    expect(imageOfChoice(shirt, [null, M])).toBeNull();
    expect(priceRange(shirt)).toEqual({ min: 5990, max: 6490 });
  });
});
