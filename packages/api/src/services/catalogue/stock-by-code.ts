import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import type { TProductStockInput, TProductStockOutput, TProductStockResult } from '../../schemas';
import { publishStockLevels } from '../orders/order-status';
import { enqueueWebhookEvent } from '../webhooks/events';
import { bumpCatalogue, invalidateCatalogue } from './in-memory-index';
import { recordPriceChanges } from './lowest-price';
import type { StockLevel } from './stock-sync';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

type CodedProduct = { id: number; kutiId: string; stock: number; grossPrice: number };

/**
 * POST /api/product/stock: an integrator's stock and price by its own product codes, up to 1 000 in
 * one transaction (all written or none). Stock is written the way orders move it: stamped in
 * `stockChangedAt`, applied in place to this server's catalogue and read by every other server within
 * a second, so a stock-only update never rebuilds the catalogue. A price goes the way an admin's edit
 * does (price history, 30-day lowest price, a catalogue version bump). A code no product has is
 * answered `not_found` and changes nothing.
 */
export async function updateStockByCode(
  deps: Deps,
  input: TProductStockInput,
  now = new Date(),
): Promise<TProductStockOutput> {
  const codes = input.items.map((item) => item.kutiId);
  const outcome = await deps.prisma.$transaction(async (tx) => {
    const found = await tx.product.findMany({
      where: { kutiId: { in: codes } },
      select: { id: true, kutiId: true, stock: true, grossPrice: true },
    });
    const byCode = new Map(found.map((product) => [product.kutiId, product as CodedProduct]));

    const stockWanted: StockLevel[] = [];
    const priceWanted: { id: number; price: number }[] = [];
    const results = input.items.map((item): TProductStockResult => {
      const product = byCode.get(item.kutiId);
      if (!product)
        return { kutiId: item.kutiId, status: 'not_found', productId: null, stock: null, price: null };
      if (item.stock !== undefined && item.stock !== product.stock)
        stockWanted.push({ id: product.id, stock: item.stock });
      if (item.price !== undefined && item.price !== product.grossPrice)
        priceWanted.push({ id: product.id, price: item.price });
      return {
        kutiId: item.kutiId,
        status: 'updated',
        productId: product.id,
        stock: item.stock ?? product.stock,
        price: item.price ?? product.grossPrice,
      };
    });

    // Catalogue writers take the version row first (as the admin's edit does), then product rows.
    if (priceWanted.length > 0) await bumpCatalogue(tx);
    const stockMoved = await writeStock(tx, stockWanted);
    const priced = await writePrices(tx, priceWanted);
    await recordPriceChanges(
      tx,
      priced.map((row) => ({ productId: row.id, price: row.grossPrice })),
      now,
    );

    if (stockMoved.length > 0) {
      await enqueueWebhookEvent(tx, 'stock.changed', {
        items: stockMoved.map((row) => ({ productId: row.id, kutiId: row.kutiId, stock: row.stock })),
      });
    }
    if (priced.length > 0) {
      await enqueueWebhookEvent(tx, 'product.changed', {
        items: priced.map((row) => ({ productId: row.id, kutiId: row.kutiId, deleted: false })),
      });
    }
    return { results, stockMoved, priced: priced.length > 0 };
  });

  if (outcome.priced) invalidateCatalogue(deps.cache);
  else publishStockLevels(deps.cache, outcome.stockMoved);
  return { results: outcome.results };
}

/** One statement for every stock level; answers the rows it changed. */
async function writeStock(
  tx: Prisma.TransactionClient,
  levels: readonly StockLevel[],
): Promise<(StockLevel & { kutiId: string | null })[]> {
  if (levels.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: number; stock: number; kutiId: string | null }[]>`
    UPDATE "Product" AS p SET stock = wanted.stock, "stockChangedAt" = now(), "updatedAt" = now()
    FROM unnest(${levels.map((level) => level.id)}::int[], ${levels.map((level) => level.stock)}::int[])
      AS wanted(id, stock)
    WHERE p.id = wanted.id AND p.stock IS DISTINCT FROM wanted.stock
    RETURNING p.id, p.stock, p."kutiId"`;
  return rows.map((row) => ({ id: Number(row.id), stock: Number(row.stock), kutiId: row.kutiId }));
}

/** One statement for every list price; answers the rows it changed. */
async function writePrices(
  tx: Prisma.TransactionClient,
  prices: readonly { id: number; price: number }[],
): Promise<{ id: number; grossPrice: number; kutiId: string | null }[]> {
  if (prices.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: number; grossPrice: number; kutiId: string | null }[]>`
    UPDATE "Product" AS p SET "grossPrice" = wanted.price, "updatedAt" = now()
    FROM unnest(${prices.map((row) => row.id)}::int[], ${prices.map((row) => row.price)}::int[])
      AS wanted(id, price)
    WHERE p.id = wanted.id AND p."grossPrice" IS DISTINCT FROM wanted.price
    RETURNING p.id, p."grossPrice", p."kutiId"`;
  return rows.map((row) => ({ id: Number(row.id), grossPrice: Number(row.grossPrice), kutiId: row.kutiId }));
}
