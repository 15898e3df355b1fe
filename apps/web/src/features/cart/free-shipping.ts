import type { TCart } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';

/** "Még 3 510 Ft és ingyenes a szállítás", "Ingyenes a szállítás" once reached; null without a threshold. */
export function freeShippingHint(shipping: TCart['shipping']): string | null {
  if (shipping?.remainingForFree == null) return null;
  return shipping.remainingForFree > 0
    ? `Még ${formatPrice(shipping.remainingForFree)} és ingyenes a szállítás`
    : 'Ingyenes a szállítás';
}
