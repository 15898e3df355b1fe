import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../errors';
import { type TAccountExport, type TPickupPointSnapshot, ZPickupPointSnapshot } from '../schemas';
import { storedLines } from './abandoned-carts/reminders';
import { listAddresses } from './address';
import { anonymiseNewsletterData } from './newsletter/subscriptions';
import { withdrawalLines } from './orders/refund-read';
import { customerKey } from './promotions/promotion-store';
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

/**
 * Everything the shop keeps about the signed-in customer, in one JSON document: one section per table of
 * PERSONAL_DATA_TABLES (services/personal-data.ts says which, and why a few are withheld). Only rows linked to
 * the account are read, never rows that merely carry its e-mail address (guest orders included).
 */
export async function exportAccount(prisma: PrismaClient, userId: number): Promise<TAccountExport> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { ...userDetailsSelect, termsAcceptedAt: true, lastLoginAt: true },
  });
  if (!user) throw new DomainError('unauthenticated', MESSAGES.sessionExpired);
  const [addresses, orders, records] = await Promise.all([
    listAddresses(prisma, userId),
    exportOrders(prisma, userId),
    exportRecords(prisma, userId),
  ]);
  const { termsAcceptedAt, lastLoginAt, ...details } = user;
  return {
    exportedAt: new Date().toISOString(),
    details: {
      ...toUserDetails(details),
      termsAcceptedAt: iso(termsAcceptedAt),
      lastLoginAt: iso(lastLoginAt),
    },
    addresses,
    orders,
    ...records,
  };
}

function iso<T extends Date | null>(date: T): T extends Date ? string : string | null;
function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

const productRef = { productId: true, product: { select: { slug: true } } } as const;

async function exportOrders(prisma: PrismaClient, userId: number): Promise<TAccountExport['orders']> {
  const orders = await prisma.order.findMany({
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
      pickupPoint: true,
      billingName: true,
      billingCompanyName: true,
      billingTaxNumber: true,
      billingEuVatNumber: true,
      billingPostcode: true,
      billingCity: true,
      billingStreet: true,
      billingFloorDoor: true,
      shippingMethodName: true,
      paymentMethodName: true,
      itemsTotal: true,
      shippingFee: true,
      paymentFee: true,
      discountTotal: true,
      grandTotal: true,
      paidTotal: true,
      refundedTotal: true,
      note: true,
      lines: {
        orderBy: { id: 'asc' },
        select: {
          id: true,
          productTitle: true,
          kutiId: true,
          unitPrice: true,
          vatRate: true,
          vatClass: true,
          quantity: true,
          lineTotal: true,
        },
      },
      discounts: {
        orderBy: { id: 'asc' },
        select: { label: true, code: true, amount: true, shipping: true },
      },
      // What the order page shows of its history; who made a change is the staff's data, not the customer's.
      statusChanges: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { toStatus: true, note: true, createdAt: true },
      },
      shipments: {
        orderBy: { id: 'asc' },
        select: { carrier: true, trackingNumber: true, trackingUrl: true },
      },
      parcel: { select: { carrier: true, parcelNumber: true, trackingUrl: true } },
      payments: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { provider: true, status: true, amount: true, createdAt: true, completedAt: true },
      },
      refunds: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: {
          provider: true,
          status: true,
          amount: true,
          bankAccount: true,
          createdAt: true,
          lines: {
            orderBy: { id: 'asc' },
            select: { quantity: true, amount: true, orderLine: { select: { productTitle: true } } },
          },
        },
      },
      withdrawals: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: {
          status: true,
          name: true,
          email: true,
          reason: true,
          lines: true,
          createdAt: true,
          completedAt: true,
        },
      },
      invoices: {
        orderBy: { id: 'asc' },
        select: { kind: true, number: true, status: true, grossTotal: true, issuedAt: true },
      },
      statusEmails: { orderBy: { createdAt: 'asc' }, select: { status: true, outboxId: true } },
    },
  });
  // The outbox has no relation to the order; the status e-mail rows name the messages of these orders.
  const outboxIds = orders.flatMap((order) =>
    order.statusEmails.flatMap((sent) => (sent.outboxId === null ? [] : [sent.outboxId])),
  );
  const messages = new Map(
    (
      await prisma.emailOutbox.findMany({
        where: { id: { in: outboxIds } },
        select: { id: true, subject: true, status: true, createdAt: true, sentAt: true },
      })
    ).map((message) => [message.id, message]),
  );
  return orders.map(
    ({
      createdAt,
      pickupPoint,
      lines,
      statusChanges,
      payments,
      refunds,
      withdrawals,
      invoices,
      statusEmails,
      ...order
    }) => {
      const titles = new Map(lines.map((line) => [line.id, line.productTitle]));
      return {
        ...order,
        createdAt: createdAt.toISOString(),
        lines: lines.map(({ id: _id, ...line }) => line),
        pickupPoint: pickupPointOf(pickupPoint),
        statusHistory: statusChanges.map((change) => ({
          status: change.toStatus,
          note: change.note,
          createdAt: change.createdAt.toISOString(),
        })),
        payments: payments.map((payment) => ({
          ...payment,
          createdAt: payment.createdAt.toISOString(),
          completedAt: iso(payment.completedAt),
        })),
        refunds: refunds.map((refund) => ({
          ...refund,
          createdAt: refund.createdAt.toISOString(),
          lines: refund.lines.map((line) => ({
            productTitle: line.orderLine.productTitle,
            quantity: line.quantity,
            amount: line.amount,
          })),
        })),
        withdrawals: withdrawals.map((withdrawal) => ({
          ...withdrawal,
          // Empty when the customer named no lines: the whole order.
          lines: withdrawalLines(withdrawal.lines, titles).map((line) => ({
            productTitle: line.title,
            quantity: line.quantity,
          })),
          createdAt: withdrawal.createdAt.toISOString(),
          completedAt: iso(withdrawal.completedAt),
        })),
        invoices: invoices.map((invoice) => ({ ...invoice, issuedAt: iso(invoice.issuedAt) })),
        emails: statusEmails.flatMap((sent) => {
          const message = sent.outboxId === null ? undefined : messages.get(sent.outboxId);
          if (!message) return [];
          return [
            {
              orderStatus: sent.status,
              subject: message.subject,
              deliveryStatus: message.status,
              createdAt: message.createdAt.toISOString(),
              sentAt: iso(message.sentAt),
            },
          ];
        }),
      };
    },
  );
}

/** The stored snapshot; a stored value of another shape (none is written) reads as none. */
function pickupPointOf(stored: Prisma.JsonValue): TPickupPointSnapshot | null {
  const parsed = ZPickupPointSnapshot.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

type AccountRecords = Omit<TAccountExport, 'exportedAt' | 'details' | 'addresses' | 'orders'>;

async function exportRecords(prisma: PrismaClient, userId: number): Promise<AccountRecords> {
  const byUser = { where: { userId } } as const;
  const [
    bookmarks,
    cart,
    customerPrices,
    sessions,
    trustedDevices,
    passwordResets,
    contactMessages,
    offerRequests,
    quotes,
    consents,
    stockNotifications,
    promotionUses,
    reviews,
    newsletterSubscriptions,
    newsletterConsents,
    abandonedCartReminders,
  ] = await Promise.all([
    prisma.bookmark.findMany({
      ...byUser,
      orderBy: { createdAt: 'desc' },
      select: { ...productRef, createdAt: true },
    }),
    prisma.cart.findUnique({
      where: { userId },
      select: {
        updatedAt: true,
        lines: {
          orderBy: { id: 'asc' },
          select: { ...productRef, variantId: true, quantity: true, addedAt: true },
        },
      },
    }),
    prisma.productCustomerPrice.findMany({
      ...byUser,
      orderBy: { productId: 'asc' },
      select: { ...productRef, grossPrice: true, hidden: true },
    }),
    prisma.session.findMany({
      ...byUser,
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true, lastUsedAt: true, expiresAt: true, userAgent: true },
    }),
    prisma.trustedDevice.findMany({
      ...byUser,
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true, lastUsedAt: true },
    }),
    prisma.passwordResetToken.findMany({
      ...byUser,
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true, expiresAt: true, usedAt: true },
    }),
    prisma.contactMessage.findMany({
      ...byUser,
      orderBy: { createdAt: 'asc' },
      select: {
        name: true,
        email: true,
        phone: true,
        subject: true,
        message: true,
        status: true,
        consentAt: true,
        createdAt: true,
      },
    }),
    prisma.offerRequest.findMany({
      ...byUser,
      orderBy: { createdAt: 'asc' },
      select: {
        name: true,
        email: true,
        phone: true,
        companyName: true,
        taxNumber: true,
        postcode: true,
        city: true,
        address: true,
        note: true,
        status: true,
        consentAt: true,
        createdAt: true,
        lines: { orderBy: { position: 'asc' }, select: { productTitle: true, quantity: true } },
      },
    }),
    prisma.quote.findMany({
      ...byUser,
      orderBy: { createdAt: 'asc' },
      select: {
        email: true,
        note: true,
        validUntil: true,
        sentAt: true,
        createdAt: true,
        order: { select: { number: true } },
        lines: {
          orderBy: { position: 'asc' },
          select: { ...productRef, variantId: true, quantity: true, unitPrice: true },
        },
      },
    }),
    prisma.consentRecord.findMany({
      ...byUser,
      orderBy: { createdAt: 'asc' },
      select: {
        consentId: true,
        statistics: true,
        marketing: true,
        policyVersion: true,
        userAgent: true,
        createdAt: true,
      },
    }),
    prisma.stockNotification.findMany({
      ...byUser,
      orderBy: { createdAt: 'asc' },
      select: { ...productRef, variantId: true, email: true, notifiedAt: true, createdAt: true },
    }),
    // Only the account's own key: uses counted for the address ("e:…") came from guest orders.
    prisma.promotionCustomerUse.findMany({
      where: { customer: customerKey(userId, null) ?? '' },
      orderBy: { promotionId: 'asc' },
      select: { uses: true, promotion: { select: { name: true } } },
    }),
    prisma.review.findMany({
      ...byUser,
      orderBy: { createdAt: 'asc' },
      select: {
        ...productRef,
        orderId: true,
        rating: true,
        title: true,
        body: true,
        status: true,
        answer: true,
        createdAt: true,
      },
    }),
    prisma.newsletterSubscription.findMany({
      ...byUser,
      orderBy: { requestedAt: 'asc' },
      select: {
        email: true,
        status: true,
        source: true,
        consentVersion: true,
        requestedAt: true,
        confirmedAt: true,
        unsubscribedAt: true,
      },
    }),
    prisma.newsletterConsent.findMany({
      ...byUser,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: {
        email: true,
        event: true,
        source: true,
        consentVersion: true,
        consentText: true,
        createdAt: true,
      },
    }),
    prisma.abandonedCartReminder.findMany({
      ...byUser,
      orderBy: { remindedAt: 'asc' },
      select: { email: true, lines: true, remindedAt: true, restoredAt: true },
    }),
  ]);
  const withProduct = <T extends { productId: number; product: { slug: string } }>({
    product,
    ...row
  }: T) => ({
    ...row,
    slug: product.slug,
  });
  return {
    bookmarks: bookmarks.map((row) => ({ ...withProduct(row), createdAt: row.createdAt.toISOString() })),
    cart: cart
      ? {
          updatedAt: cart.updatedAt.toISOString(),
          lines: cart.lines.map((line) => ({ ...withProduct(line), addedAt: line.addedAt.toISOString() })),
        }
      : null,
    customerPrices: customerPrices.map(withProduct),
    sessions: sessions.map((session) => ({
      ...session,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    })),
    trustedDevices: trustedDevices.map((device) => ({
      createdAt: device.createdAt.toISOString(),
      lastUsedAt: device.lastUsedAt.toISOString(),
    })),
    passwordResets: passwordResets.map((reset) => ({
      createdAt: reset.createdAt.toISOString(),
      expiresAt: reset.expiresAt.toISOString(),
      usedAt: iso(reset.usedAt),
    })),
    contactMessages: contactMessages.map((message) => ({
      ...message,
      consentAt: message.consentAt.toISOString(),
      createdAt: message.createdAt.toISOString(),
    })),
    offerRequests: offerRequests.map((request) => ({
      ...request,
      consentAt: request.consentAt.toISOString(),
      createdAt: request.createdAt.toISOString(),
    })),
    quotes: quotes.map(({ order, lines, ...quote }) => ({
      ...quote,
      validUntil: quote.validUntil.toISOString(),
      sentAt: iso(quote.sentAt),
      createdAt: quote.createdAt.toISOString(),
      orderNumber: order?.number ?? null,
      lines: lines.map(withProduct),
    })),
    consents: consents.map((consent) => ({ ...consent, createdAt: consent.createdAt.toISOString() })),
    stockNotifications: stockNotifications.map((request) => ({
      ...withProduct(request),
      notifiedAt: iso(request.notifiedAt),
      createdAt: request.createdAt.toISOString(),
    })),
    promotionUses: promotionUses.map((use) => ({ promotion: use.promotion.name, uses: use.uses })),
    reviews: reviews.map((review) => ({ ...withProduct(review), createdAt: review.createdAt.toISOString() })),
    newsletterSubscriptions: newsletterSubscriptions.map((row) => ({
      ...row,
      requestedAt: row.requestedAt.toISOString(),
      confirmedAt: iso(row.confirmedAt),
      unsubscribedAt: iso(row.unsubscribedAt),
    })),
    newsletterConsents: newsletterConsents.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    abandonedCartReminders: abandonedCartReminders.map((row) => ({
      email: row.email,
      lines: storedLines(row.lines),
      remindedAt: row.remindedAt.toISOString(),
      restoredAt: iso(row.restoredAt),
    })),
  };
}

/**
 * Removes the personal data of an account that has orders, as PERSONAL_DATA_TABLES (services/personal-data.ts)
 * says per table. The orders keep the buyer's name, billing and shipping data, which invoicing law requires to
 * be kept; their contact e-mail and phone go, and so does what the person wrote or could be reached by in the
 * records kept with them. Signing in becomes impossible: the address is a reserved placeholder and the
 * password hash is not a hash.
 */
export async function anonymizeUser(tx: Prisma.TransactionClient, userId: number, now: Date = new Date()) {
  const placeholder = `torolt-${userId}-${randomBytes(6).toString('hex')}@${ANONYMIZED_EMAIL_DOMAIN}`;
  const { email, phone } = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, phone: true },
  });
  const orders = await tx.order.findMany({
    where: { userId },
    select: { id: true, email: true, phone: true },
  });
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
  const orderIds = orders.map((order) => order.id);
  // The customer's own note is delivery instructions, not invoicing data, and free text that may name them.
  await tx.order.updateMany({ where: { userId }, data: { email: placeholder, phone: null, note: null } });
  // The withdrawal stays as the record of the declaration (its order names the buyer); who typed it goes.
  await tx.withdrawal.updateMany({
    where: { orderId: { in: orderIds } },
    data: { name: ANONYMOUS_NAME, email: placeholder, reason: null },
  });
  const contacts = [email, phone, ...orders.flatMap((order) => [order.email, order.phone])];
  await scrubStaffRecords(tx, orderIds, contacts);
}

/** What a removed account's contact messages and offer requests name as their sender. */
const ANONYMOUS_NAME = `${ANONYMIZED_LAST_NAME} ${ANONYMIZED_FIRST_NAME}`.toLowerCase();
/** What stands in the staff's notes and trail where the person's e-mail address or phone number was. */
export const ERASED_CONTACT = '(törölve)';

/**
 * The staff's notes and change trail stay with the kept orders as the shop's record of its work; the
 * person's e-mail addresses and phone numbers are cut out of them (as written in the order, any case).
 */
async function scrubStaffRecords(
  tx: Prisma.TransactionClient,
  orderIds: number[],
  contacts: ReadonlyArray<string | null>,
) {
  const patterns = [
    ...new Set(contacts.filter((value): value is string => !!value && value.trim().length > 3)),
  ].map((value) => new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'));
  if (patterns.length === 0 || orderIds.length === 0) return;
  const scrub = (text: string) =>
    patterns.reduce((result, pattern) => result.replace(pattern, ERASED_CONTACT), text);
  const scrubJson = (value: Prisma.JsonValue): Prisma.JsonValue => {
    if (typeof value === 'string') return scrub(value);
    if (Array.isArray(value)) return value.map(scrubJson);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, scrubJson(entry ?? null)]));
    }
    return value;
  };
  const notes = await tx.orderNote.findMany({
    where: { orderId: { in: orderIds } },
    select: { id: true, text: true },
  });
  for (const note of notes) {
    const text = scrub(note.text);
    if (text !== note.text)
      await tx.orderNote.update({ where: { id: note.id }, data: { text }, select: { id: true } });
  }
  const entries = await tx.orderAuditEntry.findMany({
    where: { orderId: { in: orderIds } },
    select: { id: true, detail: true },
  });
  for (const entry of entries) {
    const detail = scrubJson(entry.detail);
    if (JSON.stringify(detail) === JSON.stringify(entry.detail)) continue;
    await tx.orderAuditEntry.update({
      where: { id: entry.id },
      data: { detail: detail as Prisma.InputJsonValue },
      select: { id: true },
    });
  }
}

/** Data about the person kept outside the user row, removed whether the account is anonymised or deleted. */
async function scrubPersonalTraces(
  tx: Prisma.TransactionClient,
  { id: userId, email }: { id: number; email: string },
  placeholder: string,
) {
  await tx.address.deleteMany({ where: { userId } });
  await tx.session.deleteMany({ where: { userId } });
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  await tx.trustedDevice.deleteMany({ where: { userId } });
  await tx.bookmark.deleteMany({ where: { userId } });
  await tx.cart.deleteMany({ where: { userId } });
  await tx.productCustomerPrice.deleteMany({ where: { userId } });
  // Back-in-stock requests: the account's own, and those its address left before signing in.
  await tx.stockNotification.deleteMany({ where: { OR: [{ userId }, { email: email.toLowerCase() }] } });
  // Reviews carry the person's name and words: they go with the account (#29).
  await tx.review.deleteMany({ where: { userId } });
  // Cart reminders (the account's, and those sent to its address) and a guest cart saved by the address.
  await tx.abandonedCartReminder.deleteMany({ where: { OR: [{ userId }, { email: email.toLowerCase() }] } });
  await tx.guestCartSnapshot.deleteMany({ where: { email: email.toLowerCase() } });
  // The outbox has no user link: its messages to the person (names, order data, reset links) go by address.
  await tx.emailOutbox.deleteMany({ where: { to: { equals: email, mode: 'insensitive' } } });
  // Promotion counts for the account and its address: nobody can order as this account again.
  const keys = [customerKey(userId, null), customerKey(null, email)].filter(
    (key): key is string => key !== null,
  );
  await tx.promotionCustomerUse.deleteMany({ where: { customer: { in: keys } } });
  // Newsletter: never mailed again; the register keeps its proof under the address's hash.
  await anonymiseNewsletterData(tx, { id: userId, email: email.toLowerCase() });
  // Cookie choices stay as proof of consent (GDPR Art. 7(1)), under the browser's random id only.
  await tx.consentRecord.updateMany({ where: { userId }, data: { userId: null, userAgent: null } });
  // Free text the person wrote may name them; the inquiry stays (with its status) as a count of work done.
  await tx.contactMessage.updateMany({
    where: { userId },
    data: { name: ANONYMOUS_NAME, email: placeholder, phone: null, subject: null, message: ERASED_TEXT },
  });
  await tx.offerRequest.updateMany({
    where: { userId },
    data: {
      name: ANONYMOUS_NAME,
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
