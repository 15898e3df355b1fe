import { describe, expect, it } from 'vitest';
import { formatUnitPrice, fromNetQuantity, toNetQuantity, unitPriceOf } from './unit-price';

const forint = (amount: number) => `${amount.toLocaleString('hu-HU')} Ft`;

describe('unit price', () => {
  it('divides the gross price by the net quantity, in whole forints per kg, l, m or m²', () => {
    expect(unitPriceOf(399, 0.25, 'kg')).toEqual({ amount: 1596, unit: 'kg' });
    expect(unitPriceOf(1290, 0.75, 'l')).toEqual({ amount: 1720, unit: 'l' });
    expect(unitPriceOf(4990, 2.5, 'm')).toEqual({ amount: 1996, unit: 'm' });
    expect(unitPriceOf(12_990, 1, 'm2')).toEqual({ amount: 12_990, unit: 'm2' });
  });

  it('rounds half a forint up and keeps a price per gram-sized pack exact', () => {
    // 1 000 / 0.3 = 3 333.33… → 3 333; 1 001 / 0.2 = 5 005; 999 / 0.15 = 6 660.
    expect(unitPriceOf(1000, 0.3, 'kg')?.amount).toBe(3333);
    expect(unitPriceOf(1001, 0.2, 'kg')?.amount).toBe(5005);
    expect(unitPriceOf(999, 0.15, 'kg')?.amount).toBe(6660);
    expect(unitPriceOf(5, 0.002, 'l')?.amount).toBe(2500);
  });

  it('has none for goods sold by the piece', () => {
    expect(unitPriceOf(3990, null, null)).toBeNull();
    expect(unitPriceOf(3990, 0.5, null)).toBeNull();
    expect(unitPriceOf(3990, 0, 'kg')).toBeNull();
  });

  it('is written "1 596 Ft/kg", with m² for square metres', () => {
    expect(formatUnitPrice({ amount: 1596, unit: 'kg' }, forint)).toBe(`${forint(1596)}/kg`);
    expect(formatUnitPrice({ amount: 2490, unit: 'm2' }, forint)).toBe(`${forint(2490)}/m²`);
  });

  it('takes g, ml and cm in the form and stores kg, l and m, and shows small packs back in g and ml', () => {
    expect(toNetQuantity(250, 'g')).toEqual({ netQuantity: 0.25, netQuantityUnit: 'kg' });
    expect(toNetQuantity(750, 'ml')).toEqual({ netQuantity: 0.75, netQuantityUnit: 'l' });
    expect(toNetQuantity(35, 'cm')).toEqual({ netQuantity: 0.35, netQuantityUnit: 'm' });
    expect(toNetQuantity(1.5, 'kg')).toEqual({ netQuantity: 1.5, netQuantityUnit: 'kg' });
    expect(toNetQuantity(2, 'm2')).toEqual({ netQuantity: 2, netQuantityUnit: 'm2' });
    expect(fromNetQuantity(0.25, 'kg')).toEqual({ value: 250, inputUnit: 'g' });
    expect(fromNetQuantity(0.05, 'l')).toEqual({ value: 50, inputUnit: 'ml' });
    expect(fromNetQuantity(1.5, 'l')).toEqual({ value: 1.5, inputUnit: 'l' });
    expect(fromNetQuantity(0.5, 'm2')).toEqual({ value: 0.5, inputUnit: 'm2' });
  });
});
