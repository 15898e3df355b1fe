import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../errors';
import type { TAccountExport } from '../schemas';
import { listAddresses } from './address';
import { confirmCurrentPassword, toUserDetails, userDetailsSelect } from './user';
import { passwordCheckKey } from './user-throttle';
import { enqueueCustomerChanged } from './webhooks/customer-events';

/** What an anonymised account's name reads in lists and on its kept orders' contact fields. */
export const ANONYMIZED_FIRST_NAME = 'Felhasználó';
export const ANONYMIZED_LAST_NAME = 'Törölt';
/** `.invalid` is reserved (RFC 2606): no mail can ever go to an anonymised address. */
export const ANONYMIZED_EMAIL_DOMAIN = 'anonimizalt.invalid';
/** What a removed account's contact messages read instead of their text. */
export const ERASED_TEXT = '(A fiók törlésekor eltávolítva.)';

/** Everything the shop keeps about the signed-in customer, in one JSON document. */
export async function exportAccount(prisma: PrismaClient, userId: number): Promise<TAccountExport> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { ...userDetailsSelect, termsAcceptedAt: true, lastLoginAt: true },
  });
  if (!user) throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  const [addresses, orders, bookmarks] = await Promise.all([
    listAddresses(prisma, userId),
    prisma.order.findMany({
      where: { userId },
      orderBy: { createdAt: 'desc' },
      select: {
        number: true,
        status: true,
        createdAt: true,
        email: true,
        phone: true,
        firstName: true,
        lastName: true,
        shippingName: true,
        shippingPostcode: true,
        shippingCity: true,
        shippingStreet: true,
        shippingFloorDoor: true,
        billingName: true,
        billingCompanyName: true,
        billingTaxNumber: true,
        billingPostcode: true,
        billingCity: true,
        billingStreet: true,
        billingFloorDoor: true,
        shippingMethodName: true,
        paymentMethodName: true,
        itemsTotal: true,
        shippingFee: true,
        paymentFee: true,
        grandTotal: true,
        note: true,
        lines: {
          orderBy: { id: 'asc' },
          select: {
            productTitle: true,
            kutiId: true,
            unitPrice: true,
            vatRate: true,
            vatClass: true,
            quantity: true,
            lineTotal: true,
          },
        },
      },
    }),
    prisma.bookmark.findMany({
      where: { userId },
      orderBy: { createdAt: 'desc' },
      select: { productId: true, createdAt: true, product: { select: { slug: true } } },
    }),
  ]);
  const { termsAcceptedAt, lastLoginAt, ...details } = user;
  return {
    exportedAt: new Date().toISOString(),
    details: {
      ...toUserDetails(details),
      termsAcceptedAt: termsAcceptedAt?.toISOString() ?? null,
      lastLoginAt: lastLoginAt?.toISOString() ?? null,
    },
    addresses,
    orders: orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
    bookmarks: bookmarks.map((bookmark) => ({
      productId: bookmark.productId,
      slug: bookmark.product.slug,
      createdAt: bookmark.createdAt.toISOString(),
    })),
  };
}

/**
 * Removes the personal data of an account that has orders. The orders keep the buyer's name,
 * billing and shipping data, which invoicing law requires to be kept; their contact e-mail and
 * phone go. Signing in becomes impossible: the address is a reserved placeholder and the
 * password hash is not a hash.
 */
export async function anonymizeUser(tx: Prisma.TransactionClient, userId: number, now: Date = new Date()) {
  const placeholder = `torolt-${userId}-${randomBytes(6).toString('hex')}@${ANONYMIZED_EMAIL_DOMAIN}`;
  const { email } = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const before = await tx.user.update({
    where: { id: userId },
    data: {
      email: placeholder,
      passwordHash: '!anonimizalt',
      firstName: ANONYMIZED_FIRST_NAME,
      lastName: ANONYMIZED_LAST_NAME,
      phone: null,
      companyName: null,
      taxNumber: null,
      newsletter: false,
      groupId: null,
      anonymizedAt: now,
      updatedAt: now,
    },
    select: { id: true },
  });
  await scrubPersonalTraces(tx, { id: before.id, email }, placeholder);
  await tx.order.updateMany({ where: { userId }, data: { email: placeholder, phone: null } });
}

/** Data about the person kept outside the user row, removed whether the account is anonymised or deleted. */
async function scrubPersonalTraces(
  tx: Prisma.TransactionClient,
  { id: userId, email }: { id: number; email: string },
  placeholder: string,
) {
  const anonymous = `${ANONYMIZED_LAST_NAME} ${ANONYMIZED_FIRST_NAME}`.toLowerCase();
  await tx.address.deleteMany({ where: { userId } });
  await tx.session.deleteMany({ where: { userId } });
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  await tx.bookmark.deleteMany({ where: { userId } });
  await tx.cart.deleteMany({ where: { userId } });
  await tx.productCustomerPrice.deleteMany({ where: { userId } });
  // Back-in-stock requests: the account's own, and those its address left before signing in.
  await tx.stockNotification.deleteMany({ where: { OR: [{ userId }, { email: email.toLowerCase() }] } });
  // The outbox has no user link: its messages to the person (names, order data, reset links) go by address.
  await tx.emailOutbox.deleteMany({ where: { to: { equals: email, mode: 'insensitive' } } });
  // Free text the person wrote may name them; the inquiry stays (with its status) as a count of work done.
  await tx.contactMessage.updateMany({
    where: { userId },
    data: { name: anonymous, email: placeholder, phone: null, subject: null, message: ERASED_TEXT },
  });
  await tx.offerRequest.updateMany({
    where: { userId },
    data: {
      name: anonymous,
      email: placeholder,
      phone: null,
      companyName: null,
      taxNumber: null,
      postcode: null,
      city: null,
      address: null,
      note: null,
    },
  });
  // A quote went to the person's address (and its note may name them); its prices stay with any order.
  await tx.quote.updateMany({
    where: { OR: [{ userId }, { email: { equals: email, mode: 'insensitive' } }] },
    data: { email: placeholder, note: null },
  });
}

/**
 * Deletes an account: anonymised when it has orders (they must stay for invoicing), removed
 * otherwise. Either way its personal data is gone and its sessions end, and a customer's
 * `customer.changed` (deleted) is queued with it.
 */
export async function removeUser(
  prisma: PrismaClient,
  userId: number,
  now: Date = new Date(),
): Promise<{ anonymized: boolean }> {
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: userId },
      select: { email: true, role: true, _count: { select: { orders: true } } },
    });
    if (!user) throw new DomainError('not_found', MESSAGES.notFound);
    if (user.role === 'admin') {
      const admins = await tx.user.count({ where: { role: 'admin', anonymizedAt: null } });
      if (admins <= 1) {
        throw new DomainError('conflict', 'Az utolsó adminisztrátori fiók nem törölhető.');
      }
    }
    await tx.signInFailure.deleteMany({ where: { email: { in: [user.email, passwordCheckKey(userId)] } } });
    const deleted = { id: userId, role: user.role, updatedAt: now };
    if (user._count.orders > 0) {
      await anonymizeUser(tx, userId, now);
      await enqueueCustomerChanged(tx, 'deleted', deleted);
      return { anonymized: true };
    }
    await scrubPersonalTraces(
      tx,
      { id: userId, email: user.email },
      `torolt-${userId}@${ANONYMIZED_EMAIL_DOMAIN}`,
    );
    await tx.user.delete({ where: { id: userId }, select: { id: true } });
    await enqueueCustomerChanged(tx, 'deleted', deleted);
    return { anonymized: false };
  });
}

/** The customer's own deletion, confirmed with the current password. */
export async function deleteOwnAccount(
  prisma: PrismaClient,
  userId: number,
  password: string,
): Promise<void> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  await confirmCurrentPassword(prisma, userId, user.passwordHash, password, 'password');
  await removeUser(prisma, userId);
}
