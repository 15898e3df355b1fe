import type { TProduct, TProductVariantsInput } from '@shop/api/schemas';
import { foldOptionTitle } from '@shop/api/schemas/variant';
import { parseNumberInput } from '../../components/form/number-input';
import { type TierRow, tiersInput } from './product-tiers-section';
import { NO_SALE, type SaleDraft, saleDraftOf, saleInput } from './sale-draft';

/**
 * The variant editor's state as typed, and how it becomes the one PUT /api/product/{id}/variants. Kept
 * apart from the screen so the generator's rules (keep rows that exist, add the missing combinations)
 * are plain functions.
 */

/** A value of an option; `swatch` undefined: the stored one stays (not known to this screen). */
export type ValueDraft = { title: string; swatch?: string | null };
export type OptionDraft = { key: string; title: string; values: ValueDraft[] };

export type VariantRow = {
  key: string;
  /** A saved variant's id; new rows have none. */
  id?: number;
  /** One value title per option, in option order. */
  values: string[];
  kutiId: string;
  ean: string;
  stock: string;
  /** Empty: the product's price. */
  price: string;
  weight: string;
  mediaId: number | null;
  enabled: boolean;
  /** Its own quantity tiers (services/catalogue/variants.ts says when the product's apply instead). */
  tiers: TierRow[];
  /** Its own group prices as typed, by group id; empty: none of its own. */
  groupPrices: Record<number, string>;
  /** Its own scheduled sale; an empty price: none of its own (variants.ts says when the product's applies). */
  sale: SaleDraft;
};

let lastKey = 0;
export const newKey = () => `k${++lastKey}`;

/** The combination of a row, as compared: accents and case ignored. */
export const combinationKey = (values: readonly string[]) => values.map(foldOptionTitle).join('\u0001');

/**
 * The stored options and variants as drafts. `valueTitle` names every value id (the property list):
 * the product answer lists under an option only the values an enabled variant has, while a disabled
 * variant's values must stay editable too.
 */
export function draftsOf(
  product: TProduct,
  valueTitle: (valueId: number) => string | undefined,
): { options: OptionDraft[]; rows: VariantRow[] } {
  const options = product.options.map((option) => {
    const values: ValueDraft[] = option.values.map((value) => ({ title: value.title, swatch: value.swatch }));
    return { key: newKey(), title: option.title, values };
  });
  const rows = product.variants.map((variant) => {
    const titles = variant.valueIds.map((id) => valueTitle(id) ?? '');
    titles.forEach((title, k) => {
      const option = options[k];
      if (
        option &&
        title &&
        !option.values.some((value) => combinationKey([value.title]) === combinationKey([title]))
      )
        option.values.push({ title });
    });
    const stored = product.admin?.variants.find((entry) => entry.id === variant.id);
    return {
      key: newKey(),
      id: variant.id,
      values: titles,
      kutiId: variant.kutiId ?? '',
      ean: variant.ean ?? '',
      stock: String(variant.stock),
      price: stored?.grossPrice == null ? '' : String(stored.grossPrice),
      weight: variant.weightGrams == null ? '' : String(variant.weightGrams),
      mediaId: variant.imageId,
      enabled: variant.enabled,
      tiers: (stored?.tiers ?? []).map((tier) => ({
        minQuantity: String(tier.minQuantity),
        price: String(tier.price),
      })),
      groupPrices: Object.fromEntries(
        (stored?.groupPrices ?? []).map((price) => [price.groupId, String(price.price)]),
      ),
      sale: saleDraftOf(stored),
    };
  });
  return { options, rows };
}

/** Every combination of the options' values, in option order (4 sizes × 3 colours → 12). */
export function combinations(options: readonly OptionDraft[]): string[][] {
  const named = options.filter((option) => option.values.length > 0);
  if (named.length === 0 || named.length !== options.length) return [];
  return named.reduce<string[][]>(
    (partial, option) => partial.flatMap((head) => option.values.map((value) => [...head, value.title])),
    [[]],
  );
}

/**
 * "Változatok létrehozása": the rows for every combination, keeping an existing row (with what was
 * typed into it) where its combination is still possible, and a new empty row for each missing one.
 * Rows whose combination is no longer possible go.
 */
export function generateRows(options: readonly OptionDraft[], rows: readonly VariantRow[]): VariantRow[] {
  const existing = new Map(rows.map((row) => [combinationKey(row.values), row]));
  return combinations(options).map(
    (values) =>
      existing.get(combinationKey(values)) ?? {
        key: newKey(),
        values,
        kutiId: '',
        ean: '',
        stock: '0',
        price: '',
        weight: '',
        mediaId: null,
        enabled: true,
        tiers: [],
        groupPrices: {},
        sale: NO_SALE,
      },
  );
}

/** What the form sends; the schema (ZProductVariantsInput) judges it, with its Hungarian messages. */
export function variantsInput(
  product: number,
  options: readonly OptionDraft[],
  rows: readonly VariantRow[],
): TProductVariantsInput {
  return {
    product,
    options: options.map((option) => ({
      title: option.title,
      values: option.values.map((value) => ({
        title: value.title,
        ...(value.swatch !== undefined ? { swatch: value.swatch } : {}),
      })),
    })),
    variants: rows.map((row) => ({
      ...(row.id ? { id: row.id } : {}),
      values: row.values,
      kutiId: row.kutiId.trim() || null,
      ean: row.ean.trim() || null,
      stock: parseNumberInput(row.stock) ?? 0,
      grossPrice: parseNumberInput(row.price) ?? null,
      // Always sent, so an emptied price clears a stored sale.
      ...saleInput(row.sale),
      weightGrams: parseNumberInput(row.weight) ?? null,
      mediaId: row.mediaId,
      enabled: row.enabled,
      tiers: tiersInput(row.tiers),
      groupPrices: Object.entries(row.groupPrices)
        .filter(([, price]) => price.trim())
        .map(([groupId, price]) => ({
          groupId: Number(groupId),
          price: parseNumberInput(price) ?? Number.NaN,
        })),
    })),
  };
}
