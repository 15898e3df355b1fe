import { describe, expect, it } from 'vitest';
import { combinations, generateRows, newKey, type OptionDraft, variantsInput } from './variant-drafts';

const option = (title: string, values: string[]): OptionDraft => ({
  key: newKey(),
  title,
  values: values.map((value) => ({ title: value })),
});
const sizes = option('Méret', ['S', 'M', 'L', 'XL']);
const colours = option('Szín', ['kék', 'piros', 'fekete']);

describe('the combination generator', () => {
  it('makes 4 sizes × 3 colours into 12 rows in option order', () => {
    const rows = generateRows([sizes, colours], []);
    expect(rows).toHaveLength(12);
    expect(rows.slice(0, 4).map((row) => row.values.join(', '))).toEqual([
      'S, kék',
      'S, piros',
      'S, fekete',
      'M, kék',
    ]);
    expect(rows[0]).toMatchObject({ stock: '0', price: '', enabled: true, mediaId: null });
  });

  it('keeps a row already there with what was typed into it (accents and case aside) and drops impossible ones', () => {
    const [first] = generateRows([sizes, colours], []);
    const typed = { ...first!, values: ['s', 'KEK'], stock: '7', id: 41 };
    const gone = { ...typed, key: newKey(), id: 42, values: ['XXL', 'kék'] };
    const rows = generateRows([sizes, colours], [typed, gone]);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toBe(typed);
    expect(rows.some((row) => row.id === 42)).toBe(false);
  });

  it('makes nothing while an option has no values', () => {
    expect(combinations([sizes, option('Szín', [])])).toEqual([]);
  });

  it('sends an empty price as the product’s (null) and leaves an unknown swatch out', () => {
    const [row] = generateRows([sizes], []);
    const input = variantsInput(5, [sizes], [{ ...row!, kutiId: ' P-S ', price: '' }]);
    expect(input.options[0]?.values[0]).toEqual({ title: 'S' });
    expect(input.variants[0]).toMatchObject({ kutiId: 'P-S', grossPrice: null, stock: 0 });
  });
});
