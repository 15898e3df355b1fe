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
 * it, `replace` sets it. One statement per change, so two tabs adding at once both count.
 */
export async function addToServerCart(
  deps: Deps,
  userId: number,
  shopper: Shopper,
  input: TCartAddInput,
): Promise<TCart> {
  if (input.product !== undefined) {
    const productId = input.product;
    const quantity = input.quantity ?? 1;
    const cart = await deps.prisma.cart.upsert({
      where: { userId },
      create: { userId },
      update: {},
      select: { id: true },
    });
    if (quantity === 0) {
      await deps.prisma.cartLine.deleteMany({ where: { cartId: cart.id, productId } });
    } else {
      const index = await getCatalogueIndex(deps);
      const product = index.byId.get(productId);
      const existing = await deps.prisma.cartLine.findUnique({
        where: { cartId_productId: { cartId: cart.id, productId } },
        select: { id: true },
      });
      // Only a new line needs a product the shopper can buy; an existing one may be changed or removed.
      if (!existing) {
        if (!product || !isVisible(product, shopper, false))
          throw new DomainError('not_found', PRODUCT_NOT_FOUND);
        if ((await deps.prisma.cartLine.count({ where: { cartId: cart.id } })) >= MAX_CART_LINES) {
          throw new DomainError('conflict', CART_FULL);
        }
      }
      await deps.prisma.$executeRaw`
        INSERT INTO "CartLine" ("cartId", "productId", quantity)
        VALUES (${cart.id}, ${productId}, ${quantity})
        ON CONFLICT ("cartId", "productId") DO UPDATE SET quantity = LEAST(${MAX_LINE_QUANTITY}::int,
          CASE WHEN ${input.replace === true} THEN EXCLUDED.quantity ELSE "CartLine".quantity + EXCLUDED.quantity END)`;
    }
  }
  return getServerCart(deps, userId, shopper);
}

export async function clearServerCart(deps: Deps, userId: number, shopper: Shopper): Promise<TCart> {
  await deps.prisma.cartLine.deleteMany({ where: { cart: { userId } } });
  return priceCart(deps, shopper, []);
}
