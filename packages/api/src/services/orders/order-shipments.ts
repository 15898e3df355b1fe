import type { OrderStatus, Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import { escapeHtml } from '../../html-escape';
import { withoutReadOnly } from '../../input-guard';
import {
  NO_SHIPMENT_CHANGES,
  ORDER_STATUS_LABELS,
  type TOrder,
  type TOrderShipmentAddInput,
  type TOrderShipmentDeleteInput,
  type TOrderShipmentUpdateInput,
  ZOrderShipmentUpdateInput,
} from '../../schemas';
import { withArticle } from '../../schemas/hungarian';
import { enqueueTemplatedEmail } from '../email/outbox';
import { htmlToText, type TrustedHtml } from '../email/render';
import { enqueueWebhookEvent } from '../webhooks/events';
import { recordOrderAudit } from './order-audit';
import { type ShipmentRow, shipmentSelect, toShipmentDto } from './order-dto';
import { getOrderFor, ORDER_NOT_FOUND } from './order-read';
import type { OrderActor } from './order-status-admin';

/**
 * The tracking numbers of an order (`OrderShipment`): an order may travel in several parcels.
 * 1. Every change locks the order row first, so two changes of one order (a double click, an admin and
 *    an integration at once) run one after the other and each sees what the previous one left.
 * 2. A number is on an order once, whatever its case: adding it again, or correcting another one to
 *    it, is a 409. Correcting a number to what it already is changes nothing and sends nothing, so a
 *    repeated request is harmless.
 * 3. `Order.trackingNumber` mirrors the first number (lowest id), or null: readers written before
 *    orders had several numbers (the status e-mail, `order.status_changed`, the order list) keep working.
 * 4. Numbers can be given while the order is being fulfilled or after, not to an order that is unpaid,
 *    cancelled or refunded.
 * 5. Once the customer has the shipped e-mail (its `OrderStatusEmail` row), each added or corrected
 *    number sends `order_tracking_changed` with all the order's numbers and tracking links, in the same
 *    transaction; before that the shipped e-mail will list them. A removal sends none. `notify: false`
 *    sends none either.
 * 6. Each change queues `order.shipment_changed` for integrators in the same transaction, and is
 *    recorded in the order's audit trail (a number given with the shipped status is in its entry).
 * 7. Shipping an order with a number adds it (changeOrderStatus): a number already on the order
 *    changes nothing. Asking again for `shipped` with a number gives a shipped order that has none its
 *    first; with another number than the ones it has, it is a 409 that names the shipment operations,
 *    since only the caller knows whether it is a correction or one more parcel.
 */

type Deps = { prisma: PrismaClient; actor: OrderActor };

const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;

export const SHIPMENT_NOT_FOUND = 'Ez a csomagszám nem található ennél a rendelésnél.';

export function duplicateTrackingNumber(trackingNumber: string): string {
  return `${withArticle(`„${trackingNumber}”`, { capital: true })} csomagszám már szerepel ennél a rendelésnél.`;
}

/** Rule 2's 409, shown at the number's field in the admin's form. */
function duplicate(trackingNumber: string): DomainError {
  const message = duplicateTrackingNumber(trackingNumber);
  return new DomainError('conflict', message, [{ path: 'trackingNumber', message }]);
}

/** Rule 7's 409: the order is shipped already and the number is not one of its numbers. */
export function alreadyShippedWith(orderId: number, numbers: readonly string[]): string {
  const current = numbers.length ? ` (csomagszáma: ${numbers.join(', ')})` : '';
  return (
    `A rendelés már „${ORDER_STATUS_LABELS.shipped}” állapotú${current}, az állapotváltás nem változtat a csomagszámain. ` +
    `Újabb csomag számát a csomagszám felvételével (POST /api/order/${orderId}/shipment), ` +
    `elírt számot a javításával (PUT /api/order/${orderId}/shipment/{shipment}) adhatod meg.`
  );
}

type ShipmentChange = 'added' | 'corrected' | 'removed';

type LockedOrder = { status: OrderStatus };

/** Rules 1 and 4. */
async function lockOrder(tx: Prisma.TransactionClient, orderId: number): Promise<LockedOrder> {
  const [locked] = await tx.$queryRaw<LockedOrder[]>`
    SELECT status FROM "Order" WHERE id = ${orderId} FOR UPDATE`;
  if (!locked) throw new DomainError('not_found', ORDER_NOT_FOUND);
  if (NO_SHIPMENT_CHANGES.includes(locked.status)) {
    throw new DomainError(
      'conflict',
      `„${ORDER_STATUS_LABELS[locked.status]}” állapotú rendelés csomagszámai nem módosíthatók.`,
    );
  }
  return locked;
}

/** The order's numbers in the order they were given (the shipped e-mail lists them). */
export function shipmentsOf(tx: Prisma.TransactionClient, orderId: number): Promise<ShipmentRow[]> {
  return tx.orderShipment.findMany({ where: { orderId }, orderBy: { id: 'asc' }, select: shipmentSelect });
}

const sameNumber = (a: string, b: string) => a.toLocaleUpperCase('hu') === b.toLocaleUpperCase('hu');

/** Rule 3: the first number onto the order row, written only when it differs. */
async function mirrorFirstNumber(
  tx: Prisma.TransactionClient,
  orderId: number,
  shipments: readonly ShipmentRow[],
): Promise<void> {
  const first = shipments[0]?.trackingNumber ?? null;
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { trackingNumber: true },
  });
  if (order.trackingNumber !== first) {
    await tx.order.update({ where: { id: orderId }, data: { trackingNumber: first }, select: { id: true } });
  }
}

type ChangeContext = {
  orderId: number;
  actor: OrderActor;
  notify: boolean | undefined;
  /** False when the change is part of a status change, whose audit entry records the number. */
  audit: boolean;
};

/** Rules 3, 5 and 6 for one change that was written. */
async function afterChange(
  tx: Prisma.TransactionClient,
  context: ChangeContext,
  change: ShipmentChange,
  shipment: ShipmentRow,
  previous: ShipmentRow | null,
): Promise<void> {
  const { orderId } = context;
  const shipments = await shipmentsOf(tx, orderId);
  await mirrorFirstNumber(tx, orderId, shipments);
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      number: true,
      email: true,
      firstName: true,
      lastName: true,
      shippingMethodName: true,
      statusEmails: { where: { status: 'shipped' }, select: { outboxId: true } },
    },
  });
  const now = new Date();
  const asPayload = (row: ShipmentRow) => ({
    id: row.id,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    trackingUrl: row.trackingUrl,
  });
  await enqueueWebhookEvent(tx, 'order.shipment_changed', {
    order: { id: orderId, number: order.number },
    change,
    shipment: asPayload(shipment),
    previousTrackingNumber: previous?.trackingNumber ?? null,
    shipments: shipments.map(asPayload),
    changedAt: now.toISOString(),
  });

  let outboxId: number | null = null;
  const shippedEmailSent = order.statusEmails.some((row) => row.outboxId !== null);
  if (change !== 'removed' && shippedEmailSent && context.notify !== false) {
    const queued = await enqueueTemplatedEmail(tx, {
      templateKey: 'order_tracking_changed',
      to: order.email,
      variables: {
        firstName: order.firstName,
        lastName: order.lastName,
        orderNumber: order.number,
        shippingMethod: order.shippingMethodName,
        trackingNumber: shipments.map((row) => row.trackingNumber).join(', '),
        trackingUrl: shipment.trackingUrl ?? '',
        trackingInfo: trackingInfo(shipments, order.shippingMethodName),
      },
    });
    outboxId = queued.id;
  }
  if (context.audit) {
    await recordOrderAudit(tx, {
      orderId,
      actorId: context.actor.userId,
      apiKeyName: context.actor.apiKeyName,
      action: 'shipment',
      detail: {
        change,
        trackingNumber: shipment.trackingNumber,
        ...(previous && previous.trackingNumber !== shipment.trackingNumber
          ? { previousTrackingNumber: previous.trackingNumber }
          : {}),
        carrier: shipment.carrier,
        trackingUrl: shipment.trackingUrl,
        ...(context.notify === false ? { notify: false } : {}),
        ...(outboxId !== null ? { outboxId } : {}),
      },
    });
  }
}

/**
 * The order's numbers for the customer's e-mails (`{{trackingInfo}}`): one number in a sentence, several
 * in a list, each linked to its tracking page when it has one.
 */
export function trackingInfo(
  shipments: readonly Pick<ShipmentRow, 'trackingNumber' | 'carrier' | 'trackingUrl'>[],
  shippingMethodName: string,
): TrustedHtml {
  if (shipments.length === 0) return { html: '', text: '' };
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  let html: string;
  if (shipments.length === 1) {
    const [only] = shipments as [(typeof shipments)[number]];
    html = only.trackingUrl
      ? `<p>A csomag követési száma: <strong>${escapeHtml(only.trackingNumber)}</strong>. ` +
        `A csomagodat itt követheted: ${link(only.trackingUrl)}</p>`
      : `<p>A csomag követési száma: <strong>${escapeHtml(only.trackingNumber)}</strong>. ` +
        `Ezzel a számmal a szállító (${escapeHtml(only.carrier ?? shippingMethodName)}) nyomkövető oldalán követheted a csomagodat.</p>`;
  } else {
    const items = shipments.map((row) => {
      const carrier = row.carrier ? ` (${escapeHtml(row.carrier)})` : '';
      const follow = row.trackingUrl ? ` – követés: ${link(row.trackingUrl)}` : '';
      return `<li><strong>${escapeHtml(row.trackingNumber)}</strong>${carrier}${follow}</li>`;
    });
    html =
      `<p>A rendelésed ${shipments.length} csomagban érkezik, a csomagok követési számai:</p>` +
      `<ul>${items.join('')}</ul>` +
      `<p>A link nélküli számokkal a szállító (${escapeHtml(shippingMethodName)}) nyomkövető oldalán követheted a csomagokat.</p>`;
  }
  return { html, text: htmlToText(html) };
}

type NewShipment = {
  trackingNumber: string;
  carrier?: string | null | undefined;
  trackingUrl?: string | null | undefined;
};

/**
 * Rule 7, inside changeOrderStatus's transaction (the order row is locked there): the number given with
 * the shipped status. Answers false when the order already has it.
 */
export async function addShipmentWithStatus(
  tx: Prisma.TransactionClient,
  context: Omit<ChangeContext, 'audit'> & { audit?: boolean },
  given: NewShipment,
): Promise<boolean> {
  const existing = await shipmentsOf(tx, context.orderId);
  if (existing.some((row) => sameNumber(row.trackingNumber, given.trackingNumber))) return false;
  await insertShipment(tx, { ...context, audit: context.audit ?? false }, given);
  return true;
}

/** Whether the order already carries this number (any case): a repeated shipped request with it is no change. */
export async function hasTrackingNumber(
  tx: Prisma.TransactionClient,
  orderId: number,
  trackingNumber: string,
): Promise<{ has: boolean; numbers: string[] }> {
  const numbers = (await shipmentsOf(tx, orderId)).map((row) => row.trackingNumber);
  return { has: numbers.some((number) => sameNumber(number, trackingNumber)), numbers };
}

async function insertShipment(
  tx: Prisma.TransactionClient,
  context: ChangeContext,
  given: NewShipment,
): Promise<ShipmentRow> {
  const created = await tx.orderShipment.create({
    data: {
      orderId: context.orderId,
      trackingNumber: given.trackingNumber,
      carrier: given.carrier ?? null,
      trackingUrl: given.trackingUrl ?? null,
    },
    select: shipmentSelect,
  });
  await afterChange(tx, context, 'added', created, null);
  return created;
}

/** POST /api/order/{id}/shipment: one more number; the order as staff sees it. */
export async function addOrderShipment(deps: Deps, input: TOrderShipmentAddInput): Promise<TOrder> {
  await deps.prisma.$transaction(async (tx) => {
    await lockOrder(tx, input.id);
    const existing = await shipmentsOf(tx, input.id);
    if (existing.some((row) => sameNumber(row.trackingNumber, input.trackingNumber))) {
      throw duplicate(input.trackingNumber);
    }
    await insertShipment(
      tx,
      { orderId: input.id, actor: deps.actor, notify: input.notify, audit: true },
      input,
    );
  }, TRANSACTION_OPTIONS);
  return getOrderFor(deps.prisma, input.id, { session: null, staff: true });
}

async function findShipment(
  tx: Prisma.TransactionClient,
  orderId: number,
  shipmentId: number,
): Promise<ShipmentRow> {
  const row = await tx.orderShipment.findFirst({
    where: { id: shipmentId, orderId },
    select: shipmentSelect,
  });
  if (!row) throw new DomainError('not_found', SHIPMENT_NOT_FOUND);
  return row;
}

/** PUT /api/order/{id}/shipment/{shipment}: a corrected number, carrier or link. */
export async function correctOrderShipment(deps: Deps, raw: TOrderShipmentUpdateInput): Promise<TOrder> {
  await deps.prisma.$transaction(async (tx) => {
    await lockOrder(tx, raw.id);
    const current = await findShipment(tx, raw.id, raw.shipment);
    const input = await withoutReadOnly(ZOrderShipmentUpdateInput, raw, async () => toShipmentDto(current));
    const others = (await shipmentsOf(tx, raw.id)).filter((row) => row.id !== current.id);
    if (others.some((row) => sameNumber(row.trackingNumber, input.trackingNumber))) {
      throw duplicate(input.trackingNumber);
    }
    const next = {
      trackingNumber: input.trackingNumber,
      carrier: input.carrier === undefined ? current.carrier : input.carrier,
      trackingUrl: input.trackingUrl === undefined ? current.trackingUrl : input.trackingUrl,
    };
    if (
      next.trackingNumber === current.trackingNumber &&
      next.carrier === current.carrier &&
      next.trackingUrl === current.trackingUrl
    ) {
      return;
    }
    const updated = await tx.orderShipment.update({
      where: { id: current.id },
      data: next,
      select: shipmentSelect,
    });
    await afterChange(
      tx,
      { orderId: raw.id, actor: deps.actor, notify: input.notify, audit: true },
      'corrected',
      updated,
      current,
    );
  }, TRANSACTION_OPTIONS);
  return getOrderFor(deps.prisma, raw.id, { session: null, staff: true });
}

/** DELETE /api/order/{id}/shipment/{shipment}: a number given by mistake. */
export async function removeOrderShipment(deps: Deps, input: TOrderShipmentDeleteInput): Promise<TOrder> {
  await deps.prisma.$transaction(async (tx) => {
    await lockOrder(tx, input.id);
    const current = await findShipment(tx, input.id, input.shipment);
    await tx.orderShipment.delete({ where: { id: current.id }, select: { id: true } });
    await afterChange(
      tx,
      { orderId: input.id, actor: deps.actor, notify: undefined, audit: true },
      'removed',
      current,
      null,
    );
  }, TRANSACTION_OPTIONS);
  return getOrderFor(deps.prisma, input.id, { session: null, staff: true });
}
