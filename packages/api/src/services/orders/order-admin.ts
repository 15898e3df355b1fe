import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import {
  ORDER_EMAIL_LABELS,
  ORDER_EMAIL_TEMPLATES,
  ORDER_STATUS_LABELS,
  type TAdminOrderDetail,
  type TOrder,
  type TOrderAddressInput,
  type TOrderEmailTemplate,
  type TOrderResendEmailInput,
  type TOrderStatus,
} from '../../schemas';
import { auditDetailOf, recordOrderAudit } from './order-audit';
import { orderSelect, toOrderDto } from './order-dto';
import { ORDER_NOT_FOUND } from './order-read';
import { ORDER_STATUS_EMAIL } from './order-status';
import { getOrderRefunds } from './refund-read';

const personSelect = { id: true, firstName: true, lastName: true } as const;
type PersonRow = { id: number; firstName: string; lastName: string } | null;
const personOf = (row: PersonRow) => (row ? { id: row.id, name: `${row.lastName} ${row.firstName}` } : null);

/** Audit and payment details are JSON objects; anything else is shown under `value`. */
const detailSelect = {
  ...orderSelect,
  userId: true,
  statusChanges: {
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: {
      fromStatus: true,
      toStatus: true,
      note: true,
      trackingNumber: true,
      createdAt: true,
      changedBy: { select: personSelect },
    },
  },
  notes: {
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, text: true, createdAt: true, author: { select: personSelect } },
  },
  auditEntries: {
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, action: true, detail: true, createdAt: true, actor: { select: personSelect } },
  },
  statusEmails: { select: { status: true, outboxId: true } },
} as const satisfies Prisma.OrderSelect;

/** The e-mails an order sent its customer, as stored in the outbox: what "resend" sends again. */
type SentEmail = { template: TOrderEmailTemplate; outboxId: number; subject: string; queuedAt: Date };

const TEMPLATE_OF_STATUS = ORDER_STATUS_EMAIL as Partial<Record<TOrderStatus, TOrderEmailTemplate>>;

async function sentEmails(
  db: Prisma.TransactionClient | PrismaClient,
  order: {
    number: string;
    email: string;
    createdAt: Date;
    statusEmails: readonly { status: TOrderStatus; outboxId: number | null }[];
    /** The order's audit entries of tracking number changes: each names the e-mail it queued. */
    shipmentEntries: readonly { detail: Prisma.JsonValue }[];
  },
): Promise<SentEmail[]> {
  const templateOfOutbox = new Map<number, TOrderEmailTemplate>();
  for (const row of order.statusEmails) {
    const template = TEMPLATE_OF_STATUS[row.status];
    if (row.outboxId !== null && template) templateOfOutbox.set(row.outboxId, template);
  }
  for (const entry of order.shipmentEntries) {
    const outboxId = auditDetailOf(entry.detail).outboxId;
    if (typeof outboxId === 'number') templateOfOutbox.set(outboxId, 'order_tracking_changed');
  }
  // The confirmation is queued with the order (or again the same day, when the customer changes the
  // payment method); the outbox has no order column, so it is found by time, recipient and number.
  const dayAfter = new Date(order.createdAt.getTime() + 24 * 3600 * 1000);
  const confirmation = await db.emailOutbox.findFirst({
    where: {
      templateKey: 'order_confirmation',
      to: order.email,
      createdAt: { gte: new Date(order.createdAt.getTime() - 60_000), lte: dayAfter },
      html: { contains: order.number },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, subject: true, createdAt: true },
  });
  const orderMails = await db.emailOutbox.findMany({
    where: { id: { in: [...templateOfOutbox.keys()] } },
    select: { id: true, subject: true, createdAt: true },
  });
  const emails: SentEmail[] = [];
  if (confirmation) {
    emails.push({
      template: 'order_confirmation',
      outboxId: confirmation.id,
      subject: confirmation.subject,
      queuedAt: confirmation.createdAt,
    });
  }
  for (const mail of orderMails) {
    const template = templateOfOutbox.get(mail.id);
    if (template)
      emails.push({ template, outboxId: mail.id, subject: mail.subject, queuedAt: mail.createdAt });
  }
  const rank = (template: TOrderEmailTemplate) => ORDER_EMAIL_TEMPLATES.indexOf(template);
  return emails.sort(
    (a, b) => a.queuedAt.getTime() - b.queuedAt.getTime() || rank(a.template) - rank(b.template),
  );
}

/** GET /api/order/{id}/admin: everything the admin's order page shows, in one answer. */
export async function getAdminOrder(prisma: PrismaClient, id: number): Promise<TAdminOrderDetail> {
  const row = await prisma.order.findUnique({
    where: { id },
    select: {
      ...detailSelect,
      payments: {
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        select: {
          id: true,
          provider: true,
          status: true,
          amount: true,
          providerPaymentId: true,
          createdAt: true,
          completedAt: true,
          events: {
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
            select: { id: true, kind: true, providerStatus: true, detail: true, createdAt: true },
          },
        },
      },
    },
  });
  if (!row) throw new DomainError('not_found', ORDER_NOT_FOUND);
  const shipmentEntries = row.auditEntries.filter((entry) => entry.action === 'shipment');
  const [refunds, emails] = await Promise.all([
    getOrderRefunds(prisma, id),
    sentEmails(prisma, { ...row, shipmentEntries }),
  ]);
  return {
    // The order's payment state is its card payment's, as everywhere; the panel below lists them all.
    order: toOrderDto({ ...row, payments: row.payments.filter((payment) => payment.provider === 'barion') }),
    customerId: row.userId,
    history: row.statusChanges.map((change) => ({
      from: change.fromStatus,
      status: change.toStatus,
      at: change.createdAt.toISOString(),
      note: change.note,
      trackingNumber: change.trackingNumber,
      by: personOf(change.changedBy),
    })),
    payments: row.payments.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      status: payment.status,
      amount: payment.amount,
      providerPaymentId: payment.providerPaymentId,
      createdAt: payment.createdAt.toISOString(),
      completedAt: payment.completedAt?.toISOString() ?? null,
      events: payment.events.map((event) => ({
        id: event.id,
        kind: event.kind,
        providerStatus: event.providerStatus,
        detail: auditDetailOf(event.detail),
        at: event.createdAt.toISOString(),
      })),
    })),
    notes: row.notes.map((note) => ({
      id: note.id,
      text: note.text,
      createdAt: note.createdAt.toISOString(),
      author: personOf(note.author),
    })),
    audit: row.auditEntries.map((entry) => ({
      id: entry.id,
      action: entry.action,
      detail: auditDetailOf(entry.detail),
      at: entry.createdAt.toISOString(),
      actor: personOf(entry.actor),
    })),
    refunds,
    emails: emails.map((mail) => ({
      template: mail.template,
      subject: mail.subject,
      queuedAt: mail.queuedAt.toISOString(),
    })),
  };
}

/** A second resend of the same e-mail within this time is taken for a double click and refused. */
const RESEND_GUARD_MS = 30_000;

/**
 * POST /api/order/{id}/email (admin): queues the e-mail again exactly as it went out (the same private
 * link, tracking number and note), to the same address, and records it in the audit trail.
 */
export async function resendOrderEmail(
  prisma: PrismaClient,
  input: TOrderResendEmailInput,
  actorId: number,
): Promise<{ to: string; subject: string; outboxId: number }> {
  return prisma.$transaction(async (tx) => {
    // One resend at a time per order, so a double click is seen by the second request.
    const locked = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM "Order" WHERE id = ${input.id} FOR UPDATE`;
    if (locked.length === 0) throw new DomainError('not_found', ORDER_NOT_FOUND);
    const order = await tx.order.findUniqueOrThrow({
      where: { id: input.id },
      select: {
        number: true,
        email: true,
        createdAt: true,
        statusEmails: { select: { status: true, outboxId: true } },
        auditEntries: { where: { action: 'shipment' }, select: { detail: true } },
      },
    });
    const original = (await sentEmails(tx, { ...order, shipmentEntries: order.auditEntries })).findLast(
      (mail) => mail.template === input.template,
    );
    if (!original) {
      throw new DomainError(
        'conflict',
        `„${ORDER_EMAIL_LABELS[input.template]}” e-mailt ez a rendelés még nem küldött, ezért nem küldhető újra.`,
      );
    }
    const recent = await tx.orderAuditEntry.findFirst({
      where: {
        orderId: input.id,
        action: 'email_resent',
        createdAt: { gte: new Date(Date.now() - RESEND_GUARD_MS) },
        detail: { path: ['template'], equals: input.template },
      },
      select: { id: true },
    });
    if (recent) {
      throw new DomainError(
        'conflict',
        'Ezt az e-mailt az imént küldtük el újra; várj egy kicsit, mielőtt ismét küldenéd.',
      );
    }
    const message = await tx.emailOutbox.findUniqueOrThrow({
      where: { id: original.outboxId },
      select: { to: true, subject: true, html: true, text: true, templateKey: true },
    });
    const copy = await tx.emailOutbox.create({ data: message, select: { id: true } });
    await recordOrderAudit(tx, {
      orderId: input.id,
      actorId,
      action: 'email_resent',
      detail: { template: input.template, subject: message.subject, to: message.to, outboxId: copy.id },
    });
    return { to: message.to, subject: message.subject, outboxId: copy.id };
  });
}

/** Statuses in which the parcel has left (or the order is over): its shipping address is history. */
const SHIPPING_ADDRESS_FIXED: readonly TOrderStatus[] = [
  'shipped',
  'ready_for_pickup',
  'completed',
  'cancelled',
  'refunded',
];

const addressColumns = {
  shippingName: true,
  shippingPostcode: true,
  shippingCity: true,
  shippingStreet: true,
  shippingFloorDoor: true,
  billingName: true,
  billingCompanyName: true,
  billingTaxNumber: true,
  billingEuVatNumber: true,
  billingPostcode: true,
  billingCity: true,
  billingStreet: true,
  billingFloorDoor: true,
} as const;

/**
 * PUT /api/order/{id}/address (admin): corrects the addresses copied into the order. The shipping
 * address only until the parcel leaves; a pickup order has none. The trail keeps before and after.
 */
export async function correctOrderAddress(
  prisma: PrismaClient,
  input: TOrderAddressInput,
  actorId: number,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM "Order" WHERE id = ${input.id} FOR UPDATE`;
    if (locked.length === 0) throw new DomainError('not_found', ORDER_NOT_FOUND);
    const current = await tx.order.findUniqueOrThrow({
      where: { id: input.id },
      select: { status: true, ...addressColumns },
    });
    const data: Prisma.OrderUpdateInput = {};
    const detail: Record<string, Prisma.InputJsonObject> = {};
    if (input.shippingAddress) {
      if (!current.shippingName) {
        throw new DomainError(
          'conflict',
          'Ennél a rendelésnél személyes átvétel van, ezért nincs szállítási címe.',
        );
      }
      if (SHIPPING_ADDRESS_FIXED.includes(current.status)) {
        throw new DomainError(
          'conflict',
          `„${ORDER_STATUS_LABELS[current.status]}” rendelés szállítási címe már nem módosítható.`,
        );
      }
      const before = {
        name: current.shippingName,
        postcode: current.shippingPostcode,
        city: current.shippingCity,
        street: current.shippingStreet,
        floorDoor: current.shippingFloorDoor,
      };
      const after = { ...input.shippingAddress, floorDoor: input.shippingAddress.floorDoor ?? null };
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        Object.assign(data, {
          shippingName: after.name,
          shippingPostcode: after.postcode,
          shippingCity: after.city,
          shippingStreet: after.street,
          shippingFloorDoor: after.floorDoor,
        });
        detail.shipping = { before, after };
      }
    }
    if (input.billingAddress) {
      const before = {
        name: current.billingName,
        companyName: current.billingCompanyName,
        taxNumber: current.billingTaxNumber,
        euVatNumber: current.billingEuVatNumber,
        postcode: current.billingPostcode,
        city: current.billingCity,
        street: current.billingStreet,
        floorDoor: current.billingFloorDoor,
      };
      const given = input.billingAddress;
      const after = {
        name: given.name,
        companyName: given.companyName ?? null,
        taxNumber: given.taxNumber ?? null,
        // Left out keeps the stored one: clients written before the field existed do not clear it.
        euVatNumber: given.euVatNumber === undefined ? current.billingEuVatNumber : given.euVatNumber,
        postcode: given.postcode,
        city: given.city,
        street: given.street,
        floorDoor: given.floorDoor ?? null,
      };
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        Object.assign(data, {
          billingName: after.name,
          billingCompanyName: after.companyName,
          billingTaxNumber: after.taxNumber,
          billingEuVatNumber: after.euVatNumber,
          billingPostcode: after.postcode,
          billingCity: after.city,
          billingStreet: after.street,
          billingFloorDoor: after.floorDoor,
        });
        detail.billing = { before, after };
      }
    }
    // Saving the same address again (a double click) changes nothing and leaves no trail entry.
    if (Object.keys(detail).length === 0) return;
    await tx.order.update({ where: { id: input.id }, data, select: { id: true } });
    await recordOrderAudit(tx, { orderId: input.id, actorId, action: 'address', detail });
  });
}

/** POST /api/order/print (admin): the orders of a packing slip or picking list, in the order asked. */
export async function ordersForPrint(
  prisma: PrismaClient,
  ids: readonly number[],
): Promise<{ orders: TOrder[] }> {
  const rows = await prisma.order.findMany({ where: { id: { in: [...ids] } }, select: orderSelect });
  const byId = new Map(rows.map((row) => [row.id, toOrderDto(row)]));
  const orders = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
  if (orders.length === 0) throw new DomainError('not_found', ORDER_NOT_FOUND);
  return { orders };
}
