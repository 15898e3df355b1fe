import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import {
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type TCart,
  type TCartAddInput,
  type TCartLineInput,
} from '../../schemas';
import { getCatalogueIndex, isVisible } from '../catalogue-index';
import type { Shopper } from '../pricing';
import { PRODUCT_NOT_FOUND } from '../product';
import { priceCart } from './price-cart';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export const CART_FULL = `A kosárban legfeljebb ${MAX_CART_LINES} különböző termék lehet.`;

/** A signed-in customer's cart lines, oldest first (the order they were added in). */
export async function readCartLines(prisma: PrismaClient, userId: number): Promise<TCartLineInput[]> {
  const rows = await prisma.cartLine.findMany({
    where: { cart: { userId } },
    orderBy: [{ addedAt: 'asc' }, { id: 'asc' }],
    select: { productId: true, quantity: true },
  });
  return rows.map((row) => ({ product: row.productId, quantity: row.quantity }));
}

export async function getServerCart(deps: Deps, userId: number, shopper: Shopper): Promise<TCart> {
  return priceCart(deps, shopper, await readCartLines(deps.prisma, userId));
}

/**
 * POST /api/cart/add on the server cart (spec §4): adds the quantity to the product's line, 0 removes
 * it, `replace` sets it. The cart is read once and written with one statement (which also creates the
 * cart), so two tabs adding at once both count; the answer is priced from memory.
 */
export async function addToServerCart(
  deps: Deps,
  userId: number,
  shopper: Shopper,
  input: TCartAddInput,
): Promise<TCart> {
  let lines = await readCartLines(deps.prisma, userId);
  if (input.product === undefined) return priceCart(deps, shopper, lines);
  const productId = input.product;
  const quantity = input.quantity ?? 1;
  const existing = lines.some((line) => line.product === productId);
  if (quantity === 0) {
    if (existing) await deps.prisma.cartLine.deleteMany({ where: { cart: { userId }, productId } });
    return priceCart(
      deps,
      shopper,
      lines.filter((line) => line.product !== productId),
    );
  }
  // Only a new line needs a product the shopper can buy; an existing one may be changed or removed.
  if (!existing) {
    const product = (await getCatalogueIndex(deps)).byId.get(productId);
    if (!product || !isVisible(product, shopper, false))
      throw new DomainError('not_found', PRODUCT_NOT_FOUND);
    if (lines.length >= MAX_CART_LINES) throw new DomainError('conflict', CART_FULL);
  }
  const rows = await deps.prisma.$queryRaw<{ quantity: number }[]>`
    WITH cart AS (
      INSERT INTO "Cart" ("userId", "updatedAt") VALUES (${userId}, now())
      ON CONFLICT ("userId") DO UPDATE SET "updatedAt" = now()
      RETURNING id
    )
    INSERT INTO "CartLine" ("cartId", "productId", quantity)
    SELECT id, ${productId}, ${quantity} FROM cart
    ON CONFLICT ("cartId", "productId") DO UPDATE SET quantity = LEAST(${MAX_LINE_QUANTITY}::int,
      CASE WHEN ${input.replace === true} THEN EXCLUDED.quantity ELSE "CartLine".quantity + EXCLUDED.quantity END)
    RETURNING quantity`;
  const stored = Number(rows[0]?.quantity ?? quantity);
  lines = existing
    ? lines.map((line) => (line.product === productId ? { ...line, quantity: stored } : line))
    : [...lines, { product: productId, quantity: stored }];
  return priceCart(deps, shopper, lines);
}

export async function clearServerCart(deps: Deps, userId: number, shopper: Shopper): Promise<TCart> {
  await deps.prisma.cartLine.deleteMany({ where: { cart: { userId } } });
  return priceCart(deps, shopper, []);
}
