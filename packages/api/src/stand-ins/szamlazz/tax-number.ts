/**
 * A Hungarian tax number, 12345678-1-12: an 8-digit base whose last digit checks the first seven
 * (weights 9, 7, 3, 1, 9, 7, 3; the check digit makes the sum divisible by 10), a VAT code 1–5, and a
 * 2-digit county code. The hyphens may be left out.
 */
export function isValidHungarianTaxNumber(text: string): boolean {
  const match = /^(\d{8})-?([1-5])-?(\d{2})$/.exec(text.trim());
  if (!match?.[1]) return false;
  const digits = [...match[1]].map(Number);
  const weights = [9, 7, 3, 1, 9, 7, 3];
  const sum = weights.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0);
  return (10 - (sum % 10)) % 10 === digits[7];
}
