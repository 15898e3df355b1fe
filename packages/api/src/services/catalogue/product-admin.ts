import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import {
  DEFAULT_LANGUAGE,
  PRODUCT_QUALITY_CHECKS,
  PRODUCT_QUALITY_TITLES,
  productNameSlug,
  productPrettySlug,
  type TProduct,
  type TProductQualityCheck,
  type TProductUpdateInput,
} from '../../schemas';
import type { TNetQuantityUnit } from '../../schemas/unit-price';
import { type TVatClass, vatClassOfPercent } from '../../schemas/vat';
import { primaryDescription } from '../description';
import { sanitizeOptionalHtml } from '../html-sanitize';
import { slugify } from '../slug';
import { enqueueWebhookEvent } from '../webhooks/events';
import { bumpCatalogue, invalidateCatalogue } from './in-memory-index';
import { recordScheduledPrices } from './lowest-price';
import { GUEST, saleWindowOf } from './pricing';
import {
  codeHolders,
  codeTakenError,
  duplicateCodeError,
  isCodeClash,
  productIdOfCode,
} from './product-codes';
import { getProductById, PRODUCT_NOT_FOUND } from './product-page';
import { saleInputProblem } from './sale-input';

type Deps = { prisma: PrismaClient; cache: VersionedCache };
type Tx = Prisma.TransactionClient;

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid_input', `Hibás adat: ${path} – ${message}`, [{ path, message }]);
}

/** The net quantity the input sets (both fields, or null to sell by the piece); undefined leaves it. */
export function inputNetQuantity(
  input: TProductUpdateInput,
): { netQuantity: number | null; netQuantityUnit: TNetQuantityUnit | null } | undefined {
  const { netQuantity, netQuantityUnit } = input;
  if (netQuantity === undefined && netQuantityUnit === undefined) return undefined;
  if (netQuantity === null) return { netQuantity: null, netQuantityUnit: null };
  if (netQuantity === undefined) {
    throw invalid(
      'netQuantity',
      'A mértékegységhez add meg a nettó mennyiséget is (vagy null-t, ha darabra kelő).',
    );
  }
  if (!netQuantityUnit) throw invalid('netQuantityUnit', 'A nettó mennyiséghez add meg a mértékegységet is.');
  return { netQuantity, netQuantityUnit };
}

/** The class the input sets: `vatClass`, or the legacy percent `vatRate` (27/18/5) mapped to its class. */
export function inputVatClass(input: TProductUpdateInput): TVatClass | undefined {
  if (input.vatRate === undefined) return input.vatClass;
  const fromPercent = vatClassOfPercent(input.vatRate);
  if (!fromPercent) {
    throw invalid('vatRate', 'A 0 % nem egyértelmű: a vatClass mezőben add meg, hogy "TAM" vagy "AAM".');
  }
  if (input.vatClass !== undefined && input.vatClass !== fromPercent) {
    throw invalid('vatRate', 'A vatRate és a vatClass ellentmond egymásnak; elég a vatClass.');
  }
  return fromPercent;
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

export function unknownCodeError(code: string): DomainError {
  return new DomainError('not_found', `Nincs termék ezzel a termékkóddal: „${code}”.`);
}

const TARGET_SELECT = {
  id: true,
  kutiId: true,
  grossPrice: true,
  stock: true,
  salePrice: true,
  saleStartsAt: true,
  saleEndsAt: true,
} as const;

type StoredSale = { salePrice: number | null; saleStartsAt: Date | null; saleEndsAt: Date | null };

/**
 * The scheduled sale after this save (fields left out keep their value), checked against the list price
 * it will have; undefined when the input does not touch the sale. A sale without a start starts when
 * saved, so its price history has a moment the reduction is shown from; a null sale price clears it.
 */
export function inputSale(
  input: TProductUpdateInput,
  stored: StoredSale | null,
  listPrice: number,
  now: Date,
): StoredSale | undefined {
  const touched =
    input.salePrice !== undefined || input.saleStartsAt !== undefined || input.saleEndsAt !== undefined;
  // A new list price is checked against the sale it keeps.
  if (!touched && (input.price === undefined || stored?.salePrice == null)) return undefined;
  const salePrice = input.salePrice !== undefined ? input.salePrice : (stored?.salePrice ?? null);
  const pick = (given: string | null | undefined, kept: Date | null | undefined) =>
    given !== undefined ? (given === null ? null : new Date(given)) : (kept ?? null);
  if (salePrice === null) {
    if (input.saleStartsAt || input.saleEndsAt) {
      throw invalid('salePrice', 'Az akció kezdetéhez és végéhez add meg az akciós árat is.');
    }
    return unlessStored({ salePrice: null, saleStartsAt: null, saleEndsAt: null }, stored);
  }
  const saleStartsAt = pick(input.saleStartsAt, stored?.saleStartsAt) ?? now;
  const saleEndsAt = pick(input.saleEndsAt, stored?.saleEndsAt);
  const problem = saleInputProblem({ salePrice, saleStartsAt, saleEndsAt }, listPrice);
  if (problem) throw invalid(problem.field, problem.message);
  return unlessStored({ salePrice, saleStartsAt, saleEndsAt }, stored);
}

/** The sale, or undefined when it is the stored one: a form resending it rewrites no price history. */
function unlessStored(sale: StoredSale, stored: StoredSale | null): StoredSale | undefined {
  const time = (at: Date | null) => at?.getTime() ?? null;
  const same =
    stored !== null &&
    sale.salePrice === stored.salePrice &&
    time(sale.saleStartsAt) === time(stored.saleStartsAt) &&
    time(sale.saleEndsAt) === time(stored.saleEndsAt);
  return same ? undefined : sale;
}

/**
 * POST /api/product/update: updates the product `id` names, or without `id` the product whose code
 * is `kutiId` whatever its case (how an integrator syncs by its own codes); creates a product when
 * neither names one.
 * A code without a product is a 404 unless the input can create one (price and title). Lists replace
 * the stored ones.
 */
export async function saveProduct(
  deps: Deps,
  input: TProductUpdateInput,
  now = new Date(),
): Promise<TProduct> {
  const code = input.kutiId || null;
  let id: number;
  try {
    id = await deps.prisma.$transaction((tx) => writeProduct(tx, input, now));
  } catch (error) {
    if (code && isCodeClash(error)) throw duplicateCodeError(code, error);
    throw error;
  }
  invalidateCatalogue(deps.cache);
  return getProductById(deps, { shopper: GUEST, isAdmin: true }, id);
}

/**
 * The write of saveProduct inside the caller's transaction, answering the product's id: the product
 * import writes many rows in one transaction (each behind its own savepoint) and refreshes the
 * catalogue once for all of them. A code clash surfaces as the database's unique violation.
 */
export async function writeProduct(tx: Tx, input: TProductUpdateInput, now: Date): Promise<number> {
  const code = input.kutiId || null;
  const vatClass = inputVatClass(input);
  const netQuantity = inputNetQuantity(input);
  await bumpCatalogue(tx);
  // Without an id the code names the product whatever its case ("abc-1" finds "ABC-1"), and keeps its letters.
  const targetId = input.id ?? (code ? await productIdOfCode(tx, code) : null);
  const existing = targetId
    ? await tx.product.findUnique({ where: { id: targetId }, select: TARGET_SELECT })
    : null;
  if (input.id && !existing) throw new DomainError('not_found', PRODUCT_NOT_FOUND);

  const huTitle =
    input.descriptions?.find((description) => description.language === DEFAULT_LANGUAGE)?.title ??
    input.descriptions?.[0]?.title;
  if (!existing && code && (input.price === undefined || !huTitle)) throw unknownCodeError(code);
  if (code && code !== existing?.kutiId) {
    // Ignoring case, and a variant's code too (this product's own variants included).
    const holders = await codeHolders(tx, [code]);
    if (holders.some((holder) => holder.variantId !== null)) throw codeTakenError(code, 'kutiId');
    if (holders.some((holder) => holder.productId !== existing?.id)) throw duplicateCodeError(code);
  }

  let productId: number;
  if (existing) {
    productId = existing.id;
  } else {
    if (input.price === undefined) throw invalid('price', 'Új terméknél az ár kötelező.');
    if (!huTitle) throw invalid('descriptions', 'Új terméknél legalább egy cím kötelező.');
    const created = await tx.product.create({
      data: { slug: input.slug ?? (slugify(huTitle) || 'termek'), grossPrice: input.price },
      select: { id: true },
    });
    productId = created.id;
  }

  // A product sold in variants keeps their sum as its stock (product-variants.ts); a number sent
  // here would overwrite that sum until the next order corrected it.
  if (
    existing &&
    input.stock !== undefined &&
    input.stock !== existing.stock &&
    (await tx.productVariant.count({ where: { productId: existing.id } })) > 0
  ) {
    throw invalid(
      'stock',
      'Ez a termék változatokban kapható: a készletét a változatoknál add meg (PUT /api/product/{id}/variants vagy a készlet-szinkron a változat kódjával).',
    );
  }
  const stockMoved = existing !== null && input.stock !== undefined && input.stock !== existing.stock;
  const listPrice = input.price ?? existing?.grossPrice ?? 0;
  const sale = inputSale(input, existing, listPrice, now);
  const saved = await tx.product.update({
    where: { id: productId },
    data: {
      ...(existing && input.slug ? { slug: productNameSlug(input.slug, existing.id) } : {}),
      ...(input.kutiId !== undefined && (input.id || !existing) ? { kutiId: code } : {}),
      ...(input.price !== undefined ? { grossPrice: input.price } : {}),
      ...(sale ?? {}),
      ...(vatClass !== undefined ? { vatClass } : {}),
      ...(netQuantity ?? {}),
      ...(input.stock !== undefined ? { stock: input.stock } : {}),
      ...(input.unit !== undefined ? { unit: input.unit } : {}),
      ...(input.weightGrams !== undefined ? { weightGrams: input.weightGrams } : {}),
      ...(input.ean !== undefined ? { ean: input.ean || null } : {}),
      ...(input.feedExcluded !== undefined ? { feedExcluded: input.feedExcluded } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(input.featured !== undefined ? { featured: input.featured } : {}),
    },
    select: { kutiId: true, stock: true, salePrice: true, saleStartsAt: true, saleEndsAt: true },
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

  if ((input.price !== undefined && input.price !== existing?.grossPrice) || sale !== undefined) {
    await recordScheduledPrices(tx, { productId, variantId: null }, listPrice, saleWindowOf(saved), now);
  }

  await replaceLists(tx, productId, input);
  await enqueueWebhookEvent(tx, 'product.changed', {
    items: [{ id: productId, kutiId: saved.kutiId, deleted: false }],
  });
  if (stockMoved) {
    await enqueueWebhookEvent(tx, 'stock.changed', {
      items: [{ product: productId, variant: null, kutiId: saved.kutiId, stock: saved.stock }],
    });
  }
  return productId;
}

async function replaceLists(tx: Tx, productId: number, input: TProductUpdateInput): Promise<void> {
  if (input.tiers) {
    const quantities = input.tiers.map((tier) => tier.minQuantity);
    if (new Set(quantities).size !== quantities.length) {
      throw invalid('tiers', 'Egy mennyiséghez csak egy ár tartozhat.');
    }
    await tx.productPriceTier.deleteMany({ where: { productId } });
    await tx.productPriceTier.createMany({
      data: input.tiers.map((tier) => ({ productId, minQuantity: tier.minQuantity, grossPrice: tier.price })),
    });
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
      data: uniqueBy(input.groupPrices, (price) => price.groupId).map(({ price, ...rest }) => ({
        productId,
        ...rest,
        grossPrice: price,
      })),
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
      data: uniqueBy(input.customerPrices, (price) => price.userId).map(({ price, ...rest }) => ({
        productId,
        ...rest,
        grossPrice: price,
      })),
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
    const { kutiId } = await tx.product.findUniqueOrThrow({ where: { id }, select: { kutiId: true } });
    await enqueueWebhookEvent(tx, 'product.changed', { items: [{ id, kutiId, deleted: false }] });
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
    case 'rising-tier-prices':
    case 'duplicate-external-code':
    case 'variant-missing-image':
    case 'variant-missing-price':
      return { id: { in: [...(await variantAwareFindings(prisma, check)).keys()] } };
  }
}

/**
 * The checks that look at variants too, with why each product is listed. A code is compared trimmed and
 * case-insensitively across products and variants: the database refuses codes equal ignoring case
 * (product-codes.ts), but not "AB-1" beside "AB-1 " an old import left, which an ERP would mix up. A
 * variant lacks a picture when another
 * variant of the product has one of its own (a colour whose photo was forgotten), and a price when it
 * would be sold for 0 Ft.
 */
async function variantAwareFindings(
  prisma: PrismaClient,
  check: 'rising-tier-prices' | 'duplicate-external-code' | 'variant-missing-image' | 'variant-missing-price',
): Promise<Map<number, string>> {
  if (check === 'rising-tier-prices') return risingTierFindings(prisma);
  const rows =
    check === 'duplicate-external-code'
      ? await prisma.$queryRaw<{ id: number; codes: string[] }[]>`
          WITH codes AS (
            SELECT id AS "productId", "kutiId" AS code FROM "Product" WHERE "kutiId" IS NOT NULL
            UNION ALL
            SELECT "productId", "kutiId" FROM "ProductVariant" WHERE "kutiId" IS NOT NULL
          ), clashing AS (
            SELECT lower(trim(code)) AS folded FROM codes GROUP BY 1 HAVING count(*) > 1
          )
          SELECT "productId" AS id, array_agg(DISTINCT code ORDER BY code) AS codes
          FROM codes JOIN clashing ON clashing.folded = lower(trim(codes.code))
          GROUP BY "productId"`
      : check === 'variant-missing-image'
        ? await prisma.$queryRaw<{ id: number; codes: string[] }[]>`
            SELECT v."productId" AS id, array_agg(coalesce(v."kutiId", '#' || v.id) ORDER BY v.position, v.id) AS codes
            FROM "ProductVariant" v
            WHERE v.enabled AND v."mediaId" IS NULL
              AND EXISTS (SELECT 1 FROM "ProductVariant" o WHERE o."productId" = v."productId" AND o."mediaId" IS NOT NULL)
            GROUP BY v."productId"`
        : await prisma.$queryRaw<{ id: number; codes: string[] }[]>`
            SELECT v."productId" AS id, array_agg(coalesce(v."kutiId", '#' || v.id) ORDER BY v.position, v.id) AS codes
            FROM "ProductVariant" v JOIN "Product" p ON p.id = v."productId"
            WHERE v.enabled AND coalesce(v."grossPrice", p."grossPrice") = 0
            GROUP BY v."productId"`;
  const label =
    check === 'duplicate-external-code'
      ? 'Ismétlődő termékkód'
      : check === 'variant-missing-image'
        ? 'Saját kép nélküli változat'
        : '0 Ft-os változat';
  return new Map(rows.map((row) => [Number(row.id), `${label}: ${row.codes.join(', ')}`]));
}

/**
 * Products whose quantity price rises somewhere: a tier dearer than the list price it discounts, or than
 * a tier for fewer pieces. A variant's own tiers discount the variant's price (its own, else the
 * product's), so they are checked against that and named by the variant's code.
 */
async function risingTierFindings(prisma: PrismaClient): Promise<Map<number, string>> {
  const rows = await prisma.$queryRaw<{ id: number; codes: (string | null)[] }[]>`
    WITH tiers AS (
      SELECT p.id AS "productId", NULL::text AS code, NULL::int AS "variantId", p."grossPrice" AS price,
        t."minQuantity", t."grossPrice" AS "tierPrice"
      FROM "Product" p JOIN "ProductPriceTier" t ON t."productId" = p.id
      UNION ALL
      SELECT v."productId", coalesce(v."kutiId", '#' || v.id), v.id, coalesce(v."grossPrice", p."grossPrice"),
        t."minQuantity", t."grossPrice"
      FROM "ProductVariant" v JOIN "Product" p ON p.id = v."productId"
      JOIN "ProductVariantPriceTier" t ON t."variantId" = v.id
    ), ranked AS (
      -- The cheapest tier for fewer pieces of the same product or variant, in one ordered pass: asked
      -- row by row of a 66 000-tier catalogue, the question kept the database busy for minutes.
      SELECT *, min("tierPrice") OVER (
        PARTITION BY "productId", "variantId" ORDER BY "minQuantity"
        RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE GROUP
      ) AS "cheapestForFewer"
      FROM tiers
    )
    SELECT "productId" AS id, array_agg(DISTINCT code) AS codes FROM ranked
    WHERE "tierPrice" > price OR "tierPrice" > "cheapestForFewer"
    GROUP BY "productId"`;
  return new Map(
    rows.map((row) => {
      const variants = row.codes.filter((code): code is string => code !== null).sort();
      const where = row.codes.includes(null) ? ['a termék', ...variants] : variants;
      return [Number(row.id), `Nő a mennyiségi ár: ${where.join(', ')}`];
    }),
  );
}

function qualityDetail(
  check: TProductQualityCheck,
  row: { id: number; slug: string; stock: number },
  findings: ReadonlyMap<number, string> | null,
): string | null {
  if (findings) return findings.get(row.id) ?? null;
  if (check === 'non-unique-url') return `Több termék URL-neve: ${row.slug}`;
  if (check === 'no-stock-but-enabled') return `Készlet: ${row.stock}`;
  return null;
}

/** POST /api/product/quality: the products one data-quality check lists. */
export async function productQuality(
  prisma: PrismaClient,
  input: { check: TProductQualityCheck; page: number; pageSize: number },
) {
  const where = await qualityWhere(prisma, input.check);
  const findings =
    input.check === 'rising-tier-prices' ||
    input.check === 'duplicate-external-code' ||
    input.check === 'variant-missing-image' ||
    input.check === 'variant-missing-price'
      ? await variantAwareFindings(prisma, input.check)
      : null;
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
      detail: qualityDetail(input.check, row, findings),
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
