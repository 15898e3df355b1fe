import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, type TCart, type TCartAddInput } from '../../schemas';
import { getCatalogueIndex, isVisible } from '../catalogue/in-memory-index';
import type { Shopper } from '../catalogue/pricing';
import { PRODUCT_NOT_FOUND } from '../catalogue/product-page';
import type { CartLineRef } from '../quotes/quote-pricing';
import { lineChoice, lineProblemError } from './line-variant';
import { priceCart } from './price-cart';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export const CART_FULL = `A kosárban legfeljebb ${MAX_CART_LINES} különböző termék lehet.`;

/** A signed-in customer's cart lines, oldest first (the order they were added in). */
export async function readCartLines(prisma: PrismaClient, userId: number): Promise<CartLineRef[]> {
  const rows = await prisma.cartLine.findMany({
    where: { cart: { userId } },
    orderBy: [{ addedAt: 'asc' }, { id: 'asc' }],
    select: { productId: true, variantId: true, quantity: true, quoteLineId: true },
  });
  return rows.map((row) => ({
    product: row.productId,
    variant: row.variantId,
    quantity: row.quantity,
    quoteLineId: row.quoteLineId,
  }));
}

export async function getServerCart(
  deps: Deps,
  userId: number,
  shopper: Shopper,
  couponCode: string | null = null,
): Promise<TCart> {
  return priceCart(deps, shopper, await readCartLines(deps.prisma, userId), couponCode);
}

/**
 * POST /api/cart/add on the server cart, by the specification's cart rules: adds the quantity to the line of
 * the product (and variant, for a product sold in variants: each variant is a line of its own), 0 removes it,
 * `replace` sets it. Adding is one statement (it runs on every "Kosárba" click): it creates the cart if
 * needed, reads the lines, and writes the line only when the product may be added — an existing line may
 * always change; a new one needs a product the shopper can buy and room in the cart. Two tabs adding at once
 * both count; the answer is priced from memory.
 */
export async function addToServerCart(
  deps: Deps,
  userId: number,
  shopper: Shopper,
  input: TCartAddInput,
): Promise<TCart> {
  if (input.product === undefined) return getServerCart(deps, userId, shopper);
  const productId = input.product;
  const variantId = input.variant ?? null;
  const quantity = input.quantity ?? 1;
  // Any line may be removed, also one the catalogue no longer sells (a variant chosen before it was
  // switched off, a line from before its product was sold in variants).
  if (quantity === 0) return removeFromServerCart(deps, userId, shopper, productId, variantId);
  const index = await getCatalogueIndex(deps);
  const product = index.byId.get(productId);
  const visible = product !== undefined && isVisible(product, shopper, false);
  const choice = visible ? lineChoice(index, product, variantId) : null;
  // A line that cannot name a sellable item is refused whatever the cart holds; a variant switched off
  // since is still a line whose quantity may change.
  if (choice && !choice.ok && choice.problem !== 'gone') throw lineProblemError(choice.problem);

  const buyable = choice?.ok === true;
  const rows = await deps.prisma.$queryRaw<
    {
      existing: boolean;
      stored: number | null;
      lines: [number, number | null, number, number | null][];
    }[]
  >`
    WITH cart AS (
      INSERT INTO "Cart" ("userId", "updatedAt") VALUES (${userId}, now())
      ON CONFLICT ("userId") DO UPDATE SET "updatedAt" = now()
      RETURNING id
    ), current AS (
      SELECT l.id, l."productId", l."variantId", l.quantity, l."quoteLineId", l."addedAt"
      FROM "CartLine" l JOIN cart ON l."cartId" = cart.id
    ), existing AS (
      SELECT EXISTS (SELECT 1 FROM current WHERE "productId" = ${productId}
               AND "variantId" IS NOT DISTINCT FROM ${variantId}::int) AS existing,
             (SELECT count(*) FROM current) AS count
    ), stored AS (
      INSERT INTO "CartLine" ("cartId", "productId", "variantId", quantity)
      SELECT cart.id, ${productId}, ${variantId}::int, ${quantity} FROM cart, existing
      WHERE existing.existing OR (${buyable} AND existing.count < ${MAX_CART_LINES})
      ON CONFLICT ("cartId", "productId", "variantId") DO UPDATE SET quantity = LEAST(${MAX_LINE_QUANTITY}::int,
        CASE WHEN ${input.replace === true} THEN EXCLUDED.quantity ELSE "CartLine".quantity + EXCLUDED.quantity END)
      RETURNING quantity
    )
    SELECT (SELECT existing FROM existing) AS existing, (SELECT quantity FROM stored) AS stored,
      COALESCE((SELECT json_agg(json_build_array("productId", "variantId", quantity, "quoteLineId") ORDER BY "addedAt", id)
        FROM current), '[]'::json) AS lines`;
  const row = rows[0]!;
  if (row.stored === null) {
    if (!visible) throw new DomainError('not_found', PRODUCT_NOT_FOUND);
    if (choice && !choice.ok) throw lineProblemError(choice.problem);
    throw new DomainError('conflict', CART_FULL);
  }
  const stored = Number(row.stored);
  const lines: CartLineRef[] = row.lines.map(([product, variant, count, quoteLineId]) => ({
    product,
    variant,
    quantity: product === productId && variant === variantId ? stored : count,
    quoteLineId,
  }));
  if (!row.existing) lines.push({ product: productId, variant: variantId, quantity: stored });
  return priceCart(deps, shopper, lines);
}

async function removeFromServerCart(
  deps: Deps,
  userId: number,
  shopper: Shopper,
  productId: number,
  variantId: number | null,
): Promise<TCart> {
  await deps.prisma.cartLine.deleteMany({ where: { cart: { userId }, productId, variantId } });
  return getServerCart(deps, userId, shopper);
}

export async function clearServerCart(deps: Deps, userId: number, shopper: Shopper): Promise<TCart> {
  await deps.prisma.cartLine.deleteMany({ where: { cart: { userId } } });
  return priceCart(deps, shopper, []);
}
