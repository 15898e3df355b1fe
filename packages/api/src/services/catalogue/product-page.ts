import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { mediaUrl, productIdFromSlug, type TProduct, type TProductPriceOutput } from '../../schemas';
import { asVatClass } from '../../schemas/vat';
import { lineChoice, lineProblemError } from '../cart/line-variant';
import { getCategoryById } from '../category';
import { getCheckoutMethods } from '../checkout/methods';
import { sortDescriptions } from '../description';
import {
  type CatalogueIndex,
  getCatalogueIndex,
  type IndexedProduct,
  isVisible,
  referenceLowestPrice,
  toCard,
  variantReferenceLowestPrice,
} from './in-memory-index';
import { priceBands, type Shopper } from './pricing';
import { productShipping } from './product-shipping';
import { type IndexedVariant, optionsForPage, toVariantDto, variantUnitPrice } from './variants';

export const PRODUCT_NOT_FOUND = 'A keresett termék nem található.';

type Deps = { prisma: PrismaClient; cache: VersionedCache };
type Viewer = { shopper: Shopper; isAdmin: boolean };

/** The stored part of a product page, shared by every shopper until the catalogue changes. */
type ProductRow = {
  id: number;
  slug: string;
  stock: number;
  weightGrams: number | null;
  unitsSold: number;
  createdAt: Date;
  updatedAt: Date;
  descriptions: {
    id: number;
    language: string;
    title: string;
    body: string | null;
    metaTitle: string | null;
    metaDescription: string | null;
  }[];
  images: { id: number; alt: string | null }[];
};

type RawProductRow = Omit<ProductRow, 'createdAt' | 'updatedAt' | 'descriptions' | 'images'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
  descriptions: ProductRow['descriptions'] | string;
  images: ProductRow['images'] | string;
};

const MAX_CACHED_DETAILS = 10_000;

/**
 * Product pages by id, least recently used dropped first, for one catalogue index: a new index (any
 * catalogue change) starts an empty one. A list answer cache would evict a whole catalogue's worth of
 * pages at once; this keeps the most visited ones.
 */
const detailCaches = new WeakMap<CatalogueIndex, Map<number, Promise<ProductRow>>>();

function cachedDetail(
  index: CatalogueIndex,
  id: number,
  load: () => Promise<ProductRow>,
): Promise<ProductRow> {
  let details = detailCaches.get(index);
  if (!details) {
    details = new Map();
    detailCaches.set(index, details);
  }
  const cached = details.get(id);
  if (cached) {
    details.delete(id);
    details.set(id, cached);
    return cached;
  }
  const loading = load();
  details.set(id, loading);
  if (details.size > MAX_CACHED_DETAILS) {
    const oldest = details.keys().next();
    if (!oldest.done) details.delete(oldest.value);
  }
  loading.catch(() => {
    if (details.get(id) === loading) details.delete(id);
  });
  return loading;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * One statement for every product page asked for while the event loop handles a round of requests:
 * under load many pages miss the cache at once, and one `= ANY($1)` query costs PostgreSQL and the
 * client barely more than a single row, while each query has its own fixed cost.
 */
type PendingLoad = { resolve: (row: ProductRow) => void; reject: (error: unknown) => void };
type LoadBatch = Map<number, PendingLoad[]>;

const MAX_BATCH = 100;
const openBatches = new WeakMap<PrismaClient, LoadBatch>();

function loadProductRow(prisma: PrismaClient, id: number): Promise<ProductRow> {
  return new Promise((resolve, reject) => {
    let batch = openBatches.get(prisma);
    if (!batch) {
      const created: LoadBatch = new Map();
      batch = created;
      openBatches.set(prisma, created);
      setImmediate(() => {
        if (openBatches.get(prisma) === created) openBatches.delete(prisma);
        void runBatch(prisma, created);
      });
    }
    const waiting = batch.get(id);
    if (waiting) waiting.push({ resolve, reject });
    else batch.set(id, [{ resolve, reject }]);
    // A full batch takes no more; the next request opens another, and both run in the same turn.
    if (batch.size >= MAX_BATCH) openBatches.delete(prisma);
  });
}

async function runBatch(prisma: PrismaClient, batch: LoadBatch): Promise<void> {
  let rows: ProductRow[];
  try {
    rows = await loadProductRows(prisma, [...batch.keys()]);
  } catch (error) {
    for (const waiting of batch.values()) for (const load of waiting) load.reject(error);
    return;
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [id, waiting] of batch) {
    const row = byId.get(id);
    for (const load of waiting) {
      if (row) load.resolve(row);
      else load.reject(new DomainError('not_found', PRODUCT_NOT_FOUND));
    }
  }
}

/** The products with their descriptions and images as JSON, in one round trip. */
async function loadProductRows(prisma: PrismaClient, ids: number[]): Promise<ProductRow[]> {
  const rows = await prisma.$queryRaw<RawProductRow[]>`
    SELECT p.id, p.slug, p.stock, p."weightGrams", p."unitsSold", p."createdAt", p."updatedAt",
           coalesce((
             SELECT json_agg(json_build_object(
               'id', d.id, 'language', d.language, 'title', d.title, 'body', d.body,
               'metaTitle', d."metaTitle", 'metaDescription', d."metaDescription"))
             FROM "Description" d WHERE d."productId" = p.id
           ), '[]'::json) AS descriptions,
           coalesce((
             SELECT json_agg(json_build_object('id', m.id, 'alt', m.alt) ORDER BY i.position, i.id)
             FROM "ProductImage" i JOIN "Media" m ON m.id = i."mediaId"
             WHERE i."productId" = p.id
           ), '[]'::json) AS images
    FROM "Product" p WHERE p.id = ANY(${ids}::int[])`;
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    stock: Number(row.stock),
    weightGrams: row.weightGrams === null ? null : Number(row.weightGrams),
    unitsSold: Number(row.unitsSold),
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    descriptions: parsed(row.descriptions),
    images: parsed(row.images),
  }));
}

/**
 * The visible product or 404: disabled and hidden-for-the-group products exist only for admins. The
 * 404 of such a product names its (visible) primary category, so its page still offers somewhere to go.
 */
async function visibleProduct(deps: Deps, viewer: Viewer, id: number) {
  const index = await getCatalogueIndex(deps);
  const product = index.byId.get(id);
  if (!product) throw new DomainError('not_found', PRODUCT_NOT_FOUND);
  if (!isVisible(product, viewer.shopper, viewer.isAdmin)) {
    const primary = product.categoryIds[0];
    const category =
      primary === undefined ? null : await getCategoryById(deps, primary, false).catch(() => null);
    throw new DomainError('not_found', PRODUCT_NOT_FOUND, undefined, {
      ...(category
        ? { alternative: { category: { title: category.title, urlPath: category.urlPath } } }
        : {}),
    });
  }
  return { index, product };
}

export async function getProductById(deps: Deps, viewer: Viewer, id: number): Promise<TProduct> {
  const { index, product } = await visibleProduct(deps, viewer, id);
  const row = await cachedDetail(index, id, () => loadProductRow(deps.prisma, id));
  const card = toCard(product, viewer.shopper);
  return {
    ...card,
    ...(await pageParts(deps, viewer, index, product, row)),
    // Per request: it follows the shopper's price, and the methods are in memory (checkout/methods.ts).
    shipping: productShipping((await getCheckoutMethods(deps)).shipping, card.price),
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
  index: CatalogueIndex,
  product: IndexedProduct,
  row: ProductRow,
) {
  const { properties, propertyOfValue } = index;
  const owned = new Set(product.valueIds);
  // An option (Méret, Szín) is chosen on the page, not listed among the product's properties.
  const optionIds = new Set(product.options.map((option) => option.propertyId));
  const values = new Map(properties.flatMap((property) => property.values.map((value) => [value.id, value])));
  const propertyGroups = properties
    .filter((property) => !optionIds.has(property.id))
    .filter((property) => product.valueIds.some((valueId) => propertyOfValue.get(valueId) === property.id))
    .map((property) => ({
      id: property.id,
      code: property.code,
      title: property.title,
      values: property.values.filter((value) => owned.has(value.id)).map(({ id, title }) => ({ id, title })),
    }));
  return {
    nameSlug: row.slug,
    stock: product.stock,
    netQuantity: product.netQuantity,
    netQuantityUnit: product.netQuantityUnit,
    weightGrams: row.weightGrams,
    unitsSold: row.unitsSold,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    descriptions: sortDescriptions(row.descriptions),
    images: row.images.map((media) => ({
      id: media.id,
      alt: media.alt,
      thumb: mediaUrl(media.id, 'thumb'),
      card: mediaUrl(media.id, 'card'),
      full: mediaUrl(media.id, 'full'),
    })),
    properties: propertyGroups,
    options: optionsForPage(
      product.options,
      product.variants,
      (id) => values.get(id)?.title ?? '',
      (id) => values.get(id)?.swatch ?? null,
    ),
    variants: product.variants
      .filter((variant) => viewer.isAdmin || variant.enabled)
      .map((variant) =>
        toVariantDto(product, variant, viewer.shopper, variantReferenceLowestPrice(product, variant)),
      ),
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

/** A stored tier as answers show it: the column `grossPrice` is the tier's `price`. */
function tierAnswer(tier: { minQuantity: number; grossPrice: number }) {
  return { minQuantity: tier.minQuantity, price: tier.grossPrice };
}

async function adminData(prisma: PrismaClient, id: number): Promise<NonNullable<TProduct['admin']>> {
  const row = await prisma.product.findUniqueOrThrow({
    where: { id },
    select: {
      grossPrice: true,
      salePrice: true,
      saleStartsAt: true,
      saleEndsAt: true,
      vatClass: true,
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
      // The product's own list prices; its variants' own are theirs (lowest-price.ts).
      priceHistory: {
        where: { variantId: null },
        select: { grossPrice: true, validFrom: true },
        orderBy: { validFrom: 'desc' },
        take: 200,
      },
      categories: { select: { categoryId: true, primary: true }, orderBy: { categoryId: 'asc' } },
      propertyValues: { select: { propertyValueId: true }, orderBy: { propertyValueId: 'asc' } },
      ean: true,
      feedExcluded: true,
      variants: {
        select: {
          id: true,
          grossPrice: true,
          salePrice: true,
          saleStartsAt: true,
          saleEndsAt: true,
          priceTiers: { select: { minQuantity: true, grossPrice: true }, orderBy: { minQuantity: 'asc' } },
          groupPrices: {
            select: { groupId: true, grossPrice: true, group: { select: { name: true } } },
            orderBy: { groupId: 'asc' },
          },
        },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
      },
    },
  });
  return {
    price: row.grossPrice,
    salePrice: row.salePrice,
    saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
    saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
    vatClass: asVatClass(row.vatClass),
    tiers: row.priceTiers.map(tierAnswer),
    groupPrices: row.groupPrices.map((price) => ({
      groupId: price.groupId,
      groupName: price.group.name,
      price: price.grossPrice,
      hidden: price.hidden,
    })),
    customerPrices: row.customerPrices.map((price) => ({
      userId: price.userId,
      email: price.user.email,
      name: `${price.user.lastName} ${price.user.firstName}`.trim(),
      price: price.grossPrice,
      hidden: price.hidden,
    })),
    priceHistory: row.priceHistory.map((entry) => ({
      price: entry.grossPrice,
      validFrom: entry.validFrom.toISOString(),
    })),
    categoryIds: row.categories.map((category) => category.categoryId),
    primaryCategoryId: row.categories.find((category) => category.primary)?.categoryId ?? null,
    propertyValueIds: row.propertyValues.map((value) => value.propertyValueId),
    ean: row.ean,
    feedExcluded: row.feedExcluded,
    variants: row.variants.map((variant) => ({
      id: variant.id,
      grossPrice: variant.grossPrice,
      salePrice: variant.salePrice,
      saleStartsAt: variant.saleStartsAt?.toISOString() ?? null,
      saleEndsAt: variant.saleEndsAt?.toISOString() ?? null,
      tiers: variant.priceTiers.map(tierAnswer),
      groupPrices: variant.groupPrices.map((price) => ({
        groupId: price.groupId,
        groupName: price.group.name,
        price: price.grossPrice,
      })),
    })),
  };
}

/** POST /api/product/getPrice: the product's price, or a variant's when `variantId` names one. */
export async function getProductPrice(
  deps: Deps,
  viewer: Viewer,
  id: number,
  quantity: number,
  variantId?: number,
): Promise<TProductPriceOutput> {
  const { index, product } = await visibleProduct(deps, viewer, id);
  let variant: IndexedVariant | null = null;
  if (variantId !== undefined) {
    const choice = lineChoice(index, product, variantId);
    if (!choice.ok) throw lineProblemError(choice.problem);
    variant = choice.variant;
  }
  const unitPrice = variantUnitPrice(product, variant, viewer.shopper, quantity);
  return {
    unitPrice,
    total: unitPrice * quantity,
    quantity,
    listPrice: variant?.grossPrice ?? product.grossPrice,
    lowestPrice30d: referenceLowestPrice(product),
  };
}
