import type { TCart } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';
import type { PriceWriter } from '../catalog/price-text';

/**
 * "Még 3 510 Ft és ingyenes a szállítás", "Ingyenes a szállítás" once reached; null without a threshold.
 * `price` writes the amount: `spokenPrice` gives the sentence a screen reader hears.
 */
export function freeShippingHint(
  shipping: TCart['shipping'],
  price: PriceWriter = formatPrice,
): string | null {
  if (shipping?.remainingForFree == null) return null;
  return shipping.remainingForFree > 0
    ? `Még ${price(shipping.remainingForFree)} és ingyenes a szállítás`
    : 'Ingyenes a szállítás';
}
