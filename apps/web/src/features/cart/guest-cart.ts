import type { GuestCartLine } from '../../lib/storage';

/**
 * MAX_LINE_QUANTITY of @shop/api/schemas, repeated because that module would bring zod into the shop's
 * first load; a test keeps the two equal.
 */
export const MAX_LINE_QUANTITY = 10_000;

/** Which cart line a change is for: a product sold as itself, or one variant of a product. */
export type LineRef = { product: number; variant?: number | null | undefined };

/** Whether a line is the one named: the same product and the same variant (none counts as one). */
export function isLine(line: LineRef, ref: LineRef): boolean {
  return line.product === ref.product && (line.variant ?? null) === (ref.variant ?? null);
}

/**
 * The shopper's own line named by `ref` among priced lines. A gift promotion's free piece of the same
 * product is not it: the shop adds and takes that piece, and no change of the shopper's is about it.
 */
export function ownLine<T extends LineRef & { gift?: boolean }>(
  lines: readonly T[],
  ref: LineRef,
): T | undefined {
  return lines.find((line) => !line.gift && isLine(line, ref));
}

/** A stored line; `variant` only when there is one, so a simple product's line stays `{product, quantity}`. */
function lineOf({ product, variant }: LineRef, quantity: number): GuestCartLine {
  return variant == null ? { product, quantity } : { product, variant, quantity };
}

/**
 * The specification's rules of the guest cart: quantity 0 removes the line; adding a product already in the
 * cart sums the quantities; `replace` sets the quantity instead (the cart page's field). Like the server
 * cart, a line stops at MAX_LINE_QUANTITY, and a new product goes to the end. Each variant of a product is a
 * line of its own ("kék, M" beside "fehér, L").
 */
export function addGuestLine(
  lines: readonly GuestCartLine[],
  ref: LineRef,
  quantity: number,
  replace = false,
): GuestCartLine[] {
  if (quantity === 0) return lines.filter((line) => !isLine(line, ref));
  const existing = lines.find((line) => isLine(line, ref));
  if (!existing) return [...lines, lineOf(ref, Math.min(quantity, MAX_LINE_QUANTITY))];
  const next = Math.min(replace ? quantity : existing.quantity + quantity, MAX_LINE_QUANTITY);
  return lines.map((line) => (line === existing ? lineOf(ref, next) : line));
}
