import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import {
  DEFAULT_LANGUAGE,
  PRODUCT_QUALITY_CHECKS,
  PRODUCT_QUALITY_TITLES,
  productPrettySlug,
  type TProduct,
  type TProductQualityCheck,
  type TProductUpdateInput,
} from '../../schemas';
import { primaryDescription } from '../description';
import { sanitizeOptionalHtml } from '../html-sanitize';
import { slugify } from '../slug';
import { bumpCatalogue, invalidateCatalogue } from './in-memory-index';
import { recomputeLowestPrices } from './lowest-price';
import { GUEST } from './pricing';
import { getProductById, PRODUCT_NOT_FOUND } from './product-page';

type Deps = { prisma: PrismaClient; cache: VersionedCache };
type Tx = Prisma.TransactionClient;

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid_input', `Hibás adat: ${path} – ${message}`, [{ path, message }]);
}

async function assertAllExist(
  path: string,
  ids: readonly number[],
  found: (unique: number[]) => Promise<number>,
  what: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if ((await found(unique)) !== unique.length) throw invalid(path, `Ismeretlen ${what} szerepel a listában.`);
}

/** POST /api/product/update: creates without `id`, updates otherwise; lists replace the stored ones. */
export async function saveProduct(
  deps: Deps,
  input: TProductUpdateInput,
  now = new Date(),
): Promise<TProduct> {
  const id = await deps.prisma.$transaction(async (tx) => {
    await bumpCatalogue(tx);
    const existing = input.id
      ? await tx.product.findUnique({ where: { id: input.id }, select: { id: true, grossPrice: true } })
      : null;
    if (input.id && !existing) throw new DomainError('not_found', PRODUCT_NOT_FOUND);

    const huTitle =
      input.descriptions?.find((description) => description.language === DEFAULT_LANGUAGE)?.title ??
      input.descriptions?.[0]?.title;
    let productId: number;
    if (existing) {
      productId = existing.id;
    } else {
      if (input.grossPrice === undefined) throw invalid('grossPrice', 'Új terméknél az ár kötelező.');
      if (!huTitle) throw invalid('descriptions', 'Új terméknél legalább egy cím kötelező.');
      const created = await tx.product.create({
        data: { slug: input.slug ?? (slugify(huTitle) || 'termek'), grossPrice: input.grossPrice },
        select: { id: true },
      });
      productId = created.id;
    }

    await tx.product.update({
      where: { id: productId },
      data: {
        ...(existing && input.slug ? { slug: input.slug } : {}),
        ...(input.kutiId !== undefined ? { kutiId: input.kutiId || null } : {}),
        ...(input.grossPrice !== undefined ? { grossPrice: input.grossPrice } : {}),
        ...(input.vatRate !== undefined ? { vatRate: input.vatRate } : {}),
        ...(input.stock !== undefined ? { stock: input.stock } : {}),
        ...(input.unit !== undefined ? { unit: input.unit } : {}),
        ...(input.weightGrams !== undefined ? { weightGrams: input.weightGrams } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.featured !== undefined ? { featured: input.featured } : {}),
      },
      select: { id: true },
    });

    for (const description of input.descriptions ?? []) {
      const data = {
        title: description.title,
        body: sanitizeOptionalHtml(description.body) ?? null,
        metaTitle: description.metaTitle ?? null,
        metaDescription: description.metaDescription ?? null,
      };
      await tx.description.upsert({
        where: { productId_language: { productId, language: description.language } },
        create: { ...data, language: description.language, productId },
        update: data,
        select: { id: true },
      });
    }

    if (input.grossPrice !== undefined && input.grossPrice !== existing?.grossPrice) {
      await tx.productPriceHistory.create({
        data: { productId, grossPrice: input.grossPrice, validFrom: now },
        select: { id: true },
      });
      await recomputeLowestPrices(tx, now, [productId]);
    }

    await replaceLists(tx, productId, input);
    return productId;
  });
  invalidateCatalogue(deps.cache);
  return getProductById(deps, { shopper: GUEST, isAdmin: true }, id);
}

async function replaceLists(tx: Tx, productId: number, input: TProductUpdateInput): Promise<void> {
  if (input.tiers) {
    const quantities = input.tiers.map((tier) => tier.minQuantity);
    if (new Set(quantities).size !== quantities.length) {
      throw invalid('tiers', 'Egy mennyiséghez csak egy ár tartozhat.');
    }
    await tx.productPriceTier.deleteMany({ where: { productId } });
    await tx.productPriceTier.createMany({ data: input.tiers.map((tier) => ({ productId, ...tier })) });
  }
  if (input.groupPrices) {
    await assertAllExist(
      'groupPrices',
      input.groupPrices.map((price) => price.groupId),
      (ids) => tx.customerGroup.count({ where: { id: { in: ids } } }),
      'vevőcsoport',
    );
    await tx.productGroupPrice.deleteMany({ where: { productId } });
    await tx.productGroupPrice.createMany({
      data: uniqueBy(input.groupPrices, (price) => price.groupId).map((price) => ({ productId, ...price })),
    });
  }
  if (input.customerPrices) {
    await assertAllExist(
      'customerPrices',
      input.customerPrices.map((price) => price.userId),
      (ids) => tx.user.count({ where: { id: { in: ids } } }),
      'vásárló',
    );
    await tx.productCustomerPrice.deleteMany({ where: { productId } });
    await tx.productCustomerPrice.createMany({
      data: uniqueBy(input.customerPrices, (price) => price.userId).map((price) => ({ productId, ...price })),
    });
  }
  if (input.propertyValueIds) {
    await assertAllExist(
      'propertyValueIds',
      input.propertyValueIds,
      (ids) => tx.propertyValue.count({ where: { id: { in: ids } } }),
      'tulajdonságérték',
    );
    await tx.productPropertyValue.deleteMany({ where: { productId } });
    await tx.productPropertyValue.createMany({
      data: [...new Set(input.propertyValueIds)].map((propertyValueId) => ({ productId, propertyValueId })),
    });
  }
  if (input.imageIds) {
    await assertAllExist(
      'imageIds',
      input.imageIds,
      (ids) => tx.media.count({ where: { id: { in: ids } } }),
      'kép',
    );
    await tx.productImage.deleteMany({ where: { productId } });
    await tx.productImage.createMany({
      data: [...new Set(input.imageIds)].map((mediaId, position) => ({ productId, mediaId, position })),
    });
  }
  if (input.categoryIds) {
    await assertAllExist(
      'categoryIds',
      input.categoryIds,
      (ids) => tx.category.count({ where: { id: { in: ids } } }),
      'kategória',
    );
    const ids = [...new Set(input.categoryIds)];
    const primary = input.primaryCategoryId ?? ids[0];
    if (primary !== undefined && !ids.includes(primary)) {
      throw invalid('primaryCategoryId', 'A fő kategóriának a termék kategóriái között kell lennie.');
    }
    await tx.productCategory.deleteMany({ where: { productId } });
    await tx.productCategory.createMany({
      data: ids.map((categoryId) => ({ productId, categoryId, primary: categoryId === primary })),
    });
  } else if (input.primaryCategoryId !== undefined) {
    const link = await tx.productCategory.findUnique({
      where: { productId_categoryId: { productId, categoryId: input.primaryCategoryId } },
      select: { productId: true },
    });
    if (!link)
      throw invalid('primaryCategoryId', 'A fő kategóriának a termék kategóriái között kell lennie.');
    await tx.productCategory.updateMany({ where: { productId }, data: { primary: false } });
    await tx.productCategory.update({
      where: { productId_categoryId: { productId, categoryId: input.primaryCategoryId } },
      data: { primary: true },
      select: { productId: true },
    });
  }
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => number): T[] {
  const seen = new Map<number, T>();
  for (const item of items) seen.set(key(item), item);
  return [...seen.values()];
}

/** GET /api/product/enable/{id} and /disable/{id}. */
export async function setProductEnabled(deps: Deps, id: number, enabled: boolean): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    await bumpCatalogue(tx);
    const found = await tx.product.updateMany({ where: { id }, data: { enabled } });
    if (found.count === 0) throw new DomainError('not_found', PRODUCT_NOT_FOUND);
  });
  invalidateCatalogue(deps.cache);
}

/** Which products a data-quality check lists, as a Prisma filter. */
async function qualityWhere(
  prisma: PrismaClient,
  check: TProductQualityCheck,
): Promise<Prisma.ProductWhereInput> {
  switch (check) {
    case 'missing-description':
      return {
        NOT: {
          descriptions: {
            some: { language: DEFAULT_LANGUAGE, AND: [{ body: { not: null } }, { body: { not: '' } }] },
          },
        },
      };
    case 'missing-image':
      return { images: { none: {} } };
    case 'non-unique-url': {
      const rows = await prisma.$queryRaw<{ slug: string }[]>`
        SELECT slug FROM "Product" GROUP BY slug HAVING count(*) > 1`;
      return { slug: { in: rows.map((row) => row.slug) } };
    }
    case 'no-category':
      return { categories: { none: {} } };
    case 'no-property-values':
      return { propertyValues: { none: {} } };
    case 'no-stock-but-enabled':
      return { enabled: true, stock: { lte: 0 } };
    case 'rising-tier-prices': {
      const rows = await prisma.$queryRaw<{ id: number }[]>`
        SELECT DISTINCT p.id FROM "Product" p
        JOIN "ProductPriceTier" t ON t."productId" = p.id
        WHERE t."grossPrice" > p."grossPrice"
           OR EXISTS (SELECT 1 FROM "ProductPriceTier" u
                      WHERE u."productId" = p.id AND u."minQuantity" < t."minQuantity"
                        AND u."grossPrice" < t."grossPrice")`;
      return { id: { in: rows.map((row) => Number(row.id)) } };
    }
    case 'duplicate-external-code': {
      const rows = await prisma.$queryRaw<{ id: number }[]>`
        SELECT id FROM "Product"
        WHERE "kutiId" IS NOT NULL AND lower(trim("kutiId")) IN (
          SELECT lower(trim("kutiId")) FROM "Product" WHERE "kutiId" IS NOT NULL
          GROUP BY 1 HAVING count(*) > 1)`;
      return { id: { in: rows.map((row) => Number(row.id)) } };
    }
  }
}

function qualityDetail(
  check: TProductQualityCheck,
  row: { slug: string; kutiId: string | null; stock: number },
): string | null {
  if (check === 'non-unique-url') return `Több termék URL-neve: ${row.slug}`;
  if (check === 'duplicate-external-code') return `Ismétlődő termékkód: ${row.kutiId}`;
  if (check === 'no-stock-but-enabled') return `Készlet: ${row.stock}`;
  return null;
}

/** POST /api/product/quality: the products one data-quality check lists. */
export async function productQuality(
  prisma: PrismaClient,
  input: { check: TProductQualityCheck; page: number; pageSize: number },
) {
  const where = await qualityWhere(prisma, input.check);
  const orderBy: Prisma.ProductOrderByWithRelationInput[] =
    input.check === 'non-unique-url'
      ? [{ slug: 'asc' }, { id: 'asc' }]
      : input.check === 'duplicate-external-code'
        ? [{ kutiId: 'asc' }, { id: 'asc' }]
        : [{ id: 'asc' }];
  const [total, rows] = await Promise.all([
    prisma.product.count({ where }),
    prisma.product.findMany({
      where,
      orderBy,
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: {
        id: true,
        slug: true,
        kutiId: true,
        enabled: true,
        stock: true,
        descriptions: { select: { id: true, language: true, title: true } },
      },
    }),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      slug: productPrettySlug(row.slug, row.id),
      title: primaryDescription(row.descriptions)?.title ?? row.slug,
      kutiId: row.kutiId,
      enabled: row.enabled,
      detail: qualityDetail(input.check, row),
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** GET /api/product/quality-summary: every check with its count. */
export async function productQualitySummary(prisma: PrismaClient) {
  return Promise.all(
    PRODUCT_QUALITY_CHECKS.map(async (check) => ({
      check,
      title: PRODUCT_QUALITY_TITLES[check],
      count: await prisma.product.count({ where: await qualityWhere(prisma, check) }),
    })),
  );
}
