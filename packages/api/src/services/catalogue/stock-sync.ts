import type { PrismaClient } from '@shop/db';
import { type CatalogueIndex, FLAG_IN_STOCK, refreshVariantSlots } from './in-memory-index';

/**
 * Orders move stock all the time; rebuilding the whole catalogue index for each move would stall every
 * read for seconds at 100 000 products. Instead each move stamps `Product.stockChangedAt` in the order's
 * transaction, the server that placed the order applies the new stock to its index at once, and every
 * server asks for the recent moves at most twice a second and applies them in place, so a product sold
 * out on one server is listed as sold out on every other within a second of the order's answer.
 * Variants move the same way: every writer of a variant's stock stamps its product, and the poll reads
 * the variants of the products it finds moved, in the same statement (so product and variants agree).
 *
 * Moves are read again for a while rather than from a "last seen" mark, because transactions commit in
 * a different order than they stamped: a mark would skip a slow one. Applying a stock value twice does
 * nothing. Most polls look a few seconds back, which an order's statement never outlasts; one every few
 * seconds looks back half a minute for the slow rest. Reading half a minute at every poll read each move
 * sixty times, thousands of rows a poll while orders come fast.
 */
const STOCK_POLL_MS = 500;
const STOCK_LOOKBACK_SECONDS = 5;
const SLOW_LOOKBACK_SECONDS = 30;
const SLOW_LOOKBACK_EVERY_MS = 5_000;
/** The product page says "már csak N db" below this, so a change there must reach cached answers too. */
const LOW_STOCK_SHOWN_BELOW = 10;

type StockState = { polledAt: number; slowPolledAt: number; polling: Promise<void> | undefined };
const states = new WeakMap<CatalogueIndex, StockState>();

/**
 * A product's stock (for a product sold in variants, the sum of its variants'), or with `variant` set, the
 * stock of the variant of that id. Writers answer both in one list, so every caller that passes levels on
 * to `applyStockLevels` carries variants along.
 */
export type StockLevel = { id: number; stock: number; variant?: boolean };

/**
 * Writes stock levels of products and variants into the index. Cached answers show stock as in/out
 * (and as a number when low), so they are dropped, and `stockVersion` moves, only when such a shown
 * value changes.
 */
export function applyStockLevels(index: CatalogueIndex, levels: readonly StockLevel[]): void {
  let shownChange = false;
  const crossedZero = new Set<number>();
  for (const { id, stock, variant: isVariant } of levels) {
    if (isVariant) {
      const variant = index.variantsById.get(id);
      if (!variant || variant.stock === stock) continue;
      if (shownMove(variant.stock, stock)) shownChange = true;
      if (variant.stock > 0 !== stock > 0) crossedZero.add(variant.productId);
      variant.stock = stock;
      continue;
    }
    const product = index.byId.get(id);
    if (!product || product.stock === stock) continue;
    if (shownMove(product.stock, stock)) shownChange = true;
    product.stock = stock;
    const flags = index.columns.flags;
    flags[product.position] =
      stock > 0 ? flags[product.position]! | FLAG_IN_STOCK : flags[product.position]! & ~FLAG_IN_STOCK;
  }
  // A size sold out (or back) changes what "Méret: M" finds.
  for (const productId of crossedZero) {
    const product = index.byId.get(productId);
    if (product) refreshVariantSlots(index, product);
  }
  if (shownChange) {
    index.stockVersion++;
    index.answers.clear();
  }
}

/** Whether answers show the move: in stock or not, or a number below the "már csak" line. */
function shownMove(before: number, after: number): boolean {
  return before > 0 !== after > 0 || Math.min(before, after) < LOW_STOCK_SHOWN_BELOW;
}

/** Applies other servers' recent stock moves, at most once per STOCK_POLL_MS per index. */
export async function syncRecentStock(
  prisma: PrismaClient,
  index: CatalogueIndex,
  now = Date.now(),
): Promise<void> {
  let state = states.get(index);
  if (!state) {
    // A fresh build read the stock itself.
    state = { polledAt: now, slowPolledAt: now, polling: undefined };
    states.set(index, state);
    return;
  }
  if (now - state.polledAt < STOCK_POLL_MS) return;
  state.polling ??= (async () => {
    const slow = now - state.slowPolledAt >= SLOW_LOOKBACK_EVERY_MS;
    const lookback = slow ? SLOW_LOOKBACK_SECONDS : STOCK_LOOKBACK_SECONDS;
    try {
      // One JSON value instead of a row per move: under 50 orders a second the lookback holds thousands
      // of moves, and turning each row into an object blocked the event loop for milliseconds.
      const rows = await prisma.$queryRaw<{ levels: string; variants: string }[]>`
        WITH moved AS MATERIALIZED (
          SELECT id, stock FROM "Product"
          WHERE "stockChangedAt" > now() - make_interval(secs => ${lookback})
        )
        SELECT (SELECT coalesce(json_agg(json_build_array(id, stock)), '[]') FROM moved)::text AS levels,
          (SELECT coalesce(json_agg(json_build_array(v.id, v.stock)), '[]')
           FROM moved JOIN "ProductVariant" v ON v."productId" = moved.id)::text AS variants`;
      const levels = JSON.parse(rows[0]?.levels ?? '[]') as [number, number][];
      const variants = JSON.parse(rows[0]?.variants ?? '[]') as [number, number][];
      applyStockLevels(index, [
        ...levels.map(([id, stock]) => ({ id, stock })),
        ...variants.map(([id, stock]) => ({ id, stock, variant: true })),
      ]);
      state.polledAt = Date.now();
      if (slow) state.slowPolledAt = state.polledAt;
    } finally {
      state.polling = undefined;
    }
  })();
  await state.polling;
}
