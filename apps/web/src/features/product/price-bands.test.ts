import { spokenPrice } from '@shop/ui/format';
import { describe, expect, it } from 'vitest';
import { bandFor, bandLabel, formatPriceBands } from './price-bands';

const bands = [
  { minQuantity: 1, maxQuantity: 9, unitPrice: 1290 },
  { minQuantity: 10, maxQuantity: 49, unitPrice: 1190 },
  { minQuantity: 50, maxQuantity: null, unitPrice: 1090 },
];

describe('price bands', () => {
  it('reads as the issue writes the tier table', () => {
    expect(formatPriceBands([bands[0]!, { minQuantity: 10, maxQuantity: null, unitPrice: 1090 }])).toBe(
      '1–9 db: 1\u00a0290\u00a0Ft · 10+ db: 1\u00a0090\u00a0Ft',
    );
  });

  it('says the tier table in forints for a screen reader', () => {
    expect(formatPriceBands(bands, 'kg', spokenPrice)).toBe(
      '1–9 kg: 1290 forint · 10–49 kg: 1190 forint · 50+ kg: 1090 forint',
    );
  });

  it('names a one-piece band without a range', () => {
    expect(bandLabel({ minQuantity: 1, maxQuantity: 1, unitPrice: 100 })).toBe('1 db');
  });

  it('finds the band of a quantity, the open-ended one included', () => {
    expect(bandFor(bands, 1)?.unitPrice).toBe(1290);
    expect(bandFor(bands, 9)?.unitPrice).toBe(1290);
    expect(bandFor(bands, 10)?.unitPrice).toBe(1190);
    expect(bandFor(bands, 5000)?.unitPrice).toBe(1090);
  });
});
