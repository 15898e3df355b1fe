import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../cache';
import { DomainError } from '../errors';
import { mediaUrl, productIdFromSlug, type TProduct, type TProductPriceOutput } from '../schemas';
import { cachedAnswer, getCatalogueIndex, type IndexedProduct, isVisible, toCard } from './catalogue-index';
import { getCategoryById } from './category';
import { sortDescriptions } from './description';
import { priceBands, type Shopper, unitPriceFor } from './pricing';

export const PRODUCT_NOT_FOUND = 'A keresett termék nem található.';

type Deps = { prisma: PrismaClient; cache: VersionedCache };
type Viewer = { shopper: Shopper; isAdmin: boolean };

const productSelect = {
  id: true,
  slug: true,
  vatRate: true,
  stock: true,
  weightGrams: true,
  unitsSold: true,
  createdAt: true,
  updatedAt: true,
  descriptions: {
    select: { id: true, language: true, title: true, body: true, metaTitle: true, metaDescription: true },
  },
  images: {
    select: { media: { select: { id: true, alt: true } } },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.ProductSelect;

type ProductRow = Prisma.ProductGetPayload<{ select: typeof productSelect }>;

/** The visible product or 404: disabled and hidden-for-the-group products exist only for admins. */
async function visibleProduct(deps: Deps, viewer: Viewer, id: number) {
  const index = await getCatalogueIndex(deps);
  const product = index.byId.get(id);
  if (!product || !isVisible(product, viewer.shopper, viewer.isAdmin)) {
    throw new DomainError('not_found', PRODUCT_NOT_FOUND);
  }
  return { index, product };
}

export async function getProductById(deps: Deps, viewer: Viewer, id: number): Promise<TProduct> {
  const { index, product } = await visibleProduct(deps, viewer, id);
  // The stored part of a product page is shared by every shopper until the catalogue changes.
  const row = await cachedAnswer(index, `detail:${id}`, () =>
    deps.prisma.product.findUniqueOrThrow({ where: { id }, select: productSelect }),
  ).catch((error: unknown) => {
    index.answers.delete(`detail:${id}`);
    throw error;
  });
  return {
    ...toCard(product, viewer.shopper),
    ...(await pageParts(deps, viewer, index.properties, index.propertyOfValue, product, row)),
    admin: viewer.isAdmin ? await adminData(deps.prisma, id) : null,
  };
}

/** `kek-bogre-123` (or `/product/kek-bogre-123`): the id at the end decides, the name part is decoration. */
export async function getProductBySlug(deps: Deps, viewer: Viewer, slug: string): Promise<TProduct> {
  const id = productIdFromSlug(slug);
  if (id === null) throw new DomainError('not_found', PRODUCT_NOT_FOUND);
  return getProductById(deps, viewer, id);
}

async function pageParts(
  deps: Deps,
  viewer: Viewer,
  properties: { id: number; code: string; title: string; values: { id: number; title: string }[] }[],
  propertyOfValue: Map<number, number>,
  product: IndexedProduct,
  row: ProductRow,
) {
  const owned = new Set(product.valueIds);
  const propertyGroups = properties
    .filter((property) => product.valueIds.some((valueId) => propertyOfValue.get(valueId) === property.id))
    .map((property) => ({
      id: property.id,
      code: property.code,
      title: property.title,
      values: property.values.filter((value) => owned.has(value.id)).map(({ id, title }) => ({ id, title })),
    }));
  return {
    nameSlug: row.slug,
    stock: row.stock,
    vatRate: row.vatRate,
    weightGrams: row.weightGrams,
    unitsSold: row.unitsSold,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    descriptions: sortDescriptions(row.descriptions),
    images: row.images.map(({ media }) => ({
      id: media.id,
      alt: media.alt,
      thumb: mediaUrl(media.id, 'thumb'),
      card: mediaUrl(media.id, 'card'),
      full: mediaUrl(media.id, 'full'),
    })),
    properties: propertyGroups,
    priceBands: priceBands(product, viewer.shopper),
    breadcrumbs: await breadcrumbs(deps, viewer, product.categoryIds),
  };
}

/** The » path of the first category the viewer may see (the primary one comes first). */
async function breadcrumbs(deps: Deps, viewer: Viewer, categoryIds: readonly number[]) {
  for (const categoryId of categoryIds) {
    const category = await getCategoryById(deps, categoryId, viewer.isAdmin).catch(() => null);
    if (!category) continue;
    const lineage = [...category.ancestorIds, category.id];
    const crumbs = [];
    for (const id of lineage) {
      const item = await getCategoryById(deps, id, true);
      crumbs.push({ id: item.id, title: item.title, urlPath: item.urlPath });
    }
    return crumbs;
  }
  return [];
}

async function adminData(prisma: PrismaClient, id: number): Promise<NonNullable<TProduct['admin']>> {
  const row = await prisma.product.findUniqueOrThrow({
    where: { id },
    select: {
      grossPrice: true,
      priceTiers: { select: { minQuantity: true, grossPrice: true }, orderBy: { minQuantity: 'asc' } },
      groupPrices: {
        select: { groupId: true, grossPrice: true, hidden: true, group: { select: { name: true } } },
        orderBy: { groupId: 'asc' },
      },
      customerPrices: {
        select: {
          userId: true,
          grossPrice: true,
          hidden: true,
          user: { select: { email: true, firstName: true, lastName: true } },
        },
        orderBy: { userId: 'asc' },
      },
      priceHistory: {
        select: { grossPrice: true, validFrom: true },
        orderBy: { validFrom: 'desc' },
        take: 200,
      },
      categories: { select: { categoryId: true, primary: true }, orderBy: { categoryId: 'asc' } },
      propertyValues: { select: { propertyValueId: true }, orderBy: { propertyValueId: 'asc' } },
    },
  });
  return {
    grossPrice: row.grossPrice,
    tiers: row.priceTiers,
    groupPrices: row.groupPrices.map((price) => ({
      groupId: price.groupId,
      groupName: price.group.name,
      grossPrice: price.grossPrice,
      hidden: price.hidden,
    })),
    customerPrices: row.customerPrices.map((price) => ({
      userId: price.userId,
      email: price.user.email,
      name: `${price.user.lastName} ${price.user.firstName}`.trim(),
      grossPrice: price.grossPrice,
      hidden: price.hidden,
    })),
    priceHistory: row.priceHistory.map((entry) => ({
      grossPrice: entry.grossPrice,
      validFrom: entry.validFrom.toISOString(),
    })),
    categoryIds: row.categories.map((category) => category.categoryId),
    primaryCategoryId: row.categories.find((category) => category.primary)?.categoryId ?? null,
    propertyValueIds: row.propertyValues.map((value) => value.propertyValueId),
  };
}

/** POST /api/product/getPrice. */
export async function getProductPrice(
  deps: Deps,
  viewer: Viewer,
  id: number,
  quantity: number,
): Promise<TProductPriceOutput> {
  const { product } = await visibleProduct(deps, viewer, id);
  const unitPrice = unitPriceFor(product, viewer.shopper, quantity);
  return {
    unitPrice,
    total: unitPrice * quantity,
    quantity,
    listPrice: product.grossPrice,
    lowestPrice30d: product.lowestPrice30d,
  };
}
