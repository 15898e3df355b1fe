import { foldOptionTitle as fold } from '../../schemas/variant';

/** A product's options in their order, and the value titles each of its variants has, in that order. */
export type VariantOptions = { titles: readonly string[]; combinations: readonly (readonly string[])[] };

/**
 * Where a new variant given as "option: value" pairs ("Méret: M | Szín: kék") fits among a product's
 * variants: its value titles in the product's option order, or why it does not fit. A product without
 * options takes the pairs' options. Checked by the import's dry run against what it loaded and again
 * when the variant is written, against the product as it is then.
 */
export function placeNewVariant(
  product: VariantOptions,
  pairs: readonly (readonly [string, string])[],
): { options: string[]; values: string[] } | { problem: string } {
  const titles = product.titles.length > 0 ? [...product.titles] : pairs.map(([title]) => title);
  const given = new Map<string, string>();
  for (const [title, value] of pairs) {
    if (!value.trim()) return { problem: `A(z) „${title}” opció értéke üres a Változat oszlopban.` };
    if (given.has(fold(title)))
      return { problem: `A(z) „${title}” opció kétszer szerepel a Változat oszlopban.` };
    given.set(fold(title), value.trim());
  }
  const missing = titles.filter((title) => !given.has(fold(title)));
  if (missing.length > 0 || given.size !== titles.length) {
    return {
      problem: `A termék opciói: ${titles.join(', ')}; a Változat oszlopban mindegyikhez egy érték kell, más opció nem (például „${titles.map((title) => `${title}: …`).join(' | ')}”).`,
    };
  }
  const values = titles.map((title) => given.get(fold(title)) ?? '');
  const twin = product.combinations.some(
    (combination) =>
      combination.length === values.length &&
      combination.every((value, k) => fold(value) === fold(values[k] ?? '')),
  );
  if (twin) {
    return {
      problem: `A termék már árulja ezt a változatot (${titles.map((title, k) => `${title}: ${values[k]}`).join(', ')}) más cikkszámmal.`,
    };
  }
  return { options: titles, values };
}
