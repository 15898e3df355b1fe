import type { TCart } from '@shop/api/schemas';

/**
 * What the cart says under the method its shipping estimate assumes, the one the checkout preselects:
 * a pickup point method asks for its point there, so the shopper learns it here and not by surprise.
 */
export function shippingEstimateNote(shipping: NonNullable<TCart['shipping']>): string {
  return shipping.pickupCarrier
    ? 'A csomagpontot vagy automatát a pénztárban választod ki; ott más szállítási módot is választhatsz.'
    : 'A pénztárban más szállítási módot is választhatsz.';
}
