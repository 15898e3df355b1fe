import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import type { TStockNotifyInput, TStockNotifyOutput } from '../../schemas';
import { getCatalogueIndex, isVisible } from '../catalogue/in-memory-index';
import type { Shopper } from '../catalogue/pricing';
import { PRODUCT_NOT_FOUND } from '../catalogue/product-page';
import { guardStockNotify, type RequestLimits } from '../request-limits';
import type { AuthSession } from '../session';

export const NOTIFY_EMAIL_REQUIRED = 'Add meg az e-mail-címed, ahová az értesítést küldhetjük.';
export const NOTIFY_IN_STOCK =
  'Ez a termék most is raktáron van, értesítés nélkül is megrendelheted: tedd a kosárba!';

export type StockNotifyRequester = {
  prisma: PrismaClient;
  cache: VersionedCache;
  session: AuthSession | null;
  ip: string | null;
  requestLimits: RequestLimits;
};

/**
 * "Értesítést kérek" on a sold-out product: one request per product and address (lower-cased), kept
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

  await guardStockNotify(requester.prisma, { ip: requester.ip, email }, requester.requestLimits);
  // The stored stock, not the index's copy, which may lag another server's change by a moment.
  const product = await requester.prisma.product.findUnique({
    where: { id: input.id },
    select: { stock: true },
  });
  if (!product) throw new DomainError('not_found', PRODUCT_NOT_FOUND);
  if (product.stock > 0) throw new DomainError('conflict', NOTIFY_IN_STOCK);

  const userId = requester.session?.user.id;
  await requester.prisma.stockNotification.upsert({
    where: { productId_email: { productId: input.id, email } },
    create: { productId: input.id, email, userId },
    update: { notifiedAt: null, ...(userId === undefined ? {} : { userId }) },
    select: { id: true },
  });
  return { productId: input.id, email };
}
