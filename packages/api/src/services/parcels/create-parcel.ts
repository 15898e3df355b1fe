import { createHash } from 'node:crypto';
import type { Prisma } from '@shop/db';
import { DomainError } from '../../errors';
import {
  adminStatusRefusal,
  DEFAULT_PARCEL_SIZE,
  PICKUP_CARRIER_LABELS,
  parcelLabelUrl,
  type TOrderParcel,
  type TOrderParcelCreateInput,
  type TPickupPointSnapshot,
  ZPickupPointSnapshot,
} from '../../schemas';
import { withArticle } from '../../schemas/hungarian';
import { ORDER_NOT_FOUND } from '../orders/order-read';
import { changeOrderStatus } from '../orders/order-status';
import type { OrderActor } from '../orders/order-status-admin';
import { CarrierError, type ParcelRequest } from './carrier';
import { type CarrierDeps, foxpostPort } from './carrier-settings';
import { PARCEL_CARRIER_UNAVAILABLE, parcelError } from './parcel-messages';

/**
 * "Csomag feladása" (`POST /api/order/{id}/parcel`): the order's parcel is created at the carrier, its
 * number, tracking link and label are stored, and the order is shipped with the number as its tracking
 * number, so the customer's "order_shipped" e-mail carries the link.
 * 1. One parcel per order. An order that has one answers it again: nothing is sent to the carrier.
 * 2. The parcel carries the shop's own barcode derived from the order (`parcelBarcode`). The carrier
 *    refuses a second parcel with it (DUPLICATED_UNIQUE_BARCODE), so when an answer is lost and the
 *    admin tries again, or two admins press the button at once, the retry finds the parcel the first
 *    try made (by that barcode) and stores it instead of creating another.
 * 3. Storing the parcel and shipping the order are one transaction; the Parcel row's unique order id
 *    decides which of two racing requests does it, so the order is shipped and e-mailed once.
 * 4. The carrier call is made outside any transaction (no row lock waits on the carrier).
 */

export type ParcelDeps = CarrierDeps & { actor: OrderActor };

/** A status change may wait on the order's row behind a payment callback; Prisma's 5 s would be tight. */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;

export const PARCEL_NEEDS_PICKUP_POINT =
  'Ehhez a rendeléshez nem adható fel csomag a webáruházból: nem csomagautomatába megy. A webáruház a Foxpost csomagautomatába küldött rendelések csomagját adja fel; a többit add fel a futárszolgálat saját felületén, és a csomagszámot az állapotváltásnál add meg.';
export const PARCEL_DUPLICATE_NOT_FOUND =
  'A Foxpostnál már van csomag ennek a rendelésnek a vonalkódjával, de most nem sikerült lekérdezni. Próbáld újra néhány perc múlva.';

const parcelSelect = { parcelNumber: true, trackingUrl: true } as const;

export function toParcelDto(
  orderId: number,
  parcel: { parcelNumber: string; trackingUrl: string },
): TOrderParcel {
  return {
    parcelNumber: parcel.parcelNumber,
    labelUrl: parcelLabelUrl(orderId),
    trackingUrl: parcel.trackingUrl,
  };
}

/**
 * A Hungarian phone number as Foxpost wants it (+36…), from the ways customers type one ("06 30 123 4567",
 * "+36-30/123-4567", "0036…", "30 1234567"). Anything else is passed on cleaned, for Foxpost to judge.
 */
export function normalizeHungarianPhone(raw: string | null): string {
  if (!raw) return '';
  const cleaned = raw.replace(/[\s\-/().]/g, '');
  const digits = cleaned.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return cleaned;
  if (digits.startsWith('0036')) return `+36${digits.slice(4)}`;
  if (digits.startsWith('36') && digits.length === 11) return `+${digits}`;
  if (digits.startsWith('06') && digits.length === 11) return `+36${digits.slice(2)}`;
  if (digits.length === 9 && /^(20|30|31|50|51|70)/.test(digits)) return `+36${digits}`;
  return cleaned;
}

/**
 * The parcel's own barcode: "KB", six letters from the account's user name (so two shops on this engine
 * never collide in Foxpost's one namespace) and the order id. Foxpost asks for at least 4 letters and
 * 4 digits, at most 20 characters. The same order and account always give the same barcode (rule 2).
 */
export function parcelBarcode(accountName: string, orderId: number): string {
  const hash = createHash('sha256').update(accountName).digest();
  const letters = [...hash.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
  return `KB${letters}${String(orderId).padStart(8, '0')}`;
}

const orderSelect = {
  id: true,
  number: true,
  status: true,
  email: true,
  phone: true,
  firstName: true,
  lastName: true,
  shippingName: true,
  pickupPoint: true,
  paymentProvider: true,
  grandTotal: true,
  parcel: { select: parcelSelect },
} as const satisfies Prisma.OrderSelect;

function pickupPointOf(value: Prisma.JsonValue | null): TPickupPointSnapshot | null {
  const parsed = ZPickupPointSnapshot.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function createOrderParcel(
  deps: ParcelDeps,
  input: TOrderParcelCreateInput,
): Promise<TOrderParcel> {
  const order = await deps.prisma.order.findUnique({ where: { id: input.id }, select: orderSelect });
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  if (order.parcel) return toParcelDto(order.id, order.parcel);

  const refusal = adminStatusRefusal(order.status, 'shipped');
  if (refusal) throw new DomainError('conflict', `A csomag nem adható fel: ${refusal}`);
  const point = pickupPointOf(order.pickupPoint);
  if (!point) throw new DomainError('conflict', PARCEL_NEEDS_PICKUP_POINT);
  if (point.carrier !== 'foxpost') {
    throw new DomainError(
      'conflict',
      `${withArticle(PICKUP_CARRIER_LABELS[point.carrier], { capital: true })} csomagját a webáruház még nem tudja feladni, csak a Foxpostét. Add fel a szállító saját felületén, és a csomagszámot az állapotváltásnál add meg.`,
    );
  }

  const { port, config } = await foxpostPort(deps);
  const uniqueBarcode = parcelBarcode(config.username, order.id);
  const request: ParcelRequest = {
    recipient: {
      name: order.shippingName || `${order.lastName} ${order.firstName}`.trim(),
      phone: normalizeHungarianPhone(order.phone),
      email: order.email,
    },
    destination: { kind: 'point', pointId: point.id },
    size: input.size ?? DEFAULT_PARCEL_SIZE,
    cod: order.paymentProvider === 'cash_on_delivery' ? order.grandTotal : 0,
    reference: order.number,
    uniqueBarcode,
  };
  const context = { phone: order.phone, point: { id: point.id, name: point.name } };

  let parcelNumber: string;
  try {
    parcelNumber = (await port.createParcel(request)).parcelNumber;
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    const duplicate = error.fieldErrors.some(
      (fieldError) => fieldError.field === 'uniqueBarcode' && fieldError.code === 'DUPLICATED_UNIQUE_BARCODE',
    );
    // Only the barcode was refused: the parcel exists, made by an earlier try whose answer was lost.
    if (!duplicate || error.fieldErrors.length > 1) throw parcelError(error, context);
    parcelNumber = await findExisting(() => port.findParcel(uniqueBarcode));
  }

  const label = await port.labels([parcelNumber]).catch((error: unknown) => {
    // The label is fetched again when it is first downloaded.
    if (error instanceof CarrierError) return null;
    throw error;
  });
  await storeParcel(deps, order.id, {
    carrier: point.carrier,
    parcelNumber,
    trackingUrl: port.trackingUrl(parcelNumber),
    label: label ? Buffer.from(label) : null,
  });
  const stored = await deps.prisma.parcel.findUniqueOrThrow({
    where: { orderId: order.id },
    select: parcelSelect,
  });
  return toParcelDto(order.id, stored);
}

async function findExisting(find: () => Promise<string | null>): Promise<string> {
  try {
    const found = await find();
    if (found) return found;
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    throw new DomainError('unavailable', PARCEL_CARRIER_UNAVAILABLE, undefined, { cause: error });
  }
  throw new DomainError('conflict', PARCEL_DUPLICATE_NOT_FOUND);
}

type NewParcel = { carrier: string; parcelNumber: string; trackingUrl: string; label: Buffer | null };

/** Rule 3: the parcel and the shipped status together, by whichever request stores the parcel first. */
async function storeParcel(deps: ParcelDeps, orderId: number, parcel: NewParcel): Promise<void> {
  const row = { orderId, ...parcel, label: parcel.label ? new Uint8Array(parcel.label) : null };
  try {
    await deps.prisma.$transaction(async (tx) => {
      const inserted = await tx.parcel.createMany({ data: [row], skipDuplicates: true });
      if (inserted.count === 0) return;
      await changeOrderStatus(tx, {
        orderId,
        to: 'shipped',
        actorId: deps.actor.userId,
        apiKeyName: deps.actor.apiKeyName,
        trackingNumber: parcel.parcelNumber,
        trackingUrl: parcel.trackingUrl,
        carrier: parcel.carrier,
      });
    }, TRANSACTION_OPTIONS);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'conflict') throw error;
    // The order moved on (cancelled, say) while the carrier was creating the parcel: the parcel exists
    // at the carrier, so it is kept, and the admin is told why the order was not shipped.
    await deps.prisma.parcel.createMany({ data: [row], skipDuplicates: true });
    throw new DomainError(
      'conflict',
      `A csomag létrejött (${parcel.parcelNumber}), de a rendelés állapota közben megváltozott, ezért nem lett átadva a futárnak: ${error.message}`,
    );
  }
}
