import { shippingFeeFor, type TShippingMethod } from '../../schemas';

export type ShippingEstimate = {
  method: TShippingMethod;
  /** The method's fee at the item total: 0 once the total reaches its free-shipping threshold. */
  fee: number;
  /** The lowest free-shipping threshold of the delivering methods, for "Még 3 510 Ft és ingyenes". */
  freeAbove: number | null;
};

/**
 * The shipping a shopper is shown before choosing one: the cheapest enabled method that brings the
 * parcel, to an address or to a pickup point (personal pickup at the shop brings nothing), at this
 * item total, the earlier in the shop's order on a tie. The product page asks it for one piece, the
 * cart for its subtotal, and the checkout preselects the method of the cart's estimate, so the fee a
 * shopper saw is the fee they meet at every step, and it is the rule's one home.
 */
export function shippingEstimate(
  methods: readonly TShippingMethod[],
  itemsTotal: number,
): ShippingEstimate | null {
  const delivering = methods.filter(
    (method) => method.enabled && (method.needsAddress || method.pickupCarrier !== null),
  );
  let cheapest: TShippingMethod | undefined;
  for (const method of delivering) {
    if (cheapest === undefined || shippingFeeFor(method, itemsTotal) < shippingFeeFor(cheapest, itemsTotal)) {
      cheapest = method;
    }
  }
  if (!cheapest) return null;
  const thresholds = delivering.flatMap((method) => (method.freeAbove === null ? [] : [method.freeAbove]));
  return {
    method: cheapest,
    fee: shippingFeeFor(cheapest, itemsTotal),
    freeAbove: thresholds.length > 0 ? Math.min(...thresholds) : null,
  };
}
