import { describe, expect, it } from 'vitest';
import { filtersInput, hasActiveFilters, parseListingSearch } from './listing-search';

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
