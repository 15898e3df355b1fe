import type { TProduct, TProductVariant } from '@shop/api/schemas';

/**
 * The shopper's choice on the page of a product sold in variants: one value id (or null, not chosen
 * yet) per option, in option order. Pure functions, so the picker, the price, the picture and the URL
 * all read the same answer, on the server as in the browser.
 */
export type Choice = readonly (number | null)[];

type Sold = Pick<TProduct, 'options' | 'variants'>;

const sellable = (product: Sold) => product.variants.filter((variant) => variant.enabled);

/** The variants the choice so far still allows (an option not chosen allows every value). */
function matching(product: Sold, choice: Choice): TProductVariant[] {
  return sellable(product).filter((variant) =>
    choice.every((valueId, index) => valueId === null || variant.valueIds[index] === valueId),
  );
}

/**
 * Where the page starts: the variant the URL names, or the only one in stock; otherwise nothing, so the
 * shopper is never sold a size they did not pick.
 */
export function initialChoice(product: Sold, variantId: number | undefined): Choice {
  const none = product.options.map(() => null);
  const named = sellable(product).find((variant) => variant.id === variantId);
  if (named) return named.valueIds;
  const inStock = sellable(product).filter((variant) => variant.inStock);
  return inStock.length === 1 && inStock[0] ? inStock[0].valueIds : none;
}

/** The variant when every option is chosen and the combination is sold; otherwise null. */
export function chosenVariant(product: Sold, choice: Choice): TProductVariant | null {
  if (choice.length === 0 || choice.some((valueId) => valueId === null)) return null;
  return matching(product, choice)[0] ?? null;
}

/**
 * How a value shows beside what else is chosen: `missing` when no sold variant has it with the other
 * choices (disabled), `soldOut` when every such variant is out of stock (crossed out, still choosable so
 * the shopper can ask to be told), `available` otherwise.
 */
export function valueState(
  product: Sold,
  choice: Choice,
  optionIndex: number,
  valueId: number,
): 'available' | 'soldOut' | 'missing' {
  const next = choice.map((chosen, index) => (index === optionIndex ? valueId : chosen));
  const candidates = matching(product, next);
  if (candidates.length === 0) return 'missing';
  return candidates.some((variant) => variant.inStock) ? 'available' : 'soldOut';
}

/**
 * Chooses a value; a choice no variant has clears the others. Choosing the chosen value again keeps it:
 * a double tap must not take back what one tap chose.
 */
export function choose(product: Sold, choice: Choice, optionIndex: number, valueId: number): Choice {
  const next = choice.map((chosen, index) => (index === optionIndex ? valueId : chosen));
  if (matching(product, next).length > 0) return next;
  return next.map((chosen, index) => (index === optionIndex ? chosen : null));
}

/** The options still to choose, in order. */
export function missingOptions(product: Sold, choice: Choice): TProduct['options'] {
  return product.options.filter((_, index) => (choice[index] ?? null) === null);
}

/**
 * The picture the choice points to: the chosen variant's, or, with only a colour chosen, the one picture
 * all the variants still allowed share. Null: the gallery stays as it is.
 */
export function imageOfChoice(product: Sold, choice: Choice): number | null {
  if (choice.every((valueId) => valueId === null)) return null;
  const images = new Set(matching(product, choice).map((variant) => variant.imageId));
  const [only] = images;
  return images.size === 1 && only !== undefined ? only : null;
}

/** The lowest and highest price of the sold variants, for the price before a choice. */
export function priceRange(product: Sold): { min: number; max: number } | null {
  const prices = sellable(product).map((variant) => variant.price);
  if (prices.length === 0) return null;
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
