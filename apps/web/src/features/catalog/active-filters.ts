import type { TFacet } from '@shop/api/schemas';
import { formatNumber, formatPrice } from '@shop/ui';
import { formatPropertyFilters, type ListingSearch, parsePropertyFilters } from './listing-search';

/** One filter of the URL as a removable chip: its label ("Szín: kék") and the list without it. */
export type ActiveFilter = { key: string; label: string; without: ListingSearch };

function priceLabel(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `Ár: ${formatNumber(min)}–${formatPrice(max)}`;
  if (min !== undefined) return `Ár: ${formatPrice(min)}-tól`;
  return `Ár: ${formatPrice(max ?? 0)}-ig`;
}

/** "Legalább 4 csillag": the rating filter as its chip and the filter panel name it. */
export const minRatingLabel = (stars: number): string => `Legalább ${stars} csillag`;

/**
 * The filters in force, in the order of the filter panel: stock, price range, rating, then one chip per property
 * value. A value the facets no longer name (a property made unfilterable since the link was shared) has
 * no chip; "Összes szűrő törlése" still clears it. Removing a chip goes back to the first page.
 */
export function activeFilters(search: ListingSearch, facets: TFacet[]): ActiveFilter[] {
  const base: ListingSearch = { ...search, page: undefined };
  const chips: ActiveFilter[] = [];
  if (search.stock)
    chips.push({ key: 'stock', label: 'Csak raktáron', without: { ...base, stock: undefined } });
  if (search.min !== undefined || search.max !== undefined) {
    chips.push({
      key: 'price',
      label: priceLabel(search.min, search.max),
      without: { ...base, min: undefined, max: undefined },
    });
  }
  if (search.rating !== undefined) {
    chips.push({
      key: 'rating',
      label: minRatingLabel(search.rating),
      without: { ...base, rating: undefined },
    });
  }
  const selected = parsePropertyFilters(search.f);
  for (const facet of facets) {
    const ids = selected[String(facet.id)] ?? [];
    for (const value of facet.values) {
      if (!ids.includes(value.id)) continue;
      const rest = { ...selected, [String(facet.id)]: ids.filter((id) => id !== value.id) };
      chips.push({
        key: `${facet.id}:${value.id}`,
        label: `${facet.title}: ${value.title}`,
        without: { ...base, f: formatPropertyFilters(rest) },
      });
    }
  }
  return chips;
}

/** Every filter off; the sort order stays. */
export const withoutFilters = (search: ListingSearch): ListingSearch => ({ sort: search.sort });
