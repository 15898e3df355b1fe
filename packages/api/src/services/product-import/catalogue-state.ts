import type { Prisma, PrismaClient } from '@shop/db';
import { DEFAULT_LANGUAGE } from '../../schemas';
import { codeHolders } from '../catalogue/product-codes';
import type { VariantOptions } from '../catalogue/variant-combination';
import { SHEET_PRODUCT_SELECT, SHEET_VARIANT_SELECT } from '../product-transfer/columns';

/**
 * What the shop holds that an import compares its rows with: the products and variants its codes
 * name, and the names of every category, property value and customer group, so a whole sheet is
 * checked with a handful of queries instead of a few per row.
 */
export type StoredProduct = {
  id: number;
  kutiId: string;
  name: string | null;
  description: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  price: number;
  salePrice: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  vatClass: string;
  stock: number;
  unit: string;
  netQuantity: number | null;
  netQuantityUnit: string | null;
  weightGrams: number | null;
  ean: string | null;
  enabled: boolean;
  featured: boolean;
  feedExcluded: boolean;
  slug: string;
  hasVariants: boolean;
  /** Its options and its variants' values, for a row that adds a variant (variant-combination.ts). */
  variantOptions: VariantOptions;
  categoryIds: number[];
  propertyValueIds: number[];
  tiers: { minQuantity: number; price: number }[];
  /** Overridden group prices by group id; hidden-only entries are kept apart, an import never drops them. */
  groupPrices: Map<number, number>;
  hiddenGroups: { groupId: number; price: number | null }[];
  imageIds: number[];
};

export type StoredVariant = {
  id: number;
  productId: number;
  kutiId: string;
  price: number | null;
  salePrice: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  stock: number;
  weightGrams: number | null;
  ean: string | null;
  enabled: boolean;
};

export type CatalogueState = {
  /**
   * The stored products and variants by the sheet's codes, found whatever their case: "abc-1" in a sheet
   * is the shop's "ABC-1" (product-codes.ts), which keeps its letters.
   */
  products: Map<string, StoredProduct>;
  variants: Map<string, StoredVariant>;
  /** "konyha > bögrék" (lower-cased Hungarian titles from the top) → category id. */
  categoryByPath: Map<string, number>;
  categoryPathById: Map<number, string>;
  /** "márka: kék bögre" → property value id. */
  valueByPair: Map<string, number>;
  pairByValueId: Map<number, string>;
  /** Lower-cased property title → property id. */
  propertyByTitle: Map<string, number>;
  groupByName: Map<string, number>;
  groupNameById: Map<number, string>;
  /** Media ids the shop has, and the picture address an imported medium was fetched from. */
  mediaIds: Set<number>;
  mediaBySource: Map<string, number>;
};

type Db = PrismaClient | Prisma.TransactionClient;

const CODE_CHUNK = 1000;

export function pathKey(levels: readonly string[]): string {
  return levels.map((level) => level.trim().toLowerCase()).join(' > ');
}

export function pairKey(property: string, value: string): string {
  return `${property.trim().toLowerCase()}: ${value.trim().toLowerCase()}`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const huTitle = { where: { language: DEFAULT_LANGUAGE }, select: { title: true } } as const;

export async function loadCatalogueState(
  db: Db,
  codes: readonly string[],
  pictures: { sources: readonly string[]; mediaIds: readonly number[] },
): Promise<CatalogueState> {
  const pictureSources = pictures.sources;
  const unique = [...new Set(codes)];
  const products = new Map<string, StoredProduct>();
  const variants = new Map<string, StoredVariant>();
  for (const part of chunks(unique, CODE_CHUNK)) {
    const holders = await codeHolders(db, part);
    const codesOfProduct = new Map<number, string[]>();
    const codesOfVariant = new Map<number, string[]>();
    for (const holder of holders) {
      const [byId, id] =
        holder.variantId === null ? [codesOfProduct, holder.productId] : [codesOfVariant, holder.variantId];
      byId.set(id, [...(byId.get(id) ?? []), holder.asked]);
    }
    const [productRows, variantRows] = await Promise.all([
      db.product.findMany({
        where: { id: { in: [...codesOfProduct.keys()] } },
        select: {
          ...SHEET_PRODUCT_SELECT,
          descriptions: {
            where: { language: DEFAULT_LANGUAGE },
            select: { title: true, body: true, metaTitle: true, metaDescription: true },
          },
          categories: { select: { categoryId: true } },
          propertyValues: { select: { propertyValueId: true } },
          priceTiers: { select: { minQuantity: true, grossPrice: true }, orderBy: { minQuantity: 'asc' } },
          groupPrices: { select: { groupId: true, grossPrice: true, hidden: true } },
          images: { select: { mediaId: true }, orderBy: { position: 'asc' } },
          options: {
            select: { propertyId: true, property: { select: { descriptions: huTitle } } },
            orderBy: { position: 'asc' },
          },
          variants: {
            select: {
              values: {
                select: { propertyValue: { select: { propertyId: true, descriptions: huTitle } } },
              },
            },
          },
        },
      }),
      db.productVariant.findMany({
        where: { id: { in: [...codesOfVariant.keys()] } },
        select: {
          ...SHEET_VARIANT_SELECT,
          id: true,
          productId: true,
        },
      }),
    ]);
    for (const row of productRows) {
      const description = row.descriptions[0];
      const stored: StoredProduct = {
        id: row.id,
        kutiId: row.kutiId as string,
        name: description?.title ?? null,
        description: description?.body ?? null,
        metaTitle: description?.metaTitle ?? null,
        metaDescription: description?.metaDescription ?? null,
        price: row.grossPrice,
        salePrice: row.salePrice,
        saleStartsAt: row.saleStartsAt,
        saleEndsAt: row.saleEndsAt,
        vatClass: row.vatClass,
        stock: row.stock,
        unit: row.unit,
        netQuantity: row.netQuantity,
        netQuantityUnit: row.netQuantityUnit,
        weightGrams: row.weightGrams,
        ean: row.ean,
        enabled: row.enabled,
        featured: row.featured,
        feedExcluded: row.feedExcluded,
        slug: row.slug,
        hasVariants: row.variants.length > 0,
        variantOptions: {
          titles: row.options.map((option) => option.property.descriptions[0]?.title ?? ''),
          combinations: row.variants.map((variant) =>
            row.options.map(
              (option) =>
                variant.values.find((link) => link.propertyValue.propertyId === option.propertyId)
                  ?.propertyValue.descriptions[0]?.title ?? '',
            ),
          ),
        },
        categoryIds: row.categories.map((link) => link.categoryId),
        propertyValueIds: row.propertyValues.map((link) => link.propertyValueId),
        tiers: row.priceTiers.map((tier) => ({ minQuantity: tier.minQuantity, price: tier.grossPrice })),
        groupPrices: new Map(
          row.groupPrices.flatMap((price) =>
            price.grossPrice !== null && !price.hidden ? [[price.groupId, price.grossPrice]] : [],
          ),
        ),
        hiddenGroups: row.groupPrices
          .filter((price) => price.hidden)
          .map((price) => ({ groupId: price.groupId, price: price.grossPrice })),
        imageIds: row.images.map((image) => image.mediaId),
      };
      for (const code of codesOfProduct.get(row.id) ?? []) products.set(code, stored);
    }
    for (const row of variantRows) {
      const stored: StoredVariant = {
        id: row.id,
        productId: row.productId,
        kutiId: row.kutiId as string,
        price: row.grossPrice,
        salePrice: row.salePrice,
        saleStartsAt: row.saleStartsAt,
        saleEndsAt: row.saleEndsAt,
        stock: row.stock,
        weightGrams: row.weightGrams,
        ean: row.ean,
        enabled: row.enabled,
      };
      for (const code of codesOfVariant.get(row.id) ?? []) variants.set(code, stored);
    }
  }

  const [categories, properties, groups, mediaRows, knownMedia] = await Promise.all([
    db.category.findMany({ select: { id: true, parentId: true, descriptions: huTitle } }),
    db.property.findMany({
      select: {
        id: true,
        descriptions: huTitle,
        values: { select: { id: true, descriptions: huTitle } },
      },
    }),
    db.customerGroup.findMany({ select: { id: true, name: true } }),
    pictureSources.length
      ? db.media.findMany({
          where: { originalName: { in: [...new Set(pictureSources)] } },
          select: { id: true, originalName: true },
          orderBy: { id: 'asc' },
        })
      : Promise.resolve([]),
    pictures.mediaIds.length
      ? db.media.findMany({ where: { id: { in: [...new Set(pictures.mediaIds)] } }, select: { id: true } })
      : Promise.resolve([]),
  ]);

  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const categoryPathById = new Map<number, string>();
  const pathOf = (id: number, seen = new Set<number>()): string[] => {
    const category = categoryById.get(id);
    if (!category || seen.has(id)) return [];
    seen.add(id);
    const own = category.descriptions[0]?.title ?? '';
    return category.parentId === null ? [own] : [...pathOf(category.parentId, seen), own];
  };
  const categoryByPath = new Map<string, number>();
  for (const category of categories) {
    const levels = pathOf(category.id);
    categoryPathById.set(category.id, levels.join(' > '));
    const key = pathKey(levels);
    if (!categoryByPath.has(key)) categoryByPath.set(key, category.id);
  }

  const valueByPair = new Map<string, number>();
  const pairByValueId = new Map<number, string>();
  const propertyByTitle = new Map<string, number>();
  for (const property of properties) {
    const title = property.descriptions[0]?.title ?? '';
    if (!propertyByTitle.has(title.toLowerCase())) propertyByTitle.set(title.toLowerCase(), property.id);
    for (const value of property.values) {
      const valueTitle = value.descriptions[0]?.title ?? '';
      pairByValueId.set(value.id, `${title}: ${valueTitle}`);
      const key = pairKey(title, valueTitle);
      if (!valueByPair.has(key)) valueByPair.set(key, value.id);
    }
  }

  const mediaBySource = new Map<string, number>();
  for (const medium of mediaRows) {
    if (!mediaBySource.has(medium.originalName)) mediaBySource.set(medium.originalName, medium.id);
  }
  return {
    products,
    variants,
    categoryByPath,
    categoryPathById,
    valueByPair,
    pairByValueId,
    propertyByTitle,
    groupByName: new Map(groups.map((group) => [group.name.toLowerCase(), group.id])),
    groupNameById: new Map(groups.map((group) => [group.id, group.name])),
    mediaIds: new Set(knownMedia.map((medium) => medium.id)),
    mediaBySource,
  };
}
