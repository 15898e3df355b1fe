import type { TProductFiltersInput, TProductSort } from '@shop/api/schemas';

/**
 * URL state of a product list (category, /product, /search, /featured): filters, sort and page, so a
 * reload, the back button or a shared link shows the same list. `f` holds the property filters as
 * `propertyId:valueId,valueId;propertyId:valueId`; `rating` the least stars (1–5) a product's rating must reach.
 */
export type ListingSearch = {
  sort?: TProductSort;
  page?: number;
  min?: number;
  max?: number;
  stock?: true;
  rating?: number;
  f?: string;
};

export const LISTING_PAGE_SIZE = 24;

export const SORT_OPTIONS: { value: TProductSort; label: string }[] = [
  { value: 'relevance', label: 'Relevancia' },
  { value: 'price-asc', label: 'Ár szerint növekvő' },
  { value: 'price-desc', label: 'Ár szerint csökkenő' },
  { value: 'newest', label: 'Legújabb' },
  { value: 'popularity', label: 'Népszerű' },
  { value: 'name', label: 'Név' },
  { value: 'rating', label: 'Legjobbra értékelt' },
];

const wholeNumber = (value: unknown, min: number, max: number): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
    ? number
    : undefined;
};

export type PropertyFilters = Record<string, number[]>;

/** "1:3,5;2:17" → { "1": [3, 5], "2": [17] }; anything malformed is left out. */
export function parsePropertyFilters(value: string | undefined): PropertyFilters {
  const filters: PropertyFilters = {};
  for (const part of (value ?? '').split(';')) {
    const [property, values] = part.split(':');
    if (!property || !values || !/^\d{1,9}$/.test(property)) continue;
    const ids = [
      ...new Set(
        values
          .split(',')
          .filter((id) => /^\d{1,9}$/.test(id))
          .map(Number),
      ),
    ].filter((id) => id > 0);
    if (ids.length > 0) filters[String(Number(property))] = ids.sort((a, b) => a - b);
  }
  return filters;
}

/** The inverse of parsePropertyFilters, in a stable order so equal filters give equal URLs. */
export function formatPropertyFilters(filters: PropertyFilters): string | undefined {
  const parts = Object.entries(filters)
    .filter(([, ids]) => ids.length > 0)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([property, ids]) => `${property}:${[...ids].sort((a, b) => a - b).join(',')}`);
  return parts.length > 0 ? parts.join(';') : undefined;
}

/** Hand-written instead of zod: route files are in the bundle every shopper downloads. */
export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  const sort = SORT_OPTIONS.find((option) => option.value === search.sort)?.value;
  const page = wholeNumber(search.page, 2, 10_000);
  const min = wholeNumber(search.min, 0, 100_000_000);
  const max = wholeNumber(search.max, 0, 100_000_000);
  const rating = wholeNumber(search.rating, 1, 5);
  const f = formatPropertyFilters(parsePropertyFilters(typeof search.f === 'string' ? search.f : undefined));
  const result: ListingSearch = {};
  if (sort && sort !== 'relevance') result.sort = sort;
  if (page) result.page = page;
  if (min !== undefined) result.min = min;
  if (max !== undefined) result.max = max;
  if (search.stock === true || search.stock === 'true' || search.stock === 1) result.stock = true;
  if (rating !== undefined) result.rating = rating;
  if (f) result.f = f;
  return result;
}

/**
 * A change to the listing's address, applied to the address as it is when the change is made: a
 * control is drawn from a search that can be a tap behind (the listing follows the address as a
 * deferred value), and two ticks in a row must both count.
 */
export type SearchUpdate = (current: ListingSearch) => ListingSearch;

/**
 * One property value on or off, as `on` decides from whether the address has it; any filter change
 * goes back to the first page.
 */
const setFilterValue =
  (propertyId: number, valueId: number, on: (selected: boolean) => boolean): SearchUpdate =>
  (search) => {
    const filters = parsePropertyFilters(search.f);
    const ids = filters[String(propertyId)] ?? [];
    const others = ids.filter((id) => id !== valueId);
    filters[String(propertyId)] = on(ids.includes(valueId)) ? [...others, valueId] : others;
    return { ...search, f: formatPropertyFilters(filters), page: undefined };
  };

/** Adds the value if the address lacks it, removes it if it has it. */
export const toggleFilterValue = (propertyId: number, valueId: number): SearchUpdate =>
  setFilterValue(propertyId, valueId, (selected) => !selected);

/** Removes the value; one already gone (a chip tapped twice) leaves the filters as they are. */
export const removeFilterValue = (propertyId: number, valueId: number): SearchUpdate =>
  setFilterValue(propertyId, valueId, () => false);

export type ListingScope = { category?: number | string; query?: string; featured?: boolean };

/** The API input for a list: the scope (category, text or featured) and the URL's filters. */
export function filtersInput(scope: ListingScope, search: ListingSearch): TProductFiltersInput {
  const properties = parsePropertyFilters(search.f);
  return {
    ...scope,
    properties: Object.keys(properties).length > 0 ? properties : undefined,
    priceMin: search.min,
    priceMax: search.max,
    inStock: search.stock,
    minRating: search.rating,
    sort: search.sort ?? 'relevance',
    page: search.page ?? 1,
    pageSize: LISTING_PAGE_SIZE,
  };
}

export const hasActiveFilters = (search: ListingSearch): boolean =>
  Boolean(
    search.f ||
      search.min !== undefined ||
      search.max !== undefined ||
      search.stock ||
      search.rating !== undefined,
  );
