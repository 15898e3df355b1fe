import { describe, expect, it } from 'vitest';
import {
  filtersInput,
  hasActiveFilters,
  type ListingSearch,
  parseListingSearch,
  toggleFilterValue,
} from './listing-search';

describe('the listing URL and rating', () => {
  it('keeps "Legjobbra értékelt" and a least-stars of 1–5, and drops anything else', () => {
    expect(parseListingSearch({ sort: 'rating', rating: '4' })).toEqual({ sort: 'rating', rating: 4 });
    expect(parseListingSearch({ rating: 5 })).toEqual({ rating: 5 });
    for (const rating of ['0', '6', '3.5', 'négy', '']) expect(parseListingSearch({ rating })).toEqual({});
  });

  it('sends the least stars to the API as minRating, and counts it as a filter', () => {
    expect(filtersInput({ category: 3 }, { rating: 3, sort: 'rating' })).toMatchObject({
      category: 3,
      minRating: 3,
      sort: 'rating',
    });
    expect(hasActiveFilters({ rating: 1 })).toBe(true);
    expect(hasActiveFilters({ sort: 'rating' })).toBe(false);
  });
});

describe('a filter tick', () => {
  it('toggles its value on the address as it is by the tap, so two quick ticks both count', () => {
    // Both checkboxes were drawn from the same search; the second tick comes before the listing is drawn again.
    const drawnFrom: ListingSearch = { sort: 'name', page: 2 };
    const ticked = toggleFilterValue(1, 5)(toggleFilterValue(1, 3)(drawnFrom));
    expect(ticked).toEqual({ sort: 'name', f: '1:3,5', page: undefined });
    // The same box ticked and unticked as quickly leaves the address as it was, on the first page.
    expect(toggleFilterValue(1, 3)(toggleFilterValue(1, 3)({ f: '2:17' }))).toEqual({
      f: '2:17',
      page: undefined,
    });
  });
});
