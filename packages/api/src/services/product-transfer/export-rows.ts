import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { mediaUrl, type TProductListFilters } from '../../schemas';
import { PRODUCT_FIELDS, type ProductField } from '../../schemas/product-sheet';
import { GUEST } from '../catalogue/pricing';
import { listedProductIds } from '../catalogue/product-list';
import { findCategories } from '../category';
import { type CsvValue, csvDate } from '../csv';
import { primaryDescription } from '../description';
import {
  joinList,
  joinPairs,
  PATH_SEPARATOR,
  SHEET_PRODUCT_SELECT,
  SHEET_VARIANT_SELECT,
  yesNo,
} from './columns';

type Deps = { prisma: PrismaClient; cache: VersionedCache; publicUrl: string };

/** Products read per query: a page with its relations stays small at any catalogue size. */
export const EXPORT_PAGE_SIZE = 500;

export type ExportRow = readonly CsvValue[];

const titleSelect = { select: { id: true, language: true, title: true } } as const;

const namedValueSelect = {
  id: true,
  position: true,
  descriptions: titleSelect,
  property: { select: { id: true, position: true, descriptions: titleSelect } },
} as const satisfies Prisma.PropertyValueSelect;

const exportSelect = {
  ...SHEET_PRODUCT_SELECT,
  descriptions: {
    select: { id: true, language: true, title: true, body: true, metaTitle: true, metaDescription: true },
  },
  categories: { select: { categoryId: true, primary: true } },
  propertyValues: { select: { propertyValue: { select: namedValueSelect } } },
  priceTiers: { select: { minQuantity: true, grossPrice: true }, orderBy: { minQuantity: 'asc' } },
  groupPrices: {
    where: { grossPrice: { not: null } },
    select: { grossPrice: true, group: { select: { name: true } } },
    orderBy: { group: { name: 'asc' } },
  },
  images: { select: { mediaId: true }, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
  options: { select: { propertyId: true }, orderBy: [{ position: 'asc' }, { propertyId: 'asc' }] },
  variants: {
    select: {
      ...SHEET_VARIANT_SELECT,
      values: { select: { propertyValue: { select: namedValueSelect } } },
    },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.ProductSelect;

type ExportedProduct = Prisma.ProductGetPayload<{ select: typeof exportSelect }>;
type NamedValue = Prisma.PropertyValueGetPayload<{ select: typeof namedValueSelect }>;
type Cells = Partial<Record<ProductField, CsvValue>>;

const titleOf = (owner: { descriptions: { id: number; language: string; title: string }[] }) =>
  primaryDescription(owner.descriptions)?.title ?? '';

/** A row in column order; the fields a row does not set stay empty. */
function toRow(cells: Cells): ExportRow {
  return PRODUCT_FIELDS.map((field) => cells[field] ?? null);
}

/** "Szülő > Gyerek" by the categories' Hungarian names, per category id. */
async function categoryPaths(deps: Deps): Promise<Map<number, string>> {
  const { items } = await findCategories(
    deps,
    { page: 1, pageSize: Number.MAX_SAFE_INTEGER, sort: 'path', order: 'asc' },
    true,
  );
  const titles = new Map(items.map((category) => [category.id, category.title]));
  return new Map(
    items.map((category) => [
      category.id,
      [...category.ancestorIds, category.id].map((id) => titles.get(id) ?? '').join(PATH_SEPARATOR),
    ]),
  );
}

function productRow(product: ExportedProduct, paths: Map<number, string>, publicUrl: string): ExportRow {
  const description = primaryDescription(product.descriptions);
  // The primary category first: it is the product's breadcrumb, and an import takes the first one as such.
  const categories = [...product.categories]
    .sort((a, b) => Number(b.primary) - Number(a.primary))
    .map((link) => paths.get(link.categoryId))
    .filter((path): path is string => path !== undefined);
  const values = product.propertyValues
    .map((link) => link.propertyValue)
    .sort(
      (a, b) =>
        a.property.position - b.property.position ||
        a.property.id - b.property.id ||
        a.position - b.position ||
        a.id - b.id,
    );
  return toRow({
    sku: product.kutiId,
    name: description?.title ?? null,
    price: product.grossPrice,
    salePrice: product.salePrice,
    saleStartsAt: csvDate(product.saleStartsAt),
    saleEndsAt: csvDate(product.saleEndsAt),
    vatClass: product.vatClass,
    stock: product.stock,
    unit: product.unit,
    netQuantity: product.netQuantity,
    netQuantityUnit: product.netQuantityUnit,
    weightGrams: product.weightGrams,
    ean: product.ean,
    enabled: yesNo(product.enabled),
    featured: yesNo(product.featured),
    feedExcluded: yesNo(product.feedExcluded),
    categories: joinList(categories),
    properties: joinPairs(values.map((value) => [titleOf(value.property), titleOf(value)])),
    tiers: joinPairs(product.priceTiers.map((tier) => [String(tier.minQuantity), tier.grossPrice])),
    groupPrices: joinPairs(product.groupPrices.map((price) => [price.group.name, price.grossPrice ?? 0])),
    images: joinList(product.images.map((image) => `${publicUrl}${mediaUrl(image.mediaId, 'original')}`)),
    description: description?.body ?? null,
    metaTitle: description?.metaTitle ?? null,
    metaDescription: description?.metaDescription ?? null,
    slug: product.slug,
  });
}

/** A variant's row: its own code, option values in the product's option order, prices, stock and switches. */
function variantRow(product: ExportedProduct, variant: ExportedProduct['variants'][number]): ExportRow {
  const optionOrder = new Map(product.options.map((option, index) => [option.propertyId, index]));
  const rank = (value: NamedValue) => optionOrder.get(value.property.id) ?? optionOrder.size;
  const values = variant.values.map((link) => link.propertyValue).sort((a, b) => rank(a) - rank(b));
  return toRow({
    sku: variant.kutiId,
    parentSku: product.kutiId,
    options: joinPairs(values.map((value) => [titleOf(value.property), titleOf(value)])),
    price: variant.grossPrice,
    salePrice: variant.salePrice,
    saleStartsAt: csvDate(variant.saleStartsAt),
    saleEndsAt: csvDate(variant.saleEndsAt),
    stock: variant.stock,
    weightGrams: variant.weightGrams,
    ean: variant.ean,
    enabled: yesNo(variant.enabled),
  });
}

/**
 * The rows of every product the admin list's filters match, in the list's order, each product followed
 * by its variants' rows, a page at a time. The filters are checked here, before any row is written (an
 * unknown category is a 404, not a broken file); the database is then read EXPORT_PAGE_SIZE products at
 * a time, so a catalogue of any size never sits in memory whole.
 */
export async function productExportRows(
  deps: Deps,
  filters: TProductListFilters,
): Promise<AsyncIterable<ExportRow[]>> {
  // As the admin sees the list, ordered by list prices (no group's or customer's).
  const ids = await listedProductIds(deps, { shopper: GUEST, isAdmin: true }, filters);
  const paths = await categoryPaths(deps);
  return readPages(deps, ids, paths);
}

async function* readPages(
  deps: Deps,
  ids: number[],
  paths: Map<number, string>,
): AsyncGenerator<ExportRow[]> {
  for (let start = 0; start < ids.length; start += EXPORT_PAGE_SIZE) {
    const pageIds = ids.slice(start, start + EXPORT_PAGE_SIZE);
    const found = await deps.prisma.product.findMany({
      where: { id: { in: pageIds } },
      select: exportSelect,
    });
    const byId = new Map(found.map((product) => [product.id, product]));
    const rows: ExportRow[] = [];
    for (const id of pageIds) {
      // A product deleted since the list was read is left out, not reported as empty.
      const product = byId.get(id);
      if (!product) continue;
      rows.push(productRow(product, paths, deps.publicUrl));
      for (const variant of product.variants) rows.push(variantRow(product, variant));
    }
    yield rows;
  }
}
