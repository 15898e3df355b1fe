/**
 * Barion's sandbox test cards, as Barion documents them: the number alone decides the bank's answer; expiry
 * and CVC are not asked for. Any number not listed here is declined.
 */

export type ProcessResult = 'Successful' | 'ProblemWithCard' | 'LowFunds' | 'LostOrStolenCard' | 'Declined';

export const TEST_CARDS: readonly { number: string; result: ProcessResult }[] = [
  { number: '4444888888885559', result: 'Successful' },
  { number: '4444888888884446', result: 'ProblemWithCard' },
  { number: '4444888888889999', result: 'LowFunds' },
  { number: '4444888888881111', result: 'LostOrStolenCard' },
];

/** Digits only: payers type card numbers in groups of four, with spaces or dashes. */
export function normalizeCardNumber(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

export function processResultOf(cardNumber: string): ProcessResult {
  const digits = normalizeCardNumber(cardNumber);
  return TEST_CARDS.find((card) => card.number === digits)?.result ?? 'Declined';
}

/** `444488******5559`: what a card processor may show of a number. */
export function maskCardNumber(cardNumber: string): string {
  const digits = normalizeCardNumber(cardNumber);
  if (digits.length < 10) return '*'.repeat(digits.length);
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/** Every test card is a Visa (it starts with 4); other brands are not told apart. */
export function cardTypeOf(cardNumber: string): 'Visa' | 'Unknown' {
  return normalizeCardNumber(cardNumber).startsWith('4') ? 'Visa' : 'Unknown';
}

/** "4444 8888 8888 5559", as the gateway page lists the cards. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
