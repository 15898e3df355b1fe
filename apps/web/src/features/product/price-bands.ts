import type { TPriceBand } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui/format';
import type { PriceWriter } from '../catalog/price-text';

/** "1–9 db" or "10+ db" for one band of the tier table. */
export function bandLabel(band: TPriceBand, unit = 'db'): string {
  if (band.maxQuantity === null) return `${band.minQuantity}+ ${unit}`;
  if (band.maxQuantity === band.minQuantity) return `${band.minQuantity} ${unit}`;
  return `${band.minQuantity}–${band.maxQuantity} ${unit}`;
}

/**
 * The whole tier table on one line: "1–9 db: 1 290 Ft · 10+ db: 1 090 Ft". `price` writes the amounts:
 * `spokenPrice` gives the line a screen reader hears.
 */
export function formatPriceBands(bands: TPriceBand[], unit = 'db', price: PriceWriter = formatPrice): string {
  return bands.map((band) => `${bandLabel(band, unit)}: ${price(band.unitPrice)}`).join(' · ');
}

/** The band a quantity falls into (the first one when none does). */
export function bandFor(bands: TPriceBand[], quantity: number): TPriceBand | undefined {
  return (
    bands.find(
      (band) => quantity >= band.minQuantity && (band.maxQuantity === null || quantity <= band.maxQuantity),
    ) ?? bands[0]
  );
}
