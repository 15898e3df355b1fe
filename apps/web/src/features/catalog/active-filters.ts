import type { TFacet } from '@shop/api/schemas';
import { formatNumber, formatPrice, spokenPrice } from '@shop/ui';
import {
  type ListingSearch,
  parsePropertyFilters,
  removeFilterValue,
  type SearchUpdate,
} from './listing-search';

/**
 * One filter of the URL as a removable chip: its label ("Szín: kék"), the accessible name of the button
 * that removes it ("Szűrő törlése: Szín: kék"), and how to take it off the address.
 */
export type ActiveFilter = { key: string; label: string; name: string; remove: SearchUpdate };

/**
 * The price range as the chip shows it ("Ár: 2 000–5 000 Ft") and as a screen reader should say it
 * ("2000–5000 forint"): grouped digits are read as two numbers and "Ft" is spelled out by some readers.
 */
function priceRange(min: number | undefined, max: number | undefined): { seen: string; heard: string } {
  if (min !== undefined && max !== undefined)
    return { seen: `Ár: ${formatNumber(min)}–${formatPrice(max)}`, heard: `${min}–${spokenPrice(max)}` };
  if (min !== undefined) return { seen: `Ár: ${formatPrice(min)}-tól`, heard: `${spokenPrice(min)}tól` };
  return { seen: `Ár: ${formatPrice(max ?? 0)}-ig`, heard: `${spokenPrice(max ?? 0)}ig` };
}

/**
 * The removal button's name: the chip's visible text whole, so that a speech control user who says what
 * they see ("Ár 2 000–5 000 Ft") reaches it (WCAG 2.5.3, label in name). The price chip's name says the
 * range once more after it, as spokenPrice writes it: its visible text alone would be heard "2 000" as
 * two numbers and "Ft" spelled out, and it cannot be hidden from the name the way `Price` hides it from
 * a screen reader (aria-hidden text is no part of a name) without breaking label in name. Screen reader
 * users hear the amounts twice; the clear reading is in the name, not only in a description that some
 * readers skip.
 */
const removalName = (label: string, heard?: string): string =>
  `Szűrő törlése: ${label}${heard ? ` (${heard})` : ''}`;

/** "Legalább 4 csillag": the rating filter as its chip and the filter panel name it. */
export const minRatingLabel = (stars: number): string => `Legalább ${stars} csillag`;

/**
 * The filters in force, in the order of the filter panel: stock, price range, rating, then one chip per property
 * value. A value the facets no longer name (a property made unfilterable since the link was shared) has
 * no chip; "Összes szűrő törlése" still clears it. Removing a chip goes back to the first page.
 */
export function activeFilters(search: ListingSearch, facets: TFacet[]): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  const chip = (key: string, label: string, remove: SearchUpdate, heard?: string): ActiveFilter => ({
    key,
    label,
    name: removalName(label, heard),
    remove: (current) => ({ ...remove(current), page: undefined }),
  });
  if (search.stock)
    chips.push(chip('stock', 'Csak raktáron', (current) => ({ ...current, stock: undefined })));
  if (search.min !== undefined || search.max !== undefined) {
    const price = priceRange(search.min, search.max);
    chips.push(
      chip('price', price.seen, (current) => ({ ...current, min: undefined, max: undefined }), price.heard),
    );
  }
  if (search.rating !== undefined) {
    chips.push(
      chip('rating', minRatingLabel(search.rating), (current) => ({ ...current, rating: undefined })),
    );
  }
  const selected = parsePropertyFilters(search.f);
  for (const facet of facets) {
    const ids = selected[String(facet.id)] ?? [];
    for (const value of facet.values) {
      if (!ids.includes(value.id)) continue;
      chips.push(
        chip(
          `${facet.id}:${value.id}`,
          `${facet.title}: ${value.title}`,
          removeFilterValue(facet.id, value.id),
        ),
      );
    }
  }
  return chips;
}

/** Every filter off; the sort order stays. */
export const withoutFilters = (search: ListingSearch): ListingSearch => ({ sort: search.sort });
