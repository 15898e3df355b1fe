import { shippingFeeFor, type TProductShipping, type TShippingMethod } from '../../schemas';

/**
 * What the product page says about delivery: the cheapest enabled method that brings the parcel to the
 * shopper, to an address or to a pickup point (personal pickup at the shop delivers nothing), priced for
 * one piece at the shopper's price, and the lowest free-shipping threshold of those methods. The methods
 * come from the checkout's in-memory copy (checkout/methods.ts), so this costs no query.
 */
export function productShipping(methods: readonly TShippingMethod[], price: number): TProductShipping | null {
  const delivering = methods.filter(
    (method) => method.enabled && (method.needsAddress || method.pickupCarrier !== null),
  );
  let cheapest: TShippingMethod | undefined;
  for (const method of delivering) {
    if (cheapest === undefined || shippingFeeFor(method, price) < shippingFeeFor(cheapest, price)) {
      cheapest = method;
    }
  }
  if (!cheapest) return null;
  const thresholds = delivering.flatMap((method) => (method.freeAbove === null ? [] : [method.freeAbove]));
  return {
    method: cheapest.name,
    fee: shippingFeeFor(cheapest, price),
    deliveryTime: cheapest.deliveryTime,
    freeAbove: thresholds.length > 0 ? Math.min(...thresholds) : null,
  };
}
