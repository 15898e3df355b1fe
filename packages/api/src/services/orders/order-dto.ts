import type { Prisma } from '@shop/db';
import {
  asVatClass,
  orderFeeVatClass,
  paidStatusOf,
  parcelLabelUrl,
  type TOrder,
  type TOrderShipment,
  type TPaymentState,
  type TPickupPointSnapshot,
  type TVatClass,
  VAT_CLASSES,
  vatContentOf,
  vatPercentOf,
  ZPickupPointSnapshot,
} from '../../schemas';
import { invoiceUrl } from '../invoicing/invoice-read';
import { withdrawalDeadline, withdrawalRefusal } from './withdrawal-rules';

export const shipmentSelect = {
  id: true,
  trackingNumber: true,
  carrier: true,
  trackingUrl: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.OrderShipmentSelect;

export type ShipmentRow = Prisma.OrderShipmentGetPayload<{ select: typeof shipmentSelect }>;

export function toShipmentDto(row: ShipmentRow): TOrderShipment {
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    trackingUrl: row.trackingUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const orderSelect = {
  id: true,
  number: true,
  status: true,
  createdAt: true,
  updatedAt: true,
  userId: true,
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
  billingEuVatNumber: true,
  billingPostcode: true,
  billingCity: true,
  billingStreet: true,
  billingFloorDoor: true,
  shippingMethodId: true,
  shippingMethodName: true,
  shippingFee: true,
  shippingDeliveryTime: true,
  paymentMethodId: true,
  paymentMethodName: true,
  paymentProvider: true,
  paymentFee: true,
  itemsTotal: true,
  rounding: true,
  vatTotal: true,
  grandTotal: true,
  note: true,
  termsVersion: true,
  trackingNumber: true,
  completedAt: true,
  refundedTotal: true,
  paidTotal: true,
  paidAt: true,
  parcel: { select: { parcelNumber: true, trackingUrl: true } },
  shipments: { orderBy: { id: 'asc' }, select: shipmentSelect },
  pickupPoint: true,
  lines: {
    orderBy: { id: 'asc' },
    select: {
      id: true,
      productId: true,
      variantId: true,
      productTitle: true,
      kutiId: true,
      quantity: true,
      unitPrice: true,
      lineTotal: true,
      discount: true,
      gift: true,
      vatRate: true,
      vatClass: true,
    },
  },
  discountTotal: true,
  discounts: {
    orderBy: { id: 'asc' },
    select: { promotionId: true, code: true, label: true, amount: true, shipping: true },
  },
  statusChanges: {
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { toStatus: true, note: true, createdAt: true },
  },
  // The online attempt's state: recorded cash-on-delivery and transfer payments show in paidTotal instead.
  payments: {
    where: { provider: 'barion' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 1,
    select: { status: true },
  },
  invoices: { where: { kind: 'invoice', status: 'issued' }, take: 1, select: { number: true } },
  withdrawals: {
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 1,
    select: { id: true, status: true, createdAt: true, completedAt: true },
  },
} as const satisfies Prisma.OrderSelect;

export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

/** The latest payment attempt's state, or `none` for orders paid on delivery or by transfer. */
export function paymentStateOf(payments: readonly { status: string }[]): TPaymentState {
  return (payments[0]?.status as TPaymentState | undefined) ?? 'none';
}

/**
 * VAT content per class (27, 18, 5, TAM, AAM): each line at the percent it was sold at, shipping, fees and
 * rounding in the class the order's lines give them (vat.ts rule 4), so an AAM order shows "AAM: 0 Ft".
 * Each line and each fee is rounded to the forint on its own, as the invoice's lines are
 * (invoicing/invoice-lines.ts), so the order's VAT per rate is the invoice's.
 */
export function vatBreakdown(
  lines: readonly { lineTotal: number; vatRate: number; vatClass: string }[],
  fees: readonly number[],
): TOrder['vat'] {
  const byClass = new Map<TVatClass, { rate: number; gross: number; vat: number }>();
  const add = (vatClass: TVatClass, rate: number, gross: number) => {
    const sum = byClass.get(vatClass) ?? { rate, gross: 0, vat: 0 };
    sum.gross += gross;
    sum.vat += vatContentOf(gross, rate);
    byClass.set(vatClass, sum);
  };
  const classes: TVatClass[] = [];
  for (const line of lines) {
    const vatClass = asVatClass(line.vatClass);
    classes.push(vatClass);
    add(vatClass, line.vatRate, line.lineTotal);
  }
  const feeClass = orderFeeVatClass(classes);
  for (const fee of fees) if (fee !== 0) add(feeClass, vatPercentOf(feeClass), fee);
  return VAT_CLASSES.flatMap((vatClass) => {
    const sum = byClass.get(vatClass);
    return sum ? [{ vatClass, ...sum }] : [];
  });
}

export function toOrderDto(row: OrderRow): TOrder {
  const paymentState = paymentStateOf(row.payments);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    customer: { email: row.email, firstName: row.firstName, lastName: row.lastName, phone: row.phone },
    shippingAddress:
      row.shippingName && row.shippingPostcode && row.shippingCity && row.shippingStreet
        ? {
            name: row.shippingName,
            postcode: row.shippingPostcode,
            city: row.shippingCity,
            street: row.shippingStreet,
            floorDoor: row.shippingFloorDoor,
          }
        : null,
    billingAddress: {
      name: row.billingName,
      postcode: row.billingPostcode,
      city: row.billingCity,
      street: row.billingStreet,
      floorDoor: row.billingFloorDoor,
      companyName: row.billingCompanyName,
      taxNumber: row.billingTaxNumber,
      euVatNumber: row.billingEuVatNumber,
    },
    shippingMethod: {
      id: row.shippingMethodId,
      name: row.shippingMethodName,
      fee: row.shippingFee,
      deliveryTime: row.shippingDeliveryTime,
    },
    paymentMethod: {
      id: row.paymentMethodId,
      name: row.paymentMethodName,
      provider: row.paymentProvider,
      fee: row.paymentFee,
    },
    lines: row.lines.map((line) => ({
      id: line.id,
      product: line.productId,
      variant: line.variantId,
      title: line.productTitle,
      kutiId: line.kutiId,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      lineTotal: line.lineTotal,
      discount: line.discount,
      gift: line.gift,
      vatRate: line.vatRate,
      vatClass: asVatClass(line.vatClass),
    })),
    itemsTotal: row.itemsTotal,
    discounts: row.discounts,
    discountTotal: row.discountTotal,
    rounding: row.rounding,
    total: row.grandTotal,
    vatContent: row.vatTotal,
    vat: vatBreakdown(row.lines, [row.shippingFee, row.paymentFee, row.rounding]),
    note: row.note,
    termsVersion: row.termsVersion,
    paymentState,
    // After a failed payment the stock was given back; paying again takes it anew (order-status.ts).
    canPay:
      row.status === 'payment_failed' ||
      (row.status === 'awaiting_payment' && paymentState !== 'succeeded' && paymentState !== 'pending'),
    trackingNumber: row.trackingNumber,
    shipments: row.shipments.map(toShipmentDto),
    completedAt: row.completedAt?.toISOString() ?? null,
    history: row.statusChanges.map((change) => ({
      status: change.toStatus,
      at: change.createdAt.toISOString(),
      note: change.note,
    })),
    refundedTotal: row.refundedTotal,
    paidTotal: row.paidTotal,
    paidStatus: paidStatusOf(row.paidTotal, row.grandTotal),
    paidAt: row.paidAt?.toISOString() ?? null,
    withdrawal: withdrawalInfo(row),
    invoice: row.invoices[0]?.number ? { number: row.invoices[0].number, url: invoiceUrl(row.id) } : null,
    parcel: row.parcel
      ? {
          parcelNumber: row.parcel.parcelNumber,
          labelUrl: parcelLabelUrl(row.id),
          trackingUrl: row.parcel.trackingUrl,
        }
      : null,
    pickupPoint: pickupPointOf(row.pickupPoint),
  };
}

/** The stored snapshot; a stored value of another shape (none is written) reads as none. */
function pickupPointOf(stored: Prisma.JsonValue): TPickupPointSnapshot | null {
  const parsed = ZPickupPointSnapshot.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** What the order page shows of withdrawal: whether the function is offered, until when, the latest one. */
function withdrawalInfo(row: OrderRow, now = new Date()): TOrder['withdrawal'] {
  const latest = row.withdrawals[0] ?? null;
  const refusal = withdrawalRefusal(
    {
      status: row.status,
      completedAt: row.completedAt,
      openWithdrawalAt: latest?.status === 'open' ? latest.createdAt : null,
    },
    now,
  );
  return {
    available: refusal === null,
    deadline: row.completedAt ? withdrawalDeadline(row.completedAt).toISOString() : null,
    latest: latest
      ? {
          id: latest.id,
          status: latest.status,
          createdAt: latest.createdAt.toISOString(),
          completedAt: latest.completedAt?.toISOString() ?? null,
        }
      : null,
  };
}
