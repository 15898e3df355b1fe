/**
 * VAT contained in a gross amount: gross × rate / (100 + rate), rounded to the whole forint, per line
 * as invoicing software rounds it (§5.9 of the commerce reference). Shipping and payment fees carry
 * the general 27 % rate.
 */
export const GENERAL_VAT_RATE = 27;

export function vatContentOf(gross: number, ratePercent: number): number {
  if (ratePercent <= 0) return 0;
  return Math.round((gross * ratePercent) / (100 + ratePercent));
}
