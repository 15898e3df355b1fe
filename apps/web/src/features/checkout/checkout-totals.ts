import {
  roundCash,
  type TPaymentProvider,
  type TVatClass,
  vatContentOf,
  vatPercentOf,
} from '@shop/api/schemas';

/**
 * What an order will cost, computed the way the server prices it (services/orders/place-order.ts),
 * so the summary before the order button shows the amount the customer is bound to pay:
 * 1. shipping is free when the gross item total reaches the method's `freeAbove`;
 * 2. total = items + shipping + payment fee, rounded to 0 or 5 Ft for cash on delivery (`roundCash`);
 * 3. VAT content = the items' VAT (the cart's `vatContent`, of what is paid after discounts) + the VAT
 *    of shipping, fee and rounding in the fees' class (27 %, or AAM with no VAT for an alanyi adómentes
 *    shop: `orderFeeVatClass` of the lines), each rounded to the forint on its own (`vatContentOf`,
 *    shared with the server), as the invoice's lines are.
 * The placement's answer is the truth afterwards.
 */

export type OrderTotals = {
  itemsTotal: number;
  shippingFee: number;
  paymentFee: number;
  /** Cash rounding, negative or positive; 0 unless cash on delivery. */
  rounding: number;
  total: number;
  vatContent: number;
};

export function orderTotals({
  itemsTotal,
  itemsVat,
  shippingFee,
  payment,
  feeVatClass,
}: {
  itemsTotal: number;
  itemsVat: number;
  shippingFee: number;
  payment: { fee: number; provider: TPaymentProvider } | null;
  feeVatClass: TVatClass;
}): OrderTotals {
  const paymentFee = payment?.fee ?? 0;
  const exact = itemsTotal + shippingFee + paymentFee;
  const total = payment?.provider === 'cash_on_delivery' ? roundCash(exact) : exact;
  const rounding = total - exact;
  return {
    itemsTotal,
    shippingFee,
    paymentFee,
    rounding,
    total,
    vatContent:
      itemsVat +
      [shippingFee, paymentFee, rounding].reduce(
        (sum, fee) => sum + vatContentOf(fee, vatPercentOf(feeVatClass)),
        0,
      ),
  };
}
