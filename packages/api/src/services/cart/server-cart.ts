import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type TCart, type TCartAddInput } from '../../schemas';
import { getCatalogueIndex, isVisible } from '../catalogue/in-memory-index';
import type { Shopper } from '../catalogue/pricing';
import { PRODUCT_NOT_FOUND } from '../catalogue/product-page';
import type { CartLineRef } from '../quotes/quote-pricing';
import { priceCart } from './price-cart';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export const CART_FULL = `A kosárban legfeljebb ${MAX_CART_LINES} különböző termék lehet.`;

/** A signed-in customer's cart lines, oldest first (the order they were added in). */
export async function readCartLines(prisma: PrismaClient, userId: number): Promise<CartLineRef[]> {
  const rows = await prisma.cartLine.findMany({
    where: { cart: { userId } },
    orderBy: [{ addedAt: 'asc' }, { id: 'asc' }],
    select: { productId: true, quantity: true, quoteLineId: true },
  });
  return rows.map((row) => ({
    product: row.productId,
    quantity: row.quantity,
    quoteLineId: row.quoteLineId,
  }));
}

export async function getServerCart(deps: Deps, userId: number, shopper: Shopper): Promise<TCart> {
  return priceCart(deps, shopper, await readCartLines(deps.prisma, userId));
}

/**
 * POST /api/cart/add on the server cart (spec §4): adds the quantity to the product's line, 0 removes
 * it, `replace` sets it. Adding is one statement (it runs on every "Kosárba" click): it creates the
 * cart if needed, reads the lines, and writes the line only when the product may be added — an
 * existing line may always change; a new one needs a product the shopper can buy and room in the
 * cart. Two tabs adding at once both count; the answer is priced from memory.
 */
export async function addToServerCart(
  deps: Deps,
  userId: number,
  shopper: Shopper,
  input: TCartAddInput,
): Promise<TCart> {
  if (input.product === undefined) return getServerCart(deps, userId, shopper);
  const productId = input.product;
  const quantity = input.quantity ?? 1;
  if (quantity === 0) return removeFromServerCart(deps, userId, shopper, productId);

  const product = (await getCatalogueIndex(deps)).byId.get(productId);
  const buyable = product !== undefined && isVisible(product, shopper, false);
  const rows = await deps.prisma.$queryRaw<
    { existing: boolean; stored: number | null; lines: [number, number, number | null][] }[]
  >`
    WITH cart AS (
      INSERT INTO "Cart" ("userId", "updatedAt") VALUES (${userId}, now())
      ON CONFLICT ("userId") DO UPDATE SET "updatedAt" = now()
      RETURNING id
    ), current AS (
      SELECT l.id, l."productId", l.quantity, l."quoteLineId", l."addedAt" FROM "CartLine" l JOIN cart ON l."cartId" = cart.id
    ), existing AS (
      SELECT EXISTS (SELECT 1 FROM current WHERE "productId" = ${productId}) AS existing,
             (SELECT count(*) FROM current) AS count
    ), stored AS (
      INSERT INTO "CartLine" ("cartId", "productId", quantity)
      SELECT cart.id, ${productId}, ${quantity} FROM cart, existing
      WHERE existing.existing OR (${buyable} AND existing.count < ${MAX_CART_LINES})
      ON CONFLICT ("cartId", "productId") DO UPDATE SET quantity = LEAST(${MAX_LINE_QUANTITY}::int,
        CASE WHEN ${input.replace === true} THEN EXCLUDED.quantity ELSE "CartLine".quantity + EXCLUDED.quantity END)
      RETURNING quantity
    )
    SELECT (SELECT existing FROM existing) AS existing, (SELECT quantity FROM stored) AS stored,
      COALESCE((SELECT json_agg(json_build_array("productId", quantity, "quoteLineId") ORDER BY "addedAt", id) FROM current),
        '[]'::json) AS lines`;
  const row = rows[0]!;
  if (row.stored === null) {
    if (!buyable) throw new DomainError('not_found', PRODUCT_NOT_FOUND);
    throw new DomainError('conflict', CART_FULL);
  }
  const stored = Number(row.stored);
  const lines: CartLineRef[] = row.lines.map(([product, count, quoteLineId]) => ({
    product,
    quantity: product === productId ? stored : count,
    quoteLineId,
  }));
  if (!row.existing) lines.push({ product: productId, quantity: stored });
  return priceCart(deps, shopper, lines);
}

async function removeFromServerCart(
  deps: Deps,
  userId: number,
  shopper: Shopper,
  productId: number,
): Promise<TCart> {
  await deps.prisma.cartLine.deleteMany({ where: { cart: { userId }, productId } });
  return getServerCart(deps, userId, shopper);
}

export async function clearServerCart(deps: Deps, userId: number, shopper: Shopper): Promise<TCart> {
  await deps.prisma.cartLine.deleteMany({ where: { cart: { userId } } });
  return priceCart(deps, shopper, []);
}
