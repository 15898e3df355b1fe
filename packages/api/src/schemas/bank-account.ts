/**
 * Hungarian bank account numbers ("pénzforgalmi jelzőszám"): 16 or 24 digits in groups of eight. The
 * first group and the rest each end in a check digit (MNB rule): the digits weighted 9, 7, 3, 1, …
 * add up to a multiple of 10, which catches most typos. One home for the shop's account (payment
 * settings) and the customer's (refunds).
 */

function giroGroupValid(digits: string): boolean {
  const weights = [9, 7, 3, 1];
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) sum += Number(digits[index]) * weights[index % 4]!;
  return sum % 10 === 0;
}

/** "11773016-11111018[-00000000]" from whatever separators were typed; null when the shape is wrong. */
export function normalizeBankAccount(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{16}(\d{8})?$/.test(digits)) return null;
  return digits.match(/\d{8}/g)!.join('-');
}

/** Both check digits of a normalized account number hold. */
export function bankAccountChecksumValid(normalized: string): boolean {
  const digits = normalized.replace(/-/g, '');
  return giroGroupValid(digits.slice(0, 8)) && giroGroupValid(digits.slice(8));
}

/** The written form of a valid account number; null when its shape or a check digit is wrong. */
export function normalizeHungarianAccountNumber(text: string): string | null {
  const normalized = normalizeBankAccount(text);
  return normalized && bankAccountChecksumValid(normalized) ? normalized : null;
}
