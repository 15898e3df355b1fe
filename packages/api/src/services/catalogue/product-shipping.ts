import type { TProductShipping, TShippingMethod } from '../../schemas';
import { shippingEstimate } from '../checkout/shipping-estimate';

/**
 * What the product page says about delivery: the shop's shipping estimate (checkout/shipping-estimate.ts,
 * the same rule as the cart's and the checkout's preselected method) for one piece at the shopper's
 * price. The methods come from the checkout's in-memory copy (checkout/methods.ts), so this costs no query.
 */
export function productShipping(methods: readonly TShippingMethod[], price: number): TProductShipping | null {
  const estimate = shippingEstimate(methods, price);
  if (!estimate) return null;
  return {
    method: estimate.method.name,
    fee: estimate.fee,
    deliveryTime: estimate.method.deliveryTime,
    freeAbove: estimate.freeAbove,
  };
}
