import type { PrismaClient } from '@shop/db';
import type { TPriceBand, TProductOption, TProductVariant } from '../../schemas';
import { isColourOption } from '../../schemas/variant';
import { foldText } from './in-memory-index';
import {
  type PriceTier,
  type ProductPriceData,
  priceBands,
  type SaleWindow,
  type Shopper,
  type SpecialPrice,
  saleWindowOf,
  unitPriceFor,
} from './pricing';

/**
 * Variants in the catalogue index. A product sold in sizes or colours has up to three options (each a
 * property: Méret, Szín) and a variant per combination it sells, with its own code, stock and perhaps
 * price and picture. A product without options is sold as itself and has no variants, so everything
 * written before variants keeps working. `Product.stock` of a product with variants is the sum of its
 * enabled variants' stock, so lists, filters and "in stock" never look at variants.
 */

export type IndexedVariant = {
  id: number;
  productId: number;
  kutiId: string | null;
  ean: string | null;
  /** Mutable: orders move it in place (stock-sync.ts). */
  stock: number;
  /** Null: the product's price (and, without tiers of its own, the product's tiers: see variantPriceData). */
  grossPrice: number | null;
  /** Its own scheduled sale; null: the product's sale, if it has no list price of its own (variantPriceData). */
  sale: SaleWindow | null;
  /** With a list price of its own: its lowest own list price of the last 30 days (lowest-price.ts). */
  lowestPrice30d: number | null;
  /** With a list price and a running sale of its own: its lowest price of the 30 days before the sale. */
  lowestBeforeSale: number | null;
  /** Its own quantity tiers, by minQuantity ascending; empty when it has none (see variantPriceData). */
  tiers: readonly PriceTier[];
  /** Its own fixed group prices by group id (never hidden: visibility is the product's). */
  groupPrices: ReadonlyMap<number, SpecialPrice>;
  weightGrams: number | null;
  imageId: number | null;
  enabled: boolean;
  /** One value per option, in option order. */
  valueIds: readonly number[];
  /** The values in option order: "kék, M". */
  title: string;
};

const NO_GROUP_PRICES: ReadonlyMap<number, SpecialPrice> = new Map();

export type IndexedOption = { propertyId: number; title: string; valueIds: readonly number[] };

/** What a product's options and variants need of the catalogue's properties. */
export type OptionLookup = {
  propertyTitle: (propertyId: number) => string;
  valueTitle: (valueId: number) => string;
  propertyOfValue: (valueId: number) => number | undefined;
};

export type VariantRows = {
  variants: {
    id: number;
    productId: number;
    kutiId: string | null;
    ean: string | null;
    stock: number;
    grossPrice: number | null;
    salePrice: number | null;
    saleStartsAt: Date | null;
    saleEndsAt: Date | null;
    lowestPrice30d: number | null;
    weightGrams: number | null;
    mediaId: number | null;
    enabled: boolean;
    valueIds: number[];
  }[];
  options: { productId: number; propertyIds: number[] }[];
  tiers: { variantId: number; minQuantity: number; grossPrice: number }[];
  groupPrices: { variantId: number; groupId: number; grossPrice: number }[];
};

/** Every variant and option of the catalogue, set-based, for the index build. */
export async function loadVariantRows(prisma: PrismaClient): Promise<VariantRows> {
  const [variants, options, tiers, groupPrices] = await Promise.all([
    prisma.$queryRaw<VariantRows['variants']>`
      SELECT v.id, v."productId", v."kutiId", v.ean, v.stock, v."grossPrice", v."salePrice", v."saleStartsAt", v."saleEndsAt", v."lowestPrice30d", v."weightGrams", v."mediaId", v.enabled,
        coalesce(array_agg(vv."propertyValueId" ORDER BY o.position, o."propertyId")
          FILTER (WHERE vv."propertyValueId" IS NOT NULL), '{}') AS "valueIds"
      FROM "ProductVariant" v
      LEFT JOIN "ProductVariantValue" vv ON vv."variantId" = v.id
      LEFT JOIN "PropertyValue" pv ON pv.id = vv."propertyValueId"
      LEFT JOIN "ProductOption" o ON o."productId" = v."productId" AND o."propertyId" = pv."propertyId"
      GROUP BY v.id
      ORDER BY v."productId", v.position, v.id`,
    prisma.$queryRaw<VariantRows['options']>`
      SELECT "productId", array_agg("propertyId" ORDER BY position, "propertyId") AS "propertyIds"
      FROM "ProductOption" GROUP BY "productId"`,
    prisma.productVariantPriceTier.findMany({
      select: { variantId: true, minQuantity: true, grossPrice: true },
      orderBy: [{ variantId: 'asc' }, { minQuantity: 'asc' }],
    }),
    prisma.productVariantGroupPrice.findMany({
      select: { variantId: true, groupId: true, grossPrice: true },
    }),
  ]);
  return { variants, options, tiers, groupPrices };
}

/** Each product's variants and options, grouped, with their titles. */
export function groupVariants(
  rows: VariantRows,
  lookup: OptionLookup,
  lowestBeforeSale: ReadonlyMap<number, number> = new Map(),
): { variantsOf: Map<number, IndexedVariant[]>; optionsOf: Map<number, IndexedOption[]> } {
  const variantsOf = new Map<number, IndexedVariant[]>();
  const usedValues = new Map<number, Set<number>>();
  const tiersOf = new Map<number, PriceTier[]>();
  for (const tier of rows.tiers) {
    const list = tiersOf.get(tier.variantId) ?? [];
    list.push({ minQuantity: tier.minQuantity, grossPrice: tier.grossPrice });
    tiersOf.set(tier.variantId, list);
  }
  const groupPricesOf = new Map<number, Map<number, SpecialPrice>>();
  for (const row of rows.groupPrices) {
    const map = groupPricesOf.get(row.variantId) ?? new Map<number, SpecialPrice>();
    map.set(row.groupId, { grossPrice: row.grossPrice, hidden: false });
    groupPricesOf.set(row.variantId, map);
  }
  const noTiers: PriceTier[] = [];
  for (const row of rows.variants) {
    const productId = Number(row.productId);
    const valueIds = row.valueIds.map(Number);
    const id = Number(row.id);
    const variant: IndexedVariant = {
      id,
      productId,
      kutiId: row.kutiId,
      ean: row.ean,
      stock: Number(row.stock),
      grossPrice: row.grossPrice === null ? null : Number(row.grossPrice),
      sale: saleWindowOf(row),
      lowestPrice30d: row.lowestPrice30d === null ? null : Number(row.lowestPrice30d),
      lowestBeforeSale: lowestBeforeSale.get(id) ?? null,
      tiers: tiersOf.get(id) ?? noTiers,
      groupPrices: groupPricesOf.get(id) ?? NO_GROUP_PRICES,
      weightGrams: row.weightGrams === null ? null : Number(row.weightGrams),
      imageId: row.mediaId === null ? null : Number(row.mediaId),
      enabled: row.enabled,
      valueIds,
      title: valueIds.map(lookup.valueTitle).join(', '),
    };
    const list = variantsOf.get(productId);
    if (list) list.push(variant);
    else variantsOf.set(productId, [variant]);
    const used = usedValues.get(productId) ?? new Set<number>();
    for (const id of valueIds) used.add(id);
    usedValues.set(productId, used);
  }
  const optionsOf = new Map<number, IndexedOption[]>();
  for (const row of rows.options) {
    const productId = Number(row.productId);
    const used = usedValues.get(productId) ?? new Set<number>();
    optionsOf.set(
      productId,
      row.propertyIds.map(Number).map((propertyId) => ({
        propertyId,
        title: lookup.propertyTitle(propertyId),
        // The property's own value order; only the values some variant of this product has.
        valueIds: [...used].filter((id) => lookup.propertyOfValue(id) === propertyId),
      })),
    );
  }
  return { variantsOf, optionsOf };
}

/** The name a variant is sold under, on the order, the invoice and the packing slip: "Póló, kék, M". */
export function soldTitle(productTitle: string, variant: Pick<IndexedVariant, 'title'> | null): string {
  return variant?.title ? `${productTitle}, ${variant.title}` : productTitle;
}

/**
 * The variant as the pricing rule (pricing.ts) sees it; each part falls back on its own:
 * - list price: the variant's own, else the product's;
 * - scheduled sale: the variant's own; without one, the product's sale for a variant without a list price
 *   of its own (it sells at the product's price, so it goes on sale with it), and none for a variant with
 *   one (the product's sale price was set against the product's price);
 * - quantity tiers: the variant's own when it has any; else the product's for a variant without a price
 *   of its own, and none for a variant with one (the product's tiers were set for the product's price);
 * - fixed group prices: the variant's own for the groups it names; for the other groups the product's
 *   when the variant has no price of its own, else none (the group's discount percent applies);
 * - a customer's own price is set per product, so it applies only to a variant without its own price
 *   (`variantShopper`).
 * Visibility (a group's `hidden`) stays the product's. A variant with nothing of its own is the product.
 */
export function variantPriceData(
  product: ProductPriceData,
  variant: IndexedVariant | null,
): ProductPriceData {
  if (!variant) return product;
  const ownPrice = variant.grossPrice !== null;
  if (!ownPrice && variant.sale === null && variant.tiers.length === 0 && variant.groupPrices.size === 0)
    return product;
  const productGroups = ownPrice ? undefined : product.groupPrices;
  return {
    id: product.id,
    grossPrice: variant.grossPrice ?? product.grossPrice,
    sale: variant.sale ?? (ownPrice ? null : (product.sale ?? null)),
    tiers: variant.tiers.length > 0 || ownPrice ? variant.tiers : product.tiers,
    groupPrices:
      variant.groupPrices.size === 0
        ? (productGroups ?? NO_GROUP_PRICES)
        : new Map([...(productGroups ?? []), ...variant.groupPrices]),
  };
}

/** The shopper as a variant's price sees them: a customer's own product price does not reach a variant's own price. */
function variantShopper(
  shopper: Shopper,
  product: ProductPriceData,
  variant: IndexedVariant | null,
): Shopper {
  if (!variant || variant.grossPrice === null || !shopper.customerPrices.has(product.id)) return shopper;
  const customerPrices = new Map(shopper.customerPrices);
  customerPrices.delete(product.id);
  return { ...shopper, customerPrices };
}

/** The shopper's price of one piece of a variant (or of the product itself) when buying `quantity`. */
export function variantUnitPrice(
  product: ProductPriceData,
  variant: IndexedVariant | null,
  shopper: Shopper,
  quantity = 1,
): number {
  return unitPriceFor(
    variantPriceData(product, variant),
    variantShopper(shopper, product, variant),
    quantity,
  );
}

/** The tier table of a variant (or of the product itself) as the shopper pays it. */
export function variantPriceBands(
  product: ProductPriceData,
  variant: IndexedVariant | null,
  shopper: Shopper,
): TPriceBand[] {
  return priceBands(variantPriceData(product, variant), variantShopper(shopper, product, variant));
}

/** Whether a variant can be bought now: enabled, with stock. */
export function variantInStock(variant: IndexedVariant): boolean {
  return variant.enabled && variant.stock > 0;
}

/**
 * How a listing card names the choice: "4 színben" for a colour option, "5 méretben" for a size
 * option, else "6 változatban". Null for a product sold as itself.
 */
export function variantSummary(
  options: readonly IndexedOption[],
  variants: readonly IndexedVariant[],
): string | null {
  const sold = variants.filter((variant) => variant.enabled);
  if (sold.length === 0) return null;
  const valuesSold = (option: IndexedOption) =>
    new Set(sold.flatMap((variant) => variant.valueIds.filter((id) => option.valueIds.includes(id)))).size;
  const colour = options.find((option) => isColourOption(option.title));
  if (colour && valuesSold(colour) > 1) return `${valuesSold(colour)} színben`;
  const size = options.find((option) => /^(meret|meretek|size)$/.test(foldText(option.title)));
  if (size && valuesSold(size) > 1) return `${valuesSold(size)} méretben`;
  return sold.length > 1 ? `${sold.length} változatban` : null;
}

/** The product's options for its page: only values some enabled variant has, in the property's order. */
export function optionsForPage(
  options: readonly IndexedOption[],
  variants: readonly IndexedVariant[],
  valueTitle: (valueId: number) => string,
  swatchOf: (valueId: number) => string | null,
): TProductOption[] {
  const sold = new Set(variants.filter((variant) => variant.enabled).flatMap((variant) => variant.valueIds));
  return options.map((option) => ({
    propertyId: option.propertyId,
    title: option.title,
    values: option.valueIds
      .filter((id) => sold.has(id))
      .map((id) => ({ id, title: valueTitle(id), swatch: swatchOf(id) })),
  }));
}

/**
 * A variant as the product page and the API answer it; `lowestPrice30d` is the price a reduced price
 * is shown against (variantReferenceLowestPrice).
 */
export function toVariantDto(
  product: ProductPriceData,
  variant: IndexedVariant,
  shopper: Shopper,
  lowestPrice30d: number,
): TProductVariant {
  const price = variantUnitPrice(product, variant, shopper);
  const listPrice = variant.grossPrice ?? product.grossPrice;
  return {
    id: variant.id,
    kutiId: variant.kutiId,
    ean: variant.ean,
    title: variant.title,
    valueIds: [...variant.valueIds],
    price,
    originalPrice: price < listPrice ? listPrice : null,
    lowestPrice30d: price < listPrice ? lowestPrice30d : null,
    inStock: variantInStock(variant),
    stock: Math.max(variant.stock, 0),
    weightGrams: variant.weightGrams,
    imageId: variant.imageId,
    enabled: variant.enabled,
    priceBands: variantPriceBands(product, variant, shopper),
  };
}
