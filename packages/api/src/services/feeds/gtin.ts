/**
 * GTIN check for product feeds. Google Merchant Center and Árukereső both reject a barcode whose last
 * digit does not match the GS1 check digit, so the shop refuses such a number when it is entered
 * rather than letting the feed be disapproved later.
 */

/** GS1 lengths: EAN-8, UPC-A (12), EAN-13 and GTIN-14. */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

export const GTIN_MESSAGE = 'A vonalkód (GTIN) 8, 12, 13 vagy 14 számjegyű, helyes ellenőrző számjeggyel.';

/** True when `code` is a GTIN-8/12/13/14 whose check digit is right. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() ?? 0;
  // GS1 weighs digits 3,1,3,1… counting from the right of the body (the digit next to the check digit has weight 3).
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
