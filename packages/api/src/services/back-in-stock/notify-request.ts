import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import type { TStockNotifyInput, TStockNotifyOutput } from '../../schemas';
import { lineChoice, lineProblemError } from '../cart/line-variant';
import { getCatalogueIndex, isVisible } from '../catalogue/in-memory-index';
import type { Shopper } from '../catalogue/pricing';
import { PRODUCT_NOT_FOUND } from '../catalogue/product-page';
import { guardStockNotify, type RequestLimits } from '../request-limits';
import type { AuthSession } from '../session';

export const NOTIFY_EMAIL_REQUIRED = 'Add meg az e-mail-címed, ahová az értesítést küldhetjük.';
export const NOTIFY_IN_STOCK =
  'Ez a termék most is raktáron van, értesítés nélkül is megrendelheted: tedd a kosárba!';
export const NOTIFY_VARIANT_IN_STOCK =
  'Ez a változat most is raktáron van, értesítés nélkül is megrendelheted: tedd a kosárba!';

export type StockNotifyRequester = {
  prisma: PrismaClient;
  cache: VersionedCache;
  session: AuthSession | null;
  ip: string | null;
  requestLimits: RequestLimits;
};

/**
 * "Értesítést kérek" on a sold-out product, or on a sold-out variant of a product sold in variants (the
 * request then names it, and waits for that variant): one request per product, variant and address (lower-cased), kept
 * until the back-in-stock worker (notify-worker.ts) sends its one e-mail. Asking again while it waits
 * changes nothing and answers the same; asking again after the e-mail went out asks anew. A signed-in
 * customer may leave the address out (the account's is used), and the request belongs to the account,
 * so deleting the account removes it.
 */
export async function requestStockNotification(
  requester: StockNotifyRequester,
  shopper: Shopper,
  input: TStockNotifyInput,
): Promise<TStockNotifyOutput> {
  const email = (input.email ?? requester.session?.user.email)?.toLowerCase();
  if (!email) {
    throw new DomainError('invalid_input', `Hibás adat: email – ${NOTIFY_EMAIL_REQUIRED}`, [
      { path: 'email', message: NOTIFY_EMAIL_REQUIRED },
    ]);
  }
  const index = await getCatalogueIndex(requester);
  const indexed = index.byId.get(input.id);
  if (!indexed || !isVisible(indexed, shopper, false)) throw new DomainError('not_found', PRODUCT_NOT_FOUND);
  const choice = lineChoice(index, indexed, input.variant);
  if (!choice.ok) throw lineProblemError(choice.problem);
  const variantId = choice.variant?.id ?? null;

  await guardStockNotify(requester.prisma, { ip: requester.ip, email }, requester.requestLimits);
  // The stored stock, not the index's copy, which may lag another server's change by a moment.
  const stored =
    variantId === null
      ? await requester.prisma.product.findUnique({ where: { id: input.id }, select: { stock: true } })
      : await requester.prisma.productVariant.findUnique({
          where: { id: variantId },
          select: { stock: true },
        });
  if (!stored) throw new DomainError('not_found', PRODUCT_NOT_FOUND);
  if (stored.stock > 0)
    throw new DomainError('conflict', variantId === null ? NOTIFY_IN_STOCK : NOTIFY_VARIANT_IN_STOCK);

  const userId = requester.session?.user.id ?? null;
  // Prisma cannot name a null variant in the compound key; the unique index is NULLS NOT DISTINCT.
  await requester.prisma.$executeRaw`
    INSERT INTO "StockNotification" ("productId", "variantId", email, "userId")
    VALUES (${input.id}, ${variantId}::int, ${email}, ${userId}::int)
    ON CONFLICT ("productId", "variantId", email)
    DO UPDATE SET "notifiedAt" = NULL, "userId" = COALESCE(EXCLUDED."userId", "StockNotification"."userId")`;
  return { productId: input.id, variantId, email };
}
