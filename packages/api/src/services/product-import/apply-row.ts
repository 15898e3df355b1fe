import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { DEFAULT_LANGUAGE, type TProductUpdateInput, ZProductUpdateInput } from '../../schemas';
import type { ProductField } from '../../schemas/product-sheet';
import { bumpCatalogue, invalidateCatalogue } from '../catalogue/in-memory-index';
import { recordScheduledPrices } from '../catalogue/lowest-price';
import { saleWindowOf } from '../catalogue/pricing';
import { writeProduct } from '../catalogue/product-admin';
import { addVariant, type NewVariant, recomputeStock } from '../catalogue/product-variants';
import { createCategory } from '../category';
import { encodeImage, saveImage, sniffMediaType } from '../media';
import { FIELD_HEADERS } from '../product-transfer/columns';
import { slugify } from '../slug';
import { enqueueWebhookEvent } from '../webhooks/events';
import {
  type CatalogueState,
  pairKey,
  pathKey,
  type StoredProduct,
  type StoredVariant,
} from './catalogue-state';
import type { RowValues } from './cells';
import { PictureFetchError, type PictureFetcher } from './fetch-picture';
import type { RowPlan } from './plan-row';

type Tx = Prisma.TransactionClient;

export type ApplyDeps = {
  prisma: PrismaClient;
  cache: VersionedCache;
  publicUrl: string;
  fetchPicture: PictureFetcher;
};

/**
 * Creates the categories a batch of rows names and the shop lacks, level by level, and records them
 * in `state`; a path already created by an earlier row (or an earlier run of a restarted job) is found.
 */
export async function ensureCategories(deps: ApplyDeps, state: CatalogueState, paths: readonly string[][]) {
  for (const path of paths) {
    let parent: number | null = null;
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth);
      const known = state.categoryByPath.get(pathKey(prefix));
      if (known !== undefined) {
        parent = known;
        continue;
      }
      const created = await createCategory(deps, {
        parent,
        descriptions: [{ language: DEFAULT_LANGUAGE, title: prefix[depth - 1] as string }],
      });
      state.categoryByPath.set(pathKey(prefix), created.id);
      state.categoryPathById.set(created.id, prefix.join(' > '));
      parent = created.id;
    }
  }
}

/** Creates the missing properties and values ("Márka: Kék Bögre") of a batch, in one transaction. */
export async function ensurePropertyValues(
  deps: ApplyDeps,
  state: CatalogueState,
  pairs: readonly [string, string][],
) {
  const missing = pairs.filter(([property, value]) => !state.valueByPair.has(pairKey(property, value)));
  if (!missing.length) return;
  await deps.prisma.$transaction(async (tx) => {
    await bumpCatalogue(tx);
    for (const [property, value] of missing) {
      if (state.valueByPair.has(pairKey(property, value))) continue;
      let propertyId = state.propertyByTitle.get(property.toLowerCase());
      if (propertyId === undefined) {
        const code = await freePropertyCode(tx, slugify(property) || 'tulajdonsag');
        const last = await tx.property.aggregate({ _max: { position: true } });
        propertyId = (
          await tx.property.create({
            data: {
              code,
              position: (last._max.position ?? -1) + 1,
              descriptions: { create: { language: DEFAULT_LANGUAGE, title: property } },
            },
            select: { id: true },
          })
        ).id;
        state.propertyByTitle.set(property.toLowerCase(), propertyId);
      }
      const position = await tx.propertyValue.count({ where: { propertyId } });
      const created = await tx.propertyValue.create({
        data: {
          propertyId,
          position,
          descriptions: { create: { language: DEFAULT_LANGUAGE, title: value } },
        },
        select: { id: true },
      });
      state.valueByPair.set(pairKey(property, value), created.id);
      state.pairByValueId.set(created.id, `${property}: ${value}`);
    }
  });
  invalidateCatalogue(deps.cache);
}

async function freePropertyCode(tx: Pick<PrismaClient, 'property'>, base: string): Promise<string> {
  for (let suffix = 1; ; suffix++) {
    const code = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await tx.property.findUnique({ where: { code }, select: { id: true } }))) return code;
  }
}

/**
 * Fetches one picture address into the media library, named by its address so a later import of the
 * same sheet finds it instead of fetching it again. Answers the reason when it cannot.
 */
export async function importPicture(
  deps: ApplyDeps,
  state: CatalogueState,
  address: string,
  bring: PictureFetcher,
): Promise<string | null> {
  if (state.mediaBySource.has(address)) return null;
  try {
    const bytes = await bring(address);
    const type = sniffMediaType(bytes);
    if (!type || type === 'application/pdf') return `Nem kép: ${address.slice(0, 80)}`;
    const medium = await saveImage(deps.prisma, await encodeImage(bytes, type), {
      fileName: address,
      alt: null,
    });
    state.mediaBySource.set(address, medium.id);
    state.mediaIds.add(medium.id);
    return null;
  } catch (error) {
    if (error instanceof PictureFetchError || error instanceof DomainError) return error.message;
    throw error;
  }
}

/** The changed fields of a product row as the one writer of products takes them (POST /api/product/update). */
export function productInput(plan: RowPlan, state: CatalogueState): TProductUpdateInput {
  const values = plan.values;
  const stored = plan.target?.kind === 'product' ? plan.target.stored : null;
  const changed = new Set(plan.changes.map((change) => change.field));
  // A new product takes every given field; a stored one only those the plan found changed.
  const touched = (field: ProductField) => !stored || changed.has(FIELD_HEADERS[field]);
  const input: TProductUpdateInput = { kutiId: values.sku };
  for (const field of SCALARS) {
    if (values[field] !== undefined && touched(field))
      (input as Record<string, unknown>)[field] = values[field];
  }
  if (values.saleStartsAt !== undefined && touched('saleStartsAt')) {
    input.saleStartsAt = values.saleStartsAt?.toISOString() ?? null;
  }
  if (values.saleEndsAt !== undefined && touched('saleEndsAt')) {
    input.saleEndsAt = values.saleEndsAt?.toISOString() ?? null;
  }
  if ((['name', 'description', 'metaTitle', 'metaDescription'] as const).some(touched)) {
    input.descriptions = [descriptionOf(values, stored)];
  }
  if (values.categories && touched('categories')) {
    input.categoryIds = values.categories.flatMap((path) => state.categoryByPath.get(pathKey(path)) ?? []);
  }
  if (values.properties && touched('properties')) {
    input.propertyValueIds = values.properties.flatMap(([property, value]) => {
      const id = state.valueByPair.get(pairKey(property, value));
      return id === undefined ? [] : [id];
    });
  }
  if (values.tiers && touched('tiers')) input.tiers = values.tiers;
  if (values.groupPrices && touched('groupPrices')) {
    const priced = values.groupPrices.map(([group, price]) => ({
      groupId: state.groupByName.get(group.toLowerCase()) as number,
      price,
      hidden: false,
    }));
    // A product hidden from a group stays hidden: the sheet carries prices, not visibility.
    const hidden = (stored?.hiddenGroups ?? []).filter(
      (entry) => !priced.some((price) => price.groupId === entry.groupId),
    );
    input.groupPrices = [...priced, ...hidden.map((entry) => ({ ...entry, hidden: true }))];
  }
  if (values.images && touched('images')) {
    input.imageIds = plan.imageSources.flatMap((source) => {
      const id = source.startsWith('media:')
        ? Number(source.slice('media:'.length))
        : state.mediaBySource.get(source);
      return id === undefined ? [] : [id];
    });
  }
  return input;
}

/** The fields a product row sets as they are. */
const SCALARS = [
  'price',
  'salePrice',
  'vatClass',
  'stock',
  'unit',
  'netQuantity',
  'netQuantityUnit',
  'weightGrams',
  'ean',
  'enabled',
  'featured',
  'feedExcluded',
  'slug',
] as const satisfies readonly (ProductField & keyof RowValues & keyof TProductUpdateInput)[];

function descriptionOf(values: RowValues, stored: StoredProduct | null) {
  const pick = <T>(given: T | undefined, kept: T | null | undefined) =>
    given === undefined ? (kept ?? null) : given;
  return {
    language: DEFAULT_LANGUAGE,
    title: values.name ?? stored?.name ?? '',
    body: pick(values.description, stored?.description),
    metaTitle: pick(values.metaTitle, stored?.metaTitle),
    metaDescription: pick(values.metaDescription, stored?.metaDescription),
  };
}

/**
 * Writes one planned row inside the batch's transaction: a product through the one writer of products
 * (price history, webhooks, catalogue version), a variant's own fields with its product's stock sum
 * kept in step. Throws what the writer refuses; the caller undoes the row's savepoint.
 */
export async function writeRow(tx: Tx, plan: RowPlan, state: CatalogueState, now: Date) {
  if (plan.target?.kind === 'variant') {
    await writeVariant(tx, plan.target.stored, plan.values, now);
    return;
  }
  if (plan.target?.kind === 'newVariant') {
    const { productCode, pairs } = plan.target;
    await addVariant(tx, { productCode, pairs, fields: newVariantFields(plan) });
    return;
  }
  const input = checkedInput(plan, state);
  if (typeof input === 'string') throw new DomainError('invalid_input', input);
  await writeProduct(tx, input, now);
}

/** A product row's input as the product schema checks it, or the schema's Hungarian reasons. */
export function checkedInput(plan: RowPlan, state: CatalogueState): TProductUpdateInput | string {
  const parsed = ZProductUpdateInput.safeParse(productInput(plan, state));
  return parsed.success ? parsed.data : parsed.error.issues.map((issue) => issue.message).join(' ');
}

/** A new variant's own fields from its row; what the row leaves out is the product's. */
function newVariantFields(plan: RowPlan): NewVariant['fields'] {
  const { values } = plan;
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  return {
    kutiId: plan.sku,
    ...(values.ean !== undefined ? { ean: values.ean } : {}),
    stock: values.stock ?? 0,
    ...(values.price !== undefined ? { grossPrice: values.price } : {}),
    ...(values.salePrice !== undefined
      ? {
          salePrice: values.salePrice,
          saleStartsAt: iso(values.saleStartsAt),
          saleEndsAt: iso(values.saleEndsAt),
        }
      : {}),
    ...(values.weightGrams !== undefined ? { weightGrams: values.weightGrams } : {}),
    ...(values.enabled !== undefined ? { enabled: values.enabled } : {}),
  };
}

async function writeVariant(tx: Tx, stored: StoredVariant, values: RowValues, now: Date): Promise<void> {
  const stockMoved = values.stock !== undefined && values.stock !== stored.stock;
  const moved = <T>(given: T | undefined, kept: T, same = (a: T, b: T) => a === b) =>
    given !== undefined && !same(given, kept);
  const sameTime = (a: Date | null, b: Date | null) => a?.getTime() === b?.getTime();
  const repriced =
    moved(values.price, stored.price) ||
    moved(values.salePrice, stored.salePrice) ||
    moved(values.saleStartsAt, stored.saleStartsAt, sameTime) ||
    moved(values.saleEndsAt, stored.saleEndsAt, sameTime);

  await bumpCatalogue(tx);
  await tx.productVariant.update({
    where: { id: stored.id },
    data: {
      ...(values.stock !== undefined ? { stock: values.stock } : {}),
      ...(values.price !== undefined ? { grossPrice: values.price } : {}),
      ...(values.salePrice !== undefined ? { salePrice: values.salePrice } : {}),
      ...(values.saleStartsAt !== undefined ? { saleStartsAt: values.saleStartsAt } : {}),
      ...(values.saleEndsAt !== undefined ? { saleEndsAt: values.saleEndsAt } : {}),
      ...(values.weightGrams !== undefined ? { weightGrams: values.weightGrams } : {}),
      ...(values.ean !== undefined ? { ean: values.ean } : {}),
      ...(values.enabled !== undefined ? { enabled: values.enabled } : {}),
    },
    select: { id: true },
  });
  if (repriced) {
    // A variant with a list price of its own keeps its own price history (lowest-price.ts).
    const priced = await tx.productVariant.findUniqueOrThrow({
      where: { id: stored.id },
      select: { grossPrice: true, salePrice: true, saleStartsAt: true, saleEndsAt: true },
    });
    if (priced.grossPrice !== null) {
      await recordScheduledPrices(
        tx,
        { productId: stored.productId, variantId: stored.id },
        priced.grossPrice,
        saleWindowOf(priced),
        now,
      );
    }
  }
  if (stockMoved || (values.enabled !== undefined && values.enabled !== stored.enabled)) {
    await recomputeStock(tx, stored.productId);
  }
  if (stockMoved && values.stock !== undefined) {
    await enqueueWebhookEvent(tx, 'stock.changed', {
      items: [{ product: stored.productId, variant: stored.id, kutiId: stored.kutiId, stock: values.stock }],
    });
  }
}
