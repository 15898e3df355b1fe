import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import type { TProductStockInput, TProductStockOutput, TProductStockResult } from '../../schemas';
import { withArticle } from '../../schemas/hungarian';
import { publishStockLevels } from '../orders/order-status';
import { enqueueWebhookEvent } from '../webhooks/events';
import { enqueueStockChanged } from '../webhooks/shop-events';
import { bumpCatalogue, invalidateCatalogue } from './in-memory-index';
import { recordPriceChanges } from './lowest-price';
import { codeHolders } from './product-codes';
import type { StockLevel } from './stock-sync';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

type CodedProduct = { id: number; kutiId: string; stock: number; grossPrice: number; hasVariants: boolean };
type CodedVariant = {
  id: number;
  productId: number;
  kutiId: string;
  stock: number;
  grossPrice: number | null;
};

export const stockOfProductWithVariants = (code: string) =>
  `${withArticle(`„${code}”`, { capital: true })} kódú termék változatokban kapható: a készletét a változatok kódjával add meg.`;

/**
 * POST /api/product/stock: an integrator's stock and price by its own codes, up to 1 000 in one
 * transaction (all written or none). A code is a product's or a variant's (codes are unique across
 * both, whatever their case, and found so), so one call may mix them. Stock is written the way orders move it: stamped in
 * `stockChangedAt`, applied in place to this server's catalogue and read by every other server within
 * a second, so a stock-only update never rebuilds the catalogue. A variant's stock moves its product's
 * sum in the same transaction; a product sold in variants takes no stock of its own (400). A price goes
 * the way an admin's edit does (price history and 30-day lowest price of a product, a catalogue version
 * bump). A code nothing has is answered `not_found` and changes nothing.
 */
export async function updateStockByCode(
  deps: Deps,
  input: TProductStockInput,
  now = new Date(),
): Promise<TProductStockOutput> {
  const codes = input.items.map((item) => item.kutiId);
  const outcome = await deps.prisma.$transaction(async (tx) => {
    // A code names its product or variant whatever its case; the answer keeps the caller's letters.
    const holders = await codeHolders(tx, codes);
    const productIds = holders.flatMap((holder) => (holder.variantId === null ? [holder.productId] : []));
    const variantIds = holders.flatMap((holder) => (holder.variantId === null ? [] : [holder.variantId]));
    const [products, variants] = await Promise.all([
      tx.$queryRaw<CodedProduct[]>`
        SELECT id, "kutiId", stock, "grossPrice",
          EXISTS (SELECT 1 FROM "ProductVariant" v WHERE v."productId" = p.id) AS "hasVariants"
        FROM "Product" p WHERE id = ANY(${productIds}::int[])`,
      tx.$queryRaw<CodedVariant[]>`
        SELECT id, "productId", "kutiId", stock, "grossPrice" FROM "ProductVariant" WHERE id = ANY(${variantIds}::int[])`,
    ]);
    const productById = new Map(products.map((product) => [product.id, product]));
    const variantById = new Map(variants.map((variant) => [variant.id, variant]));
    const productByCode = new Map<string, CodedProduct>();
    const variantByCode = new Map<string, CodedVariant>();
    for (const holder of holders) {
      const variant = holder.variantId === null ? undefined : variantById.get(holder.variantId);
      const product = holder.variantId === null ? productById.get(holder.productId) : undefined;
      if (variant) variantByCode.set(holder.asked, variant);
      if (product) productByCode.set(holder.asked, product);
    }
    const parents = await productPrices(
      tx,
      variants.map((variant) => variant.productId),
    );

    const stockMoves: StockMove[] = [];
    const variantStockMoves: StockMove[] = [];
    const priceWanted: { id: number; price: number }[] = [];
    const variantPriceWanted: { id: number; price: number }[] = [];
    const results = input.items.map((item, position): TProductStockResult => {
      const product = productByCode.get(item.kutiId);
      const variant = variantByCode.get(item.kutiId);
      const move = stockMoveOf(item, position);
      if (variant) {
        if (move) variantStockMoves.push({ ...move, id: variant.id });
        if (item.price !== undefined && item.price !== variant.grossPrice)
          variantPriceWanted.push({ id: variant.id, price: item.price });
        return {
          kutiId: item.kutiId,
          status: 'updated',
          productId: variant.productId,
          variantId: variant.id,
          stock: item.stock ?? variant.stock,
          price: item.price ?? variant.grossPrice ?? parents.get(variant.productId) ?? 0,
        };
      }
      if (!product) {
        return {
          kutiId: item.kutiId,
          status: 'not_found',
          productId: null,
          variantId: null,
          stock: null,
          price: null,
        };
      }
      if (move && product.hasVariants) {
        const message = stockOfProductWithVariants(item.kutiId);
        const field = item.stock !== undefined ? 'stock' : 'adjust';
        throw new DomainError('invalid_input', message, [{ path: `items.${position}.${field}`, message }]);
      }
      if (move) stockMoves.push({ ...move, id: product.id });
      if (item.price !== undefined && item.price !== product.grossPrice)
        priceWanted.push({ id: product.id, price: item.price });
      return {
        kutiId: item.kutiId,
        status: 'updated',
        productId: product.id,
        variantId: null,
        stock: item.stock ?? product.stock,
        price: item.price ?? product.grossPrice,
      };
    });

    // A variant without its own price is sold at its product's, as this call leaves it.
    const newPrices = new Map(priceWanted.map((row) => [row.id, row.price]));
    for (const result of results) {
      const variant = result.variantId === null ? undefined : variantByCode.get(result.kutiId);
      if (variant && variant.grossPrice === null && !variantPriceWanted.some((row) => row.id === variant.id))
        result.price = newPrices.get(variant.productId) ?? result.price;
    }

    // Catalogue writers take the version row first (as the admin's edit does), then product rows in id
    // order, then variant rows: whoever holds a variant holds its product (orders lock in the same order).
    const priced = priceWanted.length > 0 || variantPriceWanted.length > 0;
    if (priced) await bumpCatalogue(tx);
    const locking = [...stockMoves.map((move) => move.id), ...variants.map((variant) => variant.productId)];
    if (locking.length > 0)
      await tx.$queryRaw`SELECT id FROM "Product" WHERE id = ANY(${[...new Set(locking)]}::int[]) ORDER BY id FOR UPDATE`;
    // Read under the lock: an order placed since the first read has taken its pieces by now, and one
    // placed after waits for this transaction, so a move by `adjust` or `expectedStock` undoes no order.
    const stockWanted = resolveMoves(stockMoves, await currentStock(tx, 'Product', stockMoves), results);
    const variantStockWanted = resolveMoves(
      variantStockMoves,
      await currentStock(tx, 'ProductVariant', variantStockMoves),
      results,
    ).map((level) => ({ ...level, variant: true }));
    const variantMoved = await writeVariantStock(tx, variantStockWanted);
    const stockMoved = await writeStock(tx, stockWanted);
    const pricedProducts = await writePrices(tx, priceWanted);
    const pricedVariants = await writeVariantPrices(tx, variantPriceWanted);
    await recordPriceChanges(
      tx,
      [
        ...pricedProducts.map((row) => ({ productId: row.id, variantId: null, price: row.grossPrice })),
        ...pricedVariants.map((row) => ({
          productId: row.productId,
          variantId: row.id,
          price: row.grossPrice,
        })),
      ],
      now,
    );

    const levels = [...stockMoved, ...variantMoved];
    // A product sold in variants answers its new sum.
    const sums = new Map(
      variantMoved.filter((level) => !level.variant).map((level) => [level.id, level.stock]),
    );
    for (const result of results) {
      if (result.variantId === null && result.productId !== null && sums.has(result.productId))
        result.stock = sums.get(result.productId) ?? result.stock;
    }
    await enqueueStockChanged(
      tx,
      levels.filter((level) => !level.variant).map((level) => level.id),
      levels.filter((level) => level.variant).map((level) => level.id),
    );
    if (priced) {
      const changed = [
        ...new Set([...pricedProducts.map((row) => row.id), ...pricedVariants.map((row) => row.productId)]),
      ];
      const codeOf = new Map(
        await tx.product
          .findMany({ where: { id: { in: changed } }, select: { id: true, kutiId: true } })
          .then((rows) => rows.map((row) => [row.id, row.kutiId] as const)),
      );
      await enqueueWebhookEvent(tx, 'product.changed', {
        items: changed.map((id) => ({ id, kutiId: codeOf.get(id) ?? null, deleted: false })),
      });
    }
    return { results, levels, priced };
  });

  if (outcome.priced) invalidateCatalogue(deps.cache);
  else publishStockLevels(deps.cache, outcome.levels);
  return { results: outcome.results };
}

/** One item's stock as asked: a new level, or a signed move, either only if the stock is still `expected`. */
type StockMove = {
  id: number;
  position: number;
  kutiId: string;
  stock?: number;
  adjust?: number;
  expected?: number;
};

function stockMoveOf(
  item: TProductStockInput['items'][number],
  position: number,
): Omit<StockMove, 'id'> | null {
  if (item.stock === undefined && item.adjust === undefined) return null;
  return {
    position,
    kutiId: item.kutiId,
    ...(item.stock !== undefined ? { stock: item.stock } : {}),
    ...(item.adjust !== undefined ? { adjust: item.adjust } : {}),
    ...(item.expectedStock !== undefined ? { expected: item.expectedStock } : {}),
  };
}

/** The stock of these products or variants now; the caller holds their products' rows. */
async function currentStock(
  tx: Prisma.TransactionClient,
  table: 'Product' | 'ProductVariant',
  moves: readonly StockMove[],
): Promise<Map<number, number>> {
  if (moves.length === 0) return new Map();
  const ids = moves.map((move) => move.id);
  const rows =
    table === 'Product'
      ? await tx.$queryRaw<
          { id: number; stock: number }[]
        >`SELECT id, stock FROM "Product" WHERE id = ANY(${ids}::int[])`
      : await tx.$queryRaw<
          { id: number; stock: number }[]
        >`SELECT id, stock FROM "ProductVariant" WHERE id = ANY(${ids}::int[])`;
  return new Map(rows.map((row) => [Number(row.id), Number(row.stock)]));
}

/**
 * The levels to write: a stock as sent, or the current one moved by `adjust` (never below 0). An
 * `expectedStock` that is no longer the current one refuses the whole call (412), naming the item.
 * Each item's answer gets the level it ends at.
 */
function resolveMoves(
  moves: readonly StockMove[],
  current: ReadonlyMap<number, number>,
  results: TProductStockResult[],
): StockLevel[] {
  const levels: StockLevel[] = [];
  for (const move of moves) {
    const now = current.get(move.id) ?? 0;
    const path = `items.${move.position}`;
    if (move.expected !== undefined && move.expected !== now) {
      const message = `„${move.kutiId}”: a készlet közben változott: most ${now} db, a kérés szerint ${move.expected} db volt; semmi nem változott.`;
      throw new DomainError('precondition_failed', message, [{ path: `${path}.expectedStock`, message }]);
    }
    const stock = move.stock ?? now + (move.adjust ?? 0);
    if (stock < 0) {
      const message = `„${move.kutiId}”: a készlet nem mehet 0 alá (most ${now} db, a változás ${move.adjust}); semmi nem változott.`;
      throw new DomainError('conflict', message, [{ path: `${path}.adjust`, message }]);
    }
    const result = results[move.position];
    if (result) result.stock = stock;
    if (stock !== now) levels.push({ id: move.id, stock });
  }
  return levels;
}

/** The list prices of these products: a variant without its own price is sold at its product's. */
async function productPrices(
  tx: Prisma.TransactionClient,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.product.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, grossPrice: true },
  });
  return new Map(rows.map((row) => [row.id, row.grossPrice]));
}

/** One statement for every stock level; answers the rows it changed. */
async function writeStock(
  tx: Prisma.TransactionClient,
  levels: readonly StockLevel[],
): Promise<StockLevel[]> {
  if (levels.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: number; stock: number }[]>`
    UPDATE "Product" AS p SET stock = wanted.stock, "stockChangedAt" = now(), "updatedAt" = now()
    FROM unnest(${levels.map((level) => level.id)}::int[], ${levels.map((level) => level.stock)}::int[])
      AS wanted(id, stock)
    WHERE p.id = wanted.id AND p.stock IS DISTINCT FROM wanted.stock
    RETURNING p.id, p.stock`;
  return rows.map((row) => ({ id: Number(row.id), stock: Number(row.stock) }));
}

/**
 * Variants' stock levels, then their products' sums (of enabled variants, none below zero); the caller
 * holds the products' rows. Answers the variants and products whose stock changed.
 */
async function writeVariantStock(
  tx: Prisma.TransactionClient,
  levels: readonly StockLevel[],
): Promise<StockLevel[]> {
  if (levels.length === 0) return [];
  const variants = await tx.$queryRaw<{ id: number; productId: number; stock: number }[]>`
    UPDATE "ProductVariant" AS v SET stock = wanted.stock, "updatedAt" = now()
    FROM unnest(${levels.map((level) => level.id)}::int[], ${levels.map((level) => level.stock)}::int[])
      AS wanted(id, stock)
    WHERE v.id = wanted.id AND v.stock IS DISTINCT FROM wanted.stock
    RETURNING v.id, v."productId", v.stock`;
  const moved = [...new Set(variants.map((row) => Number(row.productId)))];
  // A new statement: it reads the variants just written.
  const products = await tx.$queryRaw<{ id: number; stock: number }[]>`
    UPDATE "Product" AS p SET stock = sums.stock, "stockChangedAt" = now(), "updatedAt" = now()
    FROM (
      SELECT "productId" AS id, coalesce(sum(GREATEST(stock, 0)) FILTER (WHERE enabled), 0)::int AS stock
      FROM "ProductVariant" WHERE "productId" = ANY(${moved}::int[]) GROUP BY "productId"
    ) AS sums
    WHERE p.id = sums.id
    RETURNING p.id, p.stock`;
  return [
    ...products.map((row) => ({ id: Number(row.id), stock: Number(row.stock) })),
    ...variants.map((row) => ({ id: Number(row.id), stock: Number(row.stock), variant: true })),
  ];
}

/** One statement for every list price; answers the rows it changed. */
async function writePrices(
  tx: Prisma.TransactionClient,
  prices: readonly { id: number; price: number }[],
): Promise<{ id: number; grossPrice: number }[]> {
  if (prices.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: number; grossPrice: number }[]>`
    UPDATE "Product" AS p SET "grossPrice" = wanted.price, "updatedAt" = now()
    FROM unnest(${prices.map((row) => row.id)}::int[], ${prices.map((row) => row.price)}::int[])
      AS wanted(id, price)
    WHERE p.id = wanted.id AND p."grossPrice" IS DISTINCT FROM wanted.price
    RETURNING p.id, p."grossPrice"`;
  return rows.map((row) => ({ id: Number(row.id), grossPrice: Number(row.grossPrice) }));
}

/** Variants' own list prices; answers the products whose variants changed. */
async function writeVariantPrices(
  tx: Prisma.TransactionClient,
  prices: readonly { id: number; price: number }[],
): Promise<{ id: number; productId: number; grossPrice: number }[]> {
  if (prices.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: number; productId: number; grossPrice: number }[]>`
    UPDATE "ProductVariant" AS v SET "grossPrice" = wanted.price, "updatedAt" = now()
    FROM unnest(${prices.map((row) => row.id)}::int[], ${prices.map((row) => row.price)}::int[])
      AS wanted(id, price)
    WHERE v.id = wanted.id AND v."grossPrice" IS DISTINCT FROM wanted.price
    RETURNING v.id, v."productId", v."grossPrice"`;
  return rows.map((row) => ({
    id: Number(row.id),
    productId: Number(row.productId),
    grossPrice: Number(row.grossPrice),
  }));
}
