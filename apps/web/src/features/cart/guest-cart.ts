import type { GuestCartLine } from '../../lib/storage';

/**
 * MAX_LINE_QUANTITY of @shop/api/schemas, repeated because that module would bring zod into the shop's
 * first load; a test keeps the two equal.
 */
export const MAX_LINE_QUANTITY = 10_000;

/**
 * Spec §4 on the guest cart: quantity 0 removes the line; adding a product already in the cart sums the
 * quantities; `replace` sets the quantity instead (the cart page's field). Like the server cart, a line
 * stops at MAX_LINE_QUANTITY, and a new product goes to the end.
 */
export function addGuestLine(
  lines: readonly GuestCartLine[],
  product: number,
  quantity: number,
  replace = false,
): GuestCartLine[] {
  if (quantity === 0) return lines.filter((line) => line.product !== product);
  const existing = lines.find((line) => line.product === product);
  if (!existing) return [...lines, { product, quantity: Math.min(quantity, MAX_LINE_QUANTITY) }];
  const next = Math.min(replace ? quantity : existing.quantity + quantity, MAX_LINE_QUANTITY);
  return lines.map((line) => (line === existing ? { product, quantity: next } : line));
}
