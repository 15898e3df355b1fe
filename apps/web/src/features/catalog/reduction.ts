/**
 * The "-X %" a reduced price may carry: reckoned from the lowest price of the last 30 days (the
 * Hungarian price-display law's reference price), never from the list price, and rounded down so it
 * never claims more than was taken off. Null where that history supports no reduction.
 */
export function reductionPercent(price: number, lowestPrice30d: number | null): number | null {
  if (lowestPrice30d === null || lowestPrice30d <= price || lowestPrice30d <= 0) return null;
  const percent = Math.floor(((lowestPrice30d - price) * 100) / lowestPrice30d);
  return percent > 0 ? percent : null;
}
