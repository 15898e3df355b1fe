import type { PrismaClient } from '@shop/db';
import type { TProductOption, TProductVariant } from '../../schemas';
import { isColourOption } from '../../schemas/variant';
import { foldText } from './in-memory-index';
import { type ProductPriceData, type Shopper, unitPriceFor } from './pricing';

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
  /** Null: the product's price (and its quantity tiers). */
  grossPrice: number | null;
  weightGrams: number | null;
  imageId: number | null;
  enabled: boolean;
  /** One value per option, in option order. */
  valueIds: readonly number[];
  /** The values in option order: "kék, M". */
  title: string;
};

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
    weightGrams: number | null;
    mediaId: number | null;
    enabled: boolean;
    valueIds: number[];
  }[];
  options: { productId: number; propertyIds: number[] }[];
};

/** Every variant and option of the catalogue, set-based, for the index build. */
export async function loadVariantRows(prisma: PrismaClient): Promise<VariantRows> {
  const [variants, options] = await Promise.all([
    prisma.$queryRaw<VariantRows['variants']>`
      SELECT v.id, v."productId", v."kutiId", v.ean, v.stock, v."grossPrice", v."weightGrams", v."mediaId", v.enabled,
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
  ]);
  return { variants, options };
}

/** Each product's variants and options, grouped, with their titles. */
export function groupVariants(
  rows: VariantRows,
  lookup: OptionLookup,
): { variantsOf: Map<number, IndexedVariant[]>; optionsOf: Map<number, IndexedOption[]> } {
  const variantsOf = new Map<number, IndexedVariant[]>();
  const usedValues = new Map<number, Set<number>>();
  for (const row of rows.variants) {
    const productId = Number(row.productId);
    const valueIds = row.valueIds.map(Number);
    const variant: IndexedVariant = {
      id: Number(row.id),
      productId,
      kutiId: row.kutiId,
      ean: row.ean,
      stock: Number(row.stock),
      grossPrice: row.grossPrice === null ? null : Number(row.grossPrice),
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
 * The variant as the pricing rule sees it: a variant with its own price is sold at that price less the
 * shopper's group discount (the product's quantity tiers and fixed group or customer prices were set
 * for the product's price, so they do not carry over); without one it is priced as the product.
 */
export function variantPriceData(
  product: ProductPriceData,
  variant: IndexedVariant | null,
): ProductPriceData {
  if (!variant || variant.grossPrice === null) return product;
  return { id: product.id, grossPrice: variant.grossPrice, tiers: [], groupPrices: new Map() };
}

/** The shopper's price of one piece of a variant (or of the product itself). */
export function variantUnitPrice(
  product: ProductPriceData,
  variant: IndexedVariant | null,
  shopper: Shopper,
  quantity = 1,
): number {
  if (!variant || variant.grossPrice === null) return unitPriceFor(product, shopper, quantity);
  return unitPriceFor(variantPriceData(product, variant), withoutOwnPrice(shopper, product.id), quantity);
}

function withoutOwnPrice(shopper: Shopper, productId: number): Shopper {
  if (!shopper.customerPrices.has(productId)) return shopper;
  const customerPrices = new Map(shopper.customerPrices);
  customerPrices.delete(productId);
  return { ...shopper, customerPrices };
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

/** A variant as the product page and the API answer it. */
export function toVariantDto(
  product: ProductPriceData,
  variant: IndexedVariant,
  shopper: Shopper,
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
    inStock: variantInStock(variant),
    stock: Math.max(variant.stock, 0),
    weightGrams: variant.weightGrams,
    imageId: variant.imageId,
    enabled: variant.enabled,
  };
}
