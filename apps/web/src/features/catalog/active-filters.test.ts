import type { TFacet } from '@shop/api/schemas';
import { describe, expect, it } from 'vitest';
import { activeFilters, withoutFilters } from './active-filters';

const NBSP = '\u00a0';

const facets: TFacet[] = [
  {
    id: 1,
    code: 'szin',
    title: 'Szín',
    values: [
      { id: 3, title: 'kék', count: 15, selected: true },
      { id: 4, title: 'piros', count: 7, selected: false },
      { id: 5, title: 'zöld', count: 2, selected: true },
    ],
  },
  {
    id: 2,
    code: 'anyag',
    title: 'Anyag',
    values: [{ id: 17, title: 'porcelán', count: 9, selected: true }],
  },
];

describe('activeFilters', () => {
  it('names each filter in force and removes only that one, back on the first page', () => {
    const search = {
      f: '1:3,5;2:17',
      stock: true as const,
      min: 2000,
      max: 5000,
      sort: 'name' as const,
      page: 3,
    };
    const chips = activeFilters(search, facets);
    expect(chips.map((chip) => chip.label)).toEqual([
      'Csak raktáron',
      `Ár: 2${NBSP}000–5${NBSP}000${NBSP}Ft`,
      'Szín: kék',
      'Szín: zöld',
      'Anyag: porcelán',
    ]);
    expect(chips.map((chip) => chip.name)).toEqual([
      'Szűrő törlése: Csak raktáron',
      `Szűrő törlése: Ár: 2${NBSP}000–5${NBSP}000${NBSP}Ft (2000–5000 forint)`,
      'Szűrő törlése: Szín: kék',
      'Szűrő törlése: Szín: zöld',
      'Szűrő törlése: Anyag: porcelán',
    ]);
    const [stock, price, blue, green, porcelain] = chips;
    expect(stock?.remove(search)).toEqual({ ...search, stock: undefined, page: undefined });
    expect(price?.remove(search)).toEqual({ ...search, min: undefined, max: undefined, page: undefined });
    expect(blue?.remove(search)).toEqual({ ...search, f: '1:5;2:17', page: undefined });
    expect(green?.remove(search)).toEqual({ ...search, f: '1:3;2:17', page: undefined });
    expect(porcelain?.remove(search)).toEqual({ ...search, f: '1:3,5', page: undefined });
  });

  it('removes its filter from the address as it is by the tap, and only once', () => {
    // Drawn from a search a tap behind: the shopper has since removed "kék" and changed the sort.
    const [blue, green] = activeFilters({ f: '1:3,5;2:17' }, facets);
    const since = { f: '1:5;2:17', sort: 'newest' as const };
    expect(green?.remove(since)).toEqual({ f: '2:17', sort: 'newest', page: undefined });
    // "kék" tapped a second time before the chips were drawn again: nothing comes back.
    expect(blue?.remove(since)).toEqual({ ...since, page: undefined });
  });

  it('drops the property from the URL with its last value', () => {
    const [only] = activeFilters({ f: '2:17' }, facets);
    expect(only?.remove({ f: '2:17' }).f).toBeUndefined();
  });

  it('says an open price range from or up to its one end', () => {
    expect(activeFilters({ min: 1500 }, facets)[0]?.label).toBe(`Ár: 1${NBSP}500${NBSP}Ft-tól`);
    expect(activeFilters({ max: 990 }, facets)[0]?.label).toBe(`Ár: 990${NBSP}Ft-ig`);
    expect(activeFilters({ min: 0 }, facets)[0]?.label).toBe(`Ár: 0${NBSP}Ft-tól`);
  });

  it('names the price chip with what it shows, then as a screen reader should say it, in forints', () => {
    // The visible text whole first (label in name), then the amounts ungrouped and the currency as a word.
    expect(activeFilters({ min: 1500 }, facets)[0]?.name).toBe(
      `Szűrő törlése: Ár: 1${NBSP}500${NBSP}Ft-tól (1500 forinttól)`,
    );
    expect(activeFilters({ max: 12990 }, facets)[0]?.name).toBe(
      `Szűrő törlése: Ár: 12${NBSP}990${NBSP}Ft-ig (12990 forintig)`,
    );
    expect(activeFilters({ min: 0, max: 1000 }, facets)[0]?.name).toBe(
      `Szűrő törlése: Ár: 0–1${NBSP}000${NBSP}Ft (0–1000 forint)`,
    );
    for (const search of [{ min: 1500 }, { max: 990 }, { min: 2000, max: 5000 }]) {
      const [price] = activeFilters(search, facets);
      expect(price?.name).toContain(price?.label);
    }
  });

  it('names the least stars after the price, and its chip clears only the stars', () => {
    const search = { rating: 4, min: 1000, f: '2:17', sort: 'rating' as const, page: 2 };
    const chips = activeFilters(search, facets);
    expect(chips.map((chip) => chip.label)).toEqual([
      `Ár: 1${NBSP}000${NBSP}Ft-tól`,
      'Legalább 4 csillag',
      'Anyag: porcelán',
    ]);
    expect(chips[1]?.remove(search)).toEqual({ ...search, rating: undefined, page: undefined });
  });

  it('has no chip without filters, nor for a value the facets do not name', () => {
    expect(activeFilters({ sort: 'price-asc', page: 2 }, facets)).toEqual([]);
    expect(activeFilters({ f: '9:99' }, facets)).toEqual([]);
  });
});

describe('withoutFilters', () => {
  it('keeps the sort order and nothing else', () => {
    expect(withoutFilters({ f: '1:3', stock: true, min: 1, max: 2, page: 4, sort: 'newest' })).toEqual({
      sort: 'newest',
    });
  });
});
