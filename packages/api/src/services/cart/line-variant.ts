import { DomainError } from '../../errors';
import type { CatalogueIndex, IndexedProduct } from '../catalogue/in-memory-index';
import type { IndexedVariant } from '../catalogue/variants';

/**
 * What a cart line sells: a product sold as itself (no `variant`), or one enabled variant of a product
 * sold in variants. The cart, the guest cart's pricing and the order all read a line through this, so
 * a line is understood the same way wherever it goes.
 */
export type LineChoice =
  | { ok: true; variant: IndexedVariant | null }
  | { ok: false; problem: LineVariantProblem };

export type LineVariantProblem =
  /** The product is sold in variants and the line names none. */
  | 'choose'
  /** The line names a variant, but the product is sold as itself. */
  | 'no_variants'
  /** The variant is unknown, switched off, or another product's. */
  | 'gone';

export const CHOOSE_VARIANT = 'Ennél a terméknél válaszd ki a változatot (variant).';
export const NOT_SOLD_IN_VARIANTS = 'Ez a termék nem változatokban kapható: a változatot (variant) hagyd el.';
export const VARIANT_NOT_FOUND = 'A termék keresett változata nem található.';
/** On a priced line that stays in the cart. */
export const VARIANT_GONE_IN_CART = 'Ez a változat már nem kapható, kérjük, töröld a kosárból.';

export function lineChoice(
  index: CatalogueIndex,
  product: IndexedProduct,
  variantId: number | null | undefined,
): LineChoice {
  if (variantId === undefined || variantId === null) {
    return product.variants.length === 0 ? { ok: true, variant: null } : { ok: false, problem: 'choose' };
  }
  if (product.variants.length === 0) return { ok: false, problem: 'no_variants' };
  const variant = index.variantsById.get(variantId);
  if (!variant || variant.productId !== product.id || !variant.enabled) return { ok: false, problem: 'gone' };
  return { ok: true, variant };
}

/** The message a line with this problem shows in a priced cart. */
export function lineProblemMessage(problem: LineVariantProblem): string {
  return problem === 'choose'
    ? CHOOSE_VARIANT
    : problem === 'no_variants'
      ? NOT_SOLD_IN_VARIANTS
      : VARIANT_GONE_IN_CART;
}

/** The error a request naming such a line gets: 400 for a malformed line, 404 for a variant not sold. */
export function lineProblemError(problem: LineVariantProblem, path = 'variant'): DomainError {
  if (problem === 'gone') return new DomainError('not_found', VARIANT_NOT_FOUND);
  const message = problem === 'choose' ? CHOOSE_VARIANT : NOT_SOLD_IN_VARIANTS;
  return new DomainError('invalid_input', message, [{ path, message }]);
}

/** One key per sellable item, for lines that must be merged or looked up: product and variant. */
export function lineKey(line: { product: number; variant?: number | null | undefined }): string {
  return line.variant === undefined || line.variant === null
    ? `${line.product}`
    : `${line.product}:${line.variant}`;
}
