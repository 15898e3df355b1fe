import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { DEFAULT_LANGUAGE, type TProduct, type TProductVariantsInput } from '../../schemas';
import { withArticle } from '../../schemas/hungarian';
import { foldOptionTitle } from '../../schemas/variant';
import { primaryDescription } from '../description';
import { firstFreeSlug, slugify } from '../slug';
import { enqueueWebhookEvent } from '../webhooks/events';
import { bumpCatalogue, invalidateCatalogue } from './in-memory-index';
import { recordScheduledPrices } from './lowest-price';
import { GUEST, saleWindowOf } from './pricing';
import { clashedCode, codeHolders, codeTakenError, productIdOfCode } from './product-codes';
import { getProductById, PRODUCT_NOT_FOUND } from './product-page';
import { saleInputProblem } from './sale-input';
import { placeNewVariant } from './variant-combination';

/**
 * PUT /api/product/{product}/variants: a product's options and variants replaced as a whole, in one
 * transaction. Options and their values are properties found by their Hungarian title (so "Méret: M"
 * filters like any property) or created; variants keep their id (and their cart lines and order
 * history) when the input names it or their value combination is unchanged.
 */

type Deps = { prisma: PrismaClient; cache: VersionedCache };
type Tx = Prisma.TransactionClient;
type VariantInput = TProductVariantsInput['variants'][number];

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid_input', `Hibás adat: ${path} – ${message}`, [{ path, message }]);
}

const fold = foldOptionTitle;

/** The checks that need nothing but the input; each names the field it is about. */
function checkShape(input: TProductVariantsInput): void {
  const { options, variants } = input;
  if (options.length === 0 && variants.length > 0) {
    throw invalid('options', 'Változatokhoz legalább egy opció kell (pl. Méret).');
  }
  if (options.length > 0 && variants.length === 0) {
    throw invalid('variants', 'Az opciókhoz legalább egy változat kell: hozd létre a változatokat.');
  }
  const optionTitles = new Map<string, number>();
  for (const [i, option] of options.entries()) {
    const seen = optionTitles.get(fold(option.title));
    if (seen !== undefined) {
      throw invalid(
        `options.${i}.title`,
        `${withArticle(`„${option.title}”`, { capital: true })} opció kétszer szerepel.`,
      );
    }
    optionTitles.set(fold(option.title), i);
    const values = new Set<string>();
    for (const [j, value] of option.values.entries()) {
      if (values.has(fold(value.title))) {
        throw invalid(
          `options.${i}.values.${j}.title`,
          `${withArticle(`„${value.title}”`, { capital: true })} érték kétszer szerepel ${withArticle(`„${option.title}”`)} opcióban.`,
        );
      }
      values.add(fold(value.title));
    }
  }
  const combinations = new Map<string, number>();
  const codes = new Map<string, number>();
  const ids = new Map<number, number>();
  for (const [i, variant] of variants.entries()) {
    if (variant.values.length !== options.length) {
      throw invalid(
        `variants.${i}.values`,
        `A változatnak minden opcióból egy értéke legyen (${options.length}), sorrendben: ${options.map((option) => option.title).join(', ')}.`,
      );
    }
    for (const [k, title] of variant.values.entries()) {
      const option = options[k];
      if (option && !option.values.some((value) => fold(value.title) === fold(title))) {
        throw invalid(
          `variants.${i}.values.${k}`,
          `${withArticle(`„${title}”`, { capital: true })} nem ${withArticle(`„${option.title}”`)} opció értéke.`,
        );
      }
    }
    const key = variant.values.map(fold).join('\u0001');
    const twin = combinations.get(key);
    if (twin !== undefined) {
      throw invalid(
        `variants.${i}.values`,
        `${withArticle(`„${variant.values.join(', ')}”`, { capital: true })} változat kétszer szerepel (${twin + 1}. és ${i + 1}. sor).`,
      );
    }
    combinations.set(key, i);
    const code = variant.kutiId || null;
    if (code) {
      const other = codes.get(code.toLowerCase());
      if (other !== undefined) {
        throw invalid(
          `variants.${i}.kutiId`,
          `${withArticle(`„${code}”`, { capital: true })} termékkód két változatnál is szerepel (${other + 1}. és ${i + 1}. sor).`,
        );
      }
      codes.set(code.toLowerCase(), i);
    }
    checkOwnPrices(variant, i);
    if (variant.id !== undefined) {
      if (ids.has(variant.id)) {
        throw invalid(`variants.${i}.id`, 'Egy változat csak egyszer szerepelhet a listában.');
      }
      ids.set(variant.id, i);
    }
  }
}

/** A variant's own tiers and group prices: one price per quantity and per group. */
function checkOwnPrices(variant: VariantInput, i: number): void {
  const quantities = new Set<number>();
  for (const [k, tier] of (variant.tiers ?? []).entries()) {
    if (quantities.has(tier.minQuantity)) {
      throw invalid(
        `variants.${i}.tiers.${k}.minQuantity`,
        `${tier.minQuantity} darabtól két mennyiségi ár is szerepel: egy mennyiséghez csak egy ár tartozhat.`,
      );
    }
    quantities.add(tier.minQuantity);
  }
  const groups = new Set<number>();
  for (const [k, price] of (variant.groupPrices ?? []).entries()) {
    if (groups.has(price.groupId)) {
      throw invalid(
        `variants.${i}.groupPrices.${k}.groupId`,
        'Egy vevőcsoporthoz csak egy ár tartozhat: a csoport kétszer szerepel.',
      );
    }
    groups.add(price.groupId);
  }
}

/** Refuses a group price for a customer group that does not exist. */
async function checkGroupsExist(tx: Tx, variants: readonly VariantInput[]): Promise<void> {
  const named = [
    ...new Set(variants.flatMap((variant) => (variant.groupPrices ?? []).map((p) => p.groupId))),
  ];
  if (named.length === 0) return;
  const found = new Set(
    (await tx.customerGroup.findMany({ where: { id: { in: named } }, select: { id: true } })).map(
      (g) => g.id,
    ),
  );
  for (const [i, variant] of variants.entries()) {
    for (const [k, price] of (variant.groupPrices ?? []).entries()) {
      if (!found.has(price.groupId)) {
        throw invalid(
          `variants.${i}.groupPrices.${k}.groupId`,
          `Nincs ${price.groupId} azonosítójú vevőcsoport.`,
        );
      }
    }
  }
}

/**
 * Replaces the own tiers and group prices of each variant whose input lists them (a list left out keeps
 * what is stored; a removed variant's go with it).
 */
async function writeOwnPrices(
  tx: Tx,
  rows: readonly { variantId: number; input: VariantInput }[],
): Promise<void> {
  const withTiers = rows.filter((row) => row.input.tiers !== undefined);
  if (withTiers.length > 0) {
    await tx.productVariantPriceTier.deleteMany({
      where: { variantId: { in: withTiers.map((row) => row.variantId) } },
    });
    await tx.productVariantPriceTier.createMany({
      data: withTiers.flatMap((row) =>
        (row.input.tiers ?? []).map((tier) => ({
          variantId: row.variantId,
          minQuantity: tier.minQuantity,
          grossPrice: tier.price,
        })),
      ),
    });
  }
  const withGroups = rows.filter((row) => row.input.groupPrices !== undefined);
  if (withGroups.length > 0) {
    await tx.productVariantGroupPrice.deleteMany({
      where: { variantId: { in: withGroups.map((row) => row.variantId) } },
    });
    await tx.productVariantGroupPrice.createMany({
      data: withGroups.flatMap((row) =>
        (row.input.groupPrices ?? []).map((group) => ({
          variantId: row.variantId,
          groupId: group.groupId,
          grossPrice: group.price,
        })),
      ),
    });
  }
}

/** Every property with its Hungarian title and its values' titles, for matching by title. */
const titledRows = { select: { id: true, language: true, title: true } } as const;

async function loadProperties(tx: Tx) {
  return tx.property.findMany({
    select: {
      id: true,
      code: true,
      descriptions: titledRows,
      values: {
        select: { id: true, position: true, swatch: true, descriptions: titledRows },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
      },
    },
    orderBy: { id: 'asc' },
  });
}

const titleOf = (row: { descriptions: { id: number; language: string; title: string }[] }) =>
  (
    row.descriptions.find((description) => description.language === DEFAULT_LANGUAGE) ??
    primaryDescription(row.descriptions)
  )?.title ?? '';

/**
 * The property of each option (found by title or created, filterable) and, per option, its values'
 * ids by folded title (found or created; a given swatch is stored).
 */
async function resolveOptions(
  tx: Tx,
  options: TProductVariantsInput['options'],
): Promise<{ propertyId: number; valueIds: Map<string, number> }[]> {
  const properties = await loadProperties(tx);
  const codes = properties.map((property) => property.code);
  const resolved: { propertyId: number; valueIds: Map<string, number> }[] = [];
  for (const option of options) {
    let property = properties.find((row) => fold(titleOf(row)) === fold(option.title));
    if (!property) {
      const code = firstFreeSlug((slugify(option.title) || 'opcio').slice(0, 40), codes);
      codes.push(code);
      const last = await tx.property.aggregate({ _max: { position: true } });
      const created = await tx.property.create({
        data: {
          code,
          filterable: true,
          position: (last._max.position ?? -1) + 1,
          descriptions: { create: { language: DEFAULT_LANGUAGE, title: option.title } },
        },
        select: { id: true },
      });
      property = { id: created.id, code, descriptions: [], values: [] };
    }
    const valueIds = new Map<string, number>();
    let nextPosition = Math.max(-1, ...property.values.map((value) => value.position)) + 1;
    for (const value of option.values) {
      const found = property.values.find((row) => fold(titleOf(row)) === fold(value.title));
      let valueId: number;
      if (found) {
        valueId = found.id;
        if (value.swatch !== undefined && value.swatch !== found.swatch) {
          await tx.propertyValue.update({
            where: { id: found.id },
            data: { swatch: value.swatch },
            select: { id: true },
          });
        }
      } else {
        valueId = (
          await tx.propertyValue.create({
            data: {
              propertyId: property.id,
              position: nextPosition++,
              swatch: value.swatch ?? null,
              descriptions: { create: { language: DEFAULT_LANGUAGE, title: value.title } },
            },
            select: { id: true },
          })
        ).id;
      }
      valueIds.set(fold(value.title), valueId);
    }
    resolved.push({ propertyId: property.id, valueIds });
  }
  return resolved;
}

/**
 * Refuses a code, ignoring case, that another product (this one included) or another product's variant
 * holds; this product's variants may swap codes among themselves.
 */
async function checkCodesFree(tx: Tx, productId: number, variants: readonly VariantInput[]): Promise<void> {
  const codes = variants.flatMap((variant) => (variant.kutiId ? [variant.kutiId] : []));
  const taken = new Set(
    (await codeHolders(tx, codes))
      .filter((holder) => holder.variantId === null || holder.productId !== productId)
      .map((holder) => holder.asked),
  );
  const index = variants.findIndex((variant) => variant.kutiId && taken.has(variant.kutiId));
  const clash = variants[index];
  if (clash?.kutiId) throw codeTakenError(clash.kutiId, `variants.${index}.kutiId`);
}

/**
 * Product.stock of a product with variants: its enabled variants' stock, never below zero each (an
 * oversold variant counts as none). Every writer of a variant's stock or switch calls this.
 */
export async function recomputeStock(tx: Tx, productId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ stock: number }[]>`
    UPDATE "Product" SET
      stock = (SELECT coalesce(sum(greatest(stock, 0)), 0)::int FROM "ProductVariant"
               WHERE "productId" = ${productId} AND enabled),
      "stockChangedAt" = now()
    WHERE id = ${productId}
    RETURNING stock`;
  return Number(row?.stock ?? 0);
}

const SALE_WINDOW = { salePrice: true, saleStartsAt: true, saleEndsAt: true } as const;

type PricedVariant = {
  id: number;
  grossPrice: number | null;
  salePrice: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
};

/**
 * The price history of each variant with a list price of its own whose price or sale this save set
 * (a new one too), so its 30-day lowest price is its own (lowest-price.ts).
 */
async function recordVariantPrices(
  tx: Tx,
  productId: number,
  before: readonly PricedVariant[],
  after: readonly PricedVariant[],
): Promise<void> {
  const now = new Date();
  const time = (date: Date | null) => date?.getTime() ?? null;
  for (const variant of after) {
    if (variant.grossPrice === null) continue;
    const old = before.find((row) => row.id === variant.id);
    const same =
      old !== undefined &&
      old.grossPrice === variant.grossPrice &&
      old.salePrice === variant.salePrice &&
      time(old.saleStartsAt) === time(variant.saleStartsAt) &&
      time(old.saleEndsAt) === time(variant.saleEndsAt);
    if (same) continue;
    await recordScheduledPrices(
      tx,
      { productId, variantId: variant.id },
      variant.grossPrice,
      saleWindowOf(variant),
      now,
    );
  }
}

/** A row's sale as stored: a null sale price clears its start and end too; a missing edge is open. */
function saleOfRow(variant: VariantInput) {
  const at = (value: string | null | undefined) => (value ? new Date(value) : null);
  const salePrice = variant.salePrice ?? null;
  return {
    salePrice,
    saleStartsAt: salePrice === null ? null : at(variant.saleStartsAt),
    saleEndsAt: salePrice === null ? null : at(variant.saleEndsAt),
  };
}

async function writeVariants(tx: Tx, input: TProductVariantsInput): Promise<void> {
  const productId = input.product;
  // The row lock keeps two admins' saves of one product (and the stock sum) one after the other.
  const [product] = await tx.$queryRaw<
    { id: number; kutiId: string | null; stock: number; grossPrice: number }[]
  >`
    SELECT id, "kutiId", stock, "grossPrice" FROM "Product" WHERE id = ${productId} FOR UPDATE`;
  if (!product) throw new DomainError('not_found', PRODUCT_NOT_FOUND);

  const [existing, images] = await Promise.all([
    tx.productVariant.findMany({
      where: { productId },
      select: {
        id: true,
        kutiId: true,
        stock: true,
        grossPrice: true,
        ...SALE_WINDOW,
        values: { select: { propertyValueId: true } },
      },
    }),
    tx.productImage.findMany({ where: { productId }, select: { mediaId: true } }),
  ]);
  const existingIds = new Set(existing.map((variant) => variant.id));
  const imageIds = new Set(images.map((image) => image.mediaId));
  for (const [i, variant] of input.variants.entries()) {
    if (variant.id !== undefined && !existingIds.has(variant.id)) {
      throw invalid(
        `variants.${i}.id`,
        `${withArticle(variant.id, { capital: true })} azonosítójú változat nem ennek a terméknek a változata.`,
      );
    }
    if (variant.mediaId != null && !imageIds.has(variant.mediaId)) {
      throw invalid(`variants.${i}.mediaId`, 'A változat képe a termék képei közül választható.');
    }
    if (variant.salePrice != null) {
      // The list price it reduces: its own as saved, else the product's.
      const stored = existing.find((row) => row.id === variant.id)?.grossPrice ?? null;
      const listPrice =
        (variant.grossPrice !== undefined ? variant.grossPrice : stored) ?? product.grossPrice;
      const problem = saleInputProblem(
        { ...saleOfRow(variant), salePrice: variant.salePrice },
        Number(listPrice),
      );
      if (problem) throw invalid(`variants.${i}.${problem.field}`, problem.message);
    }
  }
  await checkCodesFree(tx, productId, input.variants);
  await checkGroupsExist(tx, input.variants);

  const options = await resolveOptions(tx, input.options);
  await tx.productOption.deleteMany({ where: { productId } });
  await tx.productOption.createMany({
    data: options.map((option, position) => ({ productId, propertyId: option.propertyId, position })),
  });

  // Which stored variant each input row is: the one it names, else the one with its combination.
  const valueIdsOf = (variant: VariantInput) =>
    variant.values.map((title, k) => options[k]?.valueIds.get(fold(title)) ?? 0);
  const keyOf = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');
  const claimed = new Set(input.variants.flatMap((variant) => (variant.id ? [variant.id] : [])));
  const byCombination = new Map(
    existing
      .filter((variant) => !claimed.has(variant.id))
      .map((variant) => [keyOf(variant.values.map((value) => value.propertyValueId)), variant.id]),
  );
  const targets = input.variants.map((variant) => {
    if (variant.id !== undefined) return variant.id;
    const match = byCombination.get(keyOf(valueIdsOf(variant)));
    if (match === undefined) return null;
    byCombination.delete(keyOf(valueIdsOf(variant)));
    return match;
  });

  const kept = new Set(targets.filter((id): id is number => id !== null));
  const removed = existing.filter((variant) => !kept.has(variant.id)).map((variant) => variant.id);
  // Order lines keep their title and code (variantId becomes null); cart lines and requests go.
  if (removed.length > 0) await tx.productVariant.deleteMany({ where: { id: { in: removed } } });
  if (input.options.length > 0) {
    // A product sold in variants has no line of its own in a cart: the shopper picks a variant again.
    await tx.cartLine.deleteMany({ where: { productId, variantId: null } });
  }
  // Codes may move between this product's variants in one save: free them first, so the unique index
  // does not see one variant take a code before the other gives it up.
  const moving = existing.filter((variant) => {
    const wanted = input.variants[targets.indexOf(variant.id)]?.kutiId;
    // A row without kutiId keeps its code.
    return variant.kutiId !== null && wanted !== undefined && variant.kutiId !== (wanted || null);
  });
  if (moving.length > 0) {
    await tx.productVariant.updateMany({
      where: { id: { in: moving.map((variant) => variant.id) } },
      data: { kutiId: null },
    });
  }

  const rows = input.variants.map((variant, position) => ({
    input: variant,
    target: targets[position] ?? null,
    valueIds: valueIdsOf(variant),
    data: {
      position,
      ...(variant.kutiId !== undefined ? { kutiId: variant.kutiId || null } : {}),
      ...(variant.ean !== undefined ? { ean: variant.ean || null } : {}),
      ...(variant.stock !== undefined ? { stock: variant.stock } : {}),
      ...(variant.grossPrice !== undefined ? { grossPrice: variant.grossPrice } : {}),
      ...(variant.salePrice !== undefined ? saleOfRow(variant) : {}),
      ...(variant.weightGrams !== undefined ? { weightGrams: variant.weightGrams } : {}),
      ...(variant.mediaId !== undefined ? { mediaId: variant.mediaId } : {}),
      ...(variant.enabled !== undefined ? { enabled: variant.enabled } : {}),
    },
  }));
  const updates = rows.filter((row) => row.target !== null);
  for (const row of updates) {
    await tx.productVariant.update({ where: { id: row.target ?? 0 }, data: row.data, select: { id: true } });
  }
  const fresh = rows.filter((row) => row.target === null);
  // createManyAndReturn answers in the order given, so each new id meets its values.
  const created = await tx.productVariant.createManyAndReturn({
    data: fresh.map((row) => ({ productId, ...row.data })),
    select: { id: true },
  });
  await tx.productVariantValue.deleteMany({ where: { variantId: { in: [...kept] } } });
  await tx.productVariantValue.createMany({
    data: [
      ...updates.map((row) => ({ variantId: row.target ?? 0, valueIds: row.valueIds })),
      ...fresh.map((row, i) => ({ variantId: created[i]?.id ?? 0, valueIds: row.valueIds })),
    ].flatMap(({ variantId, valueIds }) =>
      valueIds.map((propertyValueId) => ({ variantId, propertyValueId })),
    ),
  });
  await writeOwnPrices(tx, [
    ...updates.map((row) => ({ variantId: row.target ?? 0, input: row.input })),
    ...fresh.map((row, i) => ({ variantId: created[i]?.id ?? 0, input: row.input })),
  ]);

  // Without variants the product is sold as itself again, with the stock its variants had.
  const stock = input.options.length > 0 ? await recomputeStock(tx, productId) : product.stock;
  await enqueueWebhookEvent(tx, 'product.changed', {
    items: [{ id: productId, kutiId: product.kutiId, deleted: false }],
  });
  // An integrator syncing stock hears of each variant whose stock was set, and of the product's total.
  const stockBefore = new Map(existing.map((variant) => [variant.id, variant.stock]));
  const after = await tx.productVariant.findMany({
    where: { productId },
    select: { id: true, kutiId: true, stock: true, grossPrice: true, ...SALE_WINDOW },
    orderBy: { id: 'asc' },
  });
  await recordVariantPrices(tx, productId, existing, after);
  const moved = [
    ...after
      .filter((variant) => stockBefore.get(variant.id) !== variant.stock)
      .map((variant) => ({
        product: productId,
        variant: variant.id,
        kutiId: variant.kutiId,
        stock: variant.stock,
      })),
    ...(stock !== Number(product.stock)
      ? [{ product: productId, variant: null, kutiId: product.kutiId, stock }]
      : []),
  ];
  if (moved.length > 0) await enqueueWebhookEvent(tx, 'stock.changed', { items: moved });
}

/** One variant added by a product's code (the import's row of a new size or colour). */
export type NewVariant = {
  productCode: string;
  /** "Méret: M | Szín: kék" as pairs, in any order. */
  pairs: readonly (readonly [string, string])[];
  fields: Omit<VariantInput, 'id' | 'values'>;
};

/**
 * Adds one variant to a product, keeping its other variants as they are: the product's options stay
 * (an option gains the new value), a product without options takes the row's, as the admin's variant
 * editor would save it. Refuses options that differ from the product's and a combination it already
 * sells. Runs inside the caller's transaction.
 */
export async function addVariant(tx: Tx, variant: NewVariant): Promise<void> {
  // The sheet's code finds its product whatever its case.
  const productId = await productIdOfCode(tx, variant.productCode);
  const product =
    productId === null
      ? null
      : await tx.product.findUnique({
          where: { id: productId },
          select: {
            id: true,
            options: {
              select: { propertyId: true, property: { select: { descriptions: titledRows } } },
              orderBy: { position: 'asc' },
            },
            variants: {
              select: {
                id: true,
                values: {
                  select: { propertyValue: { select: { propertyId: true, descriptions: titledRows } } },
                },
              },
              orderBy: [{ position: 'asc' }, { id: 'asc' }],
            },
          },
        });
  if (!product) {
    throw new DomainError('not_found', `Nincs „${variant.productCode}” cikkszámú termék a boltban.`);
  }
  const combinations = product.variants.map((row) =>
    product.options.map((option) => {
      const value = row.values.find((link) => link.propertyValue.propertyId === option.propertyId);
      return value ? titleOf(value.propertyValue) : '';
    }),
  );
  const placed = placeNewVariant(
    { titles: product.options.map((option) => titleOf(option.property)), combinations },
    variant.pairs,
  );
  if ('problem' in placed) throw new DomainError('invalid_input', placed.problem);
  const options = placed.options.map((title, k) => {
    const titles = new Map<string, string>();
    for (const value of [
      ...combinations.map((combination) => combination[k] ?? ''),
      placed.values[k] ?? '',
    ]) {
      if (value && !titles.has(fold(value))) titles.set(fold(value), value);
    }
    return { title, values: [...titles.values()].map((value) => ({ title: value })) };
  });
  const input: TProductVariantsInput = {
    product: product.id,
    options,
    variants: [
      ...product.variants.map((row, i) => ({ id: row.id, values: combinations[i] ?? [] })),
      { ...variant.fields, values: placed.values },
    ],
  };
  checkShape(input);
  await bumpCatalogue(tx);
  await writeVariants(tx, input);
}

export async function saveProductVariants(deps: Deps, input: TProductVariantsInput): Promise<TProduct> {
  checkShape(input);
  try {
    await deps.prisma.$transaction(
      async (tx) => {
        await bumpCatalogue(tx);
        await writeVariants(tx, input);
      },
      // Up to 250 variants are written one by one.
      { maxWait: 15_000, timeout: 15_000 },
    );
  } catch (error) {
    const code = error instanceof DomainError ? undefined : clashedCode(error);
    if (code !== undefined) {
      // Another writer took the code between the check and the write.
      const index = input.variants.findIndex((variant) => code !== null && variant.kutiId === code);
      throw codeTakenError(
        code ?? input.variants.find((variant) => variant.kutiId)?.kutiId ?? '',
        index >= 0 ? `variants.${index}.kutiId` : 'variants',
        error,
      );
    }
    throw error;
  }
  invalidateCatalogue(deps.cache);
  return getProductById(deps, { shopper: GUEST, isAdmin: true }, input.product);
}
