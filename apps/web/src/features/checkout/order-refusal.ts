import { serverIssues } from '../../components/form/use-zod-form';
import { isConflictError } from '../../lib/trpc';

/**
 * Where the checkout shows why the server refused an order:
 * - `coupon`: the coupon code was refused or ran out meanwhile: the summary shows why, and the order
 *   can go without it;
 * - `cart`: a conflict about the cart itself (a product gone or sold out meanwhile), fixed in the cart;
 * - `fields`: messages for the form's fields, fixed right here; among them a conflict about the chosen
 *   pickup point (it closed since it was picked), which the shopper fixes in the picker, not the cart;
 * - `other`: anything else, shown as it is.
 */
export function orderRefusalKind(error: unknown): 'coupon' | 'cart' | 'fields' | 'other' {
  const paths = Object.keys(serverIssues(error));
  if (paths.includes('couponCode')) return 'coupon';
  if (isConflictError(error) && !paths.some((path) => path.startsWith('pickupPoint'))) return 'cart';
  return paths.length > 0 ? 'fields' : 'other';
}
