import type { TProduct } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { salePriceMissing, saleSummary } from './sale-draft';
import {
  combinations,
  draftsOf,
  generateRows,
  newKey,
  type OptionDraft,
  variantsInput,
} from './variant-drafts';

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

describe('a variant’s own sale', () => {
  /** A product in S and M whose S has a sale of its own, stored in UTC, as the admin's answer gives it. */
  const product = {
    id: 5,
    options: [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }],
    variants: [
      {
        id: 11,
        valueIds: [1],
        kutiId: null,
        ean: null,
        stock: 3,
        weightGrams: null,
        imageId: null,
        enabled: true,
      },
      {
        id: 12,
        valueIds: [2],
        kutiId: null,
        ean: null,
        stock: 3,
        weightGrams: null,
        imageId: null,
        enabled: true,
      },
    ],
    admin: {
      variants: [
        {
          id: 11,
          grossPrice: null,
          salePrice: 3990,
          saleStartsAt: '2026-11-30T23:00:00.000Z',
          saleEndsAt: '2026-12-07T22:59:00.000Z',
          tiers: [],
          groupPrices: [],
        },
        {
          id: 12,
          grossPrice: null,
          salePrice: null,
          saleStartsAt: null,
          saleEndsAt: null,
          tiers: [],
          groupPrices: [],
        },
      ],
    },
  } as unknown as TProduct;
  const titles = new Map([
    [1, 'S'],
    [2, 'M'],
  ]);

  it('loads as Budapest wall-clock text and goes back unchanged', () => {
    const { options, rows } = draftsOf(product, (id) => titles.get(id));
    expect(rows[0]?.sale).toEqual({
      price: '3990',
      startsAt: '2026-12-01T00:00',
      endsAt: '2026-12-07T23:59',
    });
    expect(rows[1]?.sale).toEqual({ price: '', startsAt: '', endsAt: '' });
    const input = variantsInput(5, options, rows);
    expect(input.variants[0]).toMatchObject({
      salePrice: 3990,
      saleStartsAt: '2026-11-30T23:00:00.000Z',
      saleEndsAt: '2026-12-07T22:59:00.000Z',
    });
    expect(input.variants[1]).toMatchObject({ salePrice: null, saleStartsAt: null, saleEndsAt: null });
  });

  it('is sent as null when its price is emptied, so the save clears a stored one', () => {
    const { options, rows } = draftsOf(product, (id) => titles.get(id));
    const cleared = rows.map((row) => ({ ...row, sale: { ...row.sale, price: ' ' } }));
    expect(variantsInput(5, options, cleared).variants[0]).toMatchObject({ salePrice: null });
  });

  it('is none on a generated row', () => {
    const [row] = generateRows([sizes], []);
    expect(variantsInput(5, [sizes], [row!]).variants[0]).toMatchObject({
      salePrice: null,
      saleStartsAt: null,
      saleEndsAt: null,
    });
  });

  it('asks for a price when only its days are typed, which the save would drop unsaid', () => {
    expect(salePriceMissing({ price: ' ', startsAt: '', endsAt: '2026-12-07T23:59' })).toMatch(/akciós árat/);
    expect(salePriceMissing({ price: '3990', startsAt: '', endsAt: '2026-12-07T23:59' })).toBeNull();
    expect(salePriceMissing({ price: '', startsAt: '', endsAt: '' })).toBeNull();
  });

  it('reads in its row as price and days', () => {
    const now = new Date('2026-11-29T08:00:00Z');
    const sale = { price: '3990', startsAt: '2026-12-01T00:00', endsAt: '2026-12-07T23:59' };
    expect(saleSummary(sale, now)).toBe('Akció: 3\u00a0990\u00a0Ft, dec.\u00a01–7.');
    expect(saleSummary({ ...sale, startsAt: '2026-11-28T10:00' }, now)).toBe(
      'Akció: 3\u00a0990\u00a0Ft, nov.\u00a028. – dec.\u00a07.',
    );
    expect(saleSummary({ ...sale, startsAt: '' }, now)).toBe('Akció: 3\u00a0990\u00a0Ft, dec.\u00a07-ig');
    expect(saleSummary({ ...sale, endsAt: '2027-01-04T00:00' }, now)).toBe(
      'Akció: 3\u00a0990\u00a0Ft, 2026.\u00a0dec.\u00a01. – 2027.\u00a0jan.\u00a04.',
    );
    expect(saleSummary({ ...sale, startsAt: '2026-11-01T00:00', endsAt: '2026-11-07T00:00' }, now)).toBe(
      'Akció: 3\u00a0990\u00a0Ft, nov.\u00a01–7. (lejárt)',
    );
    expect(saleSummary({ ...sale, endsAt: '' }, now)).toBe(
      'Akció: 3\u00a0990\u00a0Ft, dec.\u00a01. – visszavonásig',
    );
    expect(saleSummary({ price: '3990', startsAt: '', endsAt: '' }, now)).toBe('Akció: 3\u00a0990\u00a0Ft');
    expect(saleSummary({ price: '', startsAt: '', endsAt: '' }, now)).toBeNull();
  });
});

describe('a variant’s own tiers and group prices', () => {
  it('load from the answer’s `price` and go back as `price` alone (API 2.0.0 refuses `grossPrice`)', () => {
    const product = {
      id: 5,
      options: [{ title: 'Méret', values: [{ title: 'S' }] }],
      variants: [
        {
          id: 11,
          valueIds: [1],
          kutiId: null,
          ean: null,
          stock: 3,
          weightGrams: null,
          imageId: null,
          enabled: true,
        },
      ],
      admin: {
        variants: [
          {
            id: 11,
            grossPrice: 4990,
            salePrice: null,
            saleStartsAt: null,
            saleEndsAt: null,
            tiers: [{ minQuantity: 10, price: 3990 }],
            groupPrices: [{ groupId: 7, groupName: 'Iskolák', price: 3790 }],
          },
        ],
      },
    } as unknown as TProduct;
    const { options, rows } = draftsOf(product, () => 'S');
    expect(rows[0]?.tiers).toEqual([{ minQuantity: '10', price: '3990' }]);
    expect(rows[0]?.groupPrices).toEqual({ 7: '3790' });
    const [variant] = variantsInput(5, options, rows).variants;
    expect(variant?.tiers).toEqual([{ minQuantity: 10, price: 3990 }]);
    expect(variant?.groupPrices).toEqual([{ groupId: 7, price: 3790 }]);
  });
});
