import type { Prisma } from '@shop/db';
import { asVatClass, productPrettySlug, type TProductRecord } from '../../schemas';
import { inFeedOrder } from '../change-feed/read-changes';

const recordSelect = {
  id: true,
  slug: true,
  kutiId: true,
  ean: true,
  enabled: true,
  featured: true,
  grossPrice: true,
  salePrice: true,
  saleStartsAt: true,
  saleEndsAt: true,
  vatClass: true,
  unit: true,
  stock: true,
  weightGrams: true,
  feedExcluded: true,
  createdAt: true,
  updatedAt: true,
  options: { select: { propertyId: true }, orderBy: [{ position: 'asc' }, { propertyId: 'asc' }] },
  categories: { select: { categoryId: true, primary: true }, orderBy: { categoryId: 'asc' } },
  descriptions: {
    orderBy: { language: 'asc' },
    select: { id: true, language: true, title: true, body: true, metaTitle: true, metaDescription: true },
  },
  variants: {
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      kutiId: true,
      ean: true,
      grossPrice: true,
      salePrice: true,
      saleStartsAt: true,
      saleEndsAt: true,
      stock: true,
      weightGrams: true,
      enabled: true,
      values: { select: { propertyValueId: true, propertyValue: { select: { propertyId: true } } } },
    },
  },
} as const satisfies Prisma.ProductSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The products of `ids` as stored, read straight from the database (not this server's in-memory
 * catalogue, which may trail another server's write by a poll), in the order of `ids`: the product
 * change feed's items.
 */
export async function productRecordsByIds(
  db: Prisma.TransactionClient,
  ids: number[],
): Promise<TProductRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.product.findMany({ where: { id: { in: ids } }, select: recordSelect });
  return inFeedOrder(ids, rows).map((row) => {
    // A variant's values in the order of the product's options, as the product page lists them.
    const optionOrder = new Map(row.options.map((option, index) => [option.propertyId, index]));
    const rank = (value: { propertyValue: { propertyId: number } }) =>
      optionOrder.get(value.propertyValue.propertyId) ?? optionOrder.size;
    return {
      id: row.id,
      slug: productPrettySlug(row.slug, row.id),
      nameSlug: row.slug,
      kutiId: row.kutiId,
      ean: row.ean,
      enabled: row.enabled,
      featured: row.featured,
      price: row.grossPrice,
      salePrice: row.salePrice,
      saleStartsAt: iso(row.saleStartsAt),
      saleEndsAt: iso(row.saleEndsAt),
      vatClass: asVatClass(row.vatClass),
      unit: row.unit,
      stock: row.stock,
      weightGrams: row.weightGrams,
      feedExcluded: row.feedExcluded,
      categoryIds: [...row.categories]
        .sort((a, b) => Number(b.primary) - Number(a.primary))
        .map((category) => category.categoryId),
      descriptions: row.descriptions,
      variants: row.variants.map(({ values, saleStartsAt, saleEndsAt, ...variant }) => ({
        ...variant,
        valueIds: [...values].sort((a, b) => rank(a) - rank(b)).map((value) => value.propertyValueId),
        saleStartsAt: iso(saleStartsAt),
        saleEndsAt: iso(saleEndsAt),
      })),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
