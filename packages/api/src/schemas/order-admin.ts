import { z } from 'zod';
import { pageOf, ZId } from './common';
import {
  ZBillingAddressInput,
  ZOrderStatus,
  ZPaymentState,
  ZShippingAddressInput,
  ZStaffOrder,
} from './order';
import { ORDER_LIST_SORTS } from './order-enums';
import { ZPaidStatus } from './order-payment';
import { ZOrderNote } from './order-status';
import { ZOrderRefunds } from './refund';

/** Order search needs a word of this many characters: shorter ones cannot use the search index. */
export const ORDER_SEARCH_MIN_LENGTH = 3;
export const ORDER_SEARCH_TOO_SHORT = `A kereséshez adj meg legalább ${ORDER_SEARCH_MIN_LENGTH} karaktert (rendelésszám, név vagy e-mail-cím).`;

/**
 * The list counts matches only up to this many (`totalCapped` says when there are more): counting every
 * match of a broad search or a payment-state filter would read most of the orders on every page.
 */
export const ORDER_LIST_COUNT_CAP = 1000;

/** Lower case, Hungarian accents folded: the same text the search index holds (shop_order_search_text). */
export function foldOrderSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** The words of a search, folded; words shorter than the minimum only narrow a longer one's matches. */
export function orderSearchWords(search: string | undefined): string[] {
  return foldOrderSearch(search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
}

const ZIsoDate = z.iso.date({ error: 'A dátum formátuma ÉÉÉÉ-HH-NN.' });

const filterFields = {
  /** Order number, name or e-mail, or a part of them; several words must all match. Accents are ignored. */
  search: z
    .string({ error: 'A keresőkifejezés szöveg kell legyen.' })
    .trim()
    .max(200, { error: 'A keresőkifejezés legfeljebb 200 karakter lehet.' })
    .refine(
      (value) =>
        value === '' || orderSearchWords(value).some((word) => word.length >= ORDER_SEARCH_MIN_LENGTH),
      { error: ORDER_SEARCH_TOO_SHORT },
    )
    .transform((value) => value || undefined)
    .optional(),
  /** Any of these statuses. */
  status: z
    .array(ZOrderStatus, { error: 'Az állapotszűrő állapotok listája.' })
    .max(20, { error: 'Legfeljebb 20 állapot adható meg.' })
    .optional(),
  /** The state of the order's latest payment (`none`: no online payment). */
  paymentState: ZPaymentState.optional(),
  shippingMethod: ZId.optional(),
  /** The customer's account (their orders on the customer page). */
  customer: ZId.optional(),
  /** First and last day (Budapest time), both included. */
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
};

const fromNotAfterTo = (value: { from?: string | undefined; to?: string | undefined }) =>
  !value.from || !value.to || value.from <= value.to;
const FROM_AFTER_TO = { error: 'A kezdő dátum nem lehet későbbi a záró dátumnál.', path: ['to'] };

export const ZOrderListFilters = z.strictObject(filterFields).refine(fromNotAfterTo, FROM_AFTER_TO);
export type TOrderListFilters = z.infer<typeof ZOrderListFilters>;

// Kept zod-free in order-enums.ts beside the statuses, for the web's order list URL.
export { ORDER_LIST_SORTS };
export type TOrderListSort = (typeof ORDER_LIST_SORTS)[number];

/** POST /api/order (admin): the order list, filtered, sorted and paged on the server. */
export const ZOrderListInput = z
  .strictObject({
    ...filterFields,
    page: z
      .number({ error: 'Az oldalszám szám kell legyen.' })
      .int({ error: 'Az oldalszám egész szám.' })
      .min(1, { error: 'Az oldalszám legalább 1.' })
      .max(10_000, { error: 'Az oldalszám legfeljebb 10 000.' })
      .default(1),
    pageSize: z
      .number({ error: 'Az oldalméret szám kell legyen.' })
      .int({ error: 'Az oldalméret egész szám.' })
      .min(1, { error: 'Az oldalméret legalább 1.' })
      .max(200, { error: 'Az oldalméret legfeljebb 200.' })
      .default(25),
    sort: z.enum(ORDER_LIST_SORTS, { error: 'Ismeretlen rendezés.' }).default('createdAt'),
    order: z.enum(['asc', 'desc'], { error: 'A rendezés iránya asc vagy desc.' }).default('desc'),
  })
  .refine(fromNotAfterTo, FROM_AFTER_TO)
  .default({ page: 1, pageSize: 25, sort: 'createdAt', order: 'desc' });
export type TOrderListInput = z.infer<typeof ZOrderListInput>;

export const ZOrderSummary = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: ZOrderStatus,
    createdAt: z.string().meta({ description: 'A rendelés leadásának ideje (UTC, ISO 8601).' }),
    name: z.string(),
    email: z.string().optional().meta({
      description:
        'Hiányzik, ha a hívó munkatárs, és a szerepköre nem ad `customers:read` jogosultságot (API-kulcs mindig megkapja).',
    }),
    total: z.number().int().meta({ description: 'A fizetendő bruttó végösszeg forintban.' }),
    itemCount: z.number().int().meta({ description: 'A rendelt darabok száma.' }),
    shippingMethod: z.string(),
    paymentMethod: z.string(),
    paymentState: ZPaymentState,
    paidStatus: ZPaidStatus,
  })
  .meta({ id: 'OrderSummary', description: 'Egy rendelés az admin listájában.' });
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

export const ZOrderListOutput = pageOf(ZOrderSummary).extend({
  /** True when more orders match than `total` (ORDER_LIST_COUNT_CAP): narrow the search to see them all. */
  totalCapped: z.boolean(),
});
export type TOrderListOutput = z.infer<typeof ZOrderListOutput>;

/** GET /api/order/download (admin): the list's filters as query parameters; every matching order. */
export const ZOrderDownloadInput = ZOrderListFilters.default({});
export type TOrderDownloadInput = z.infer<typeof ZOrderDownloadInput>;

const ZPerson = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const ZOrderStatusHistoryEntry = z.object({
  from: ZOrderStatus.nullable(),
  status: ZOrderStatus,
  /** ISO time (UTC). */
  at: z.string(),
  note: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Who changed it; null for the shop itself (payments, placement) or a deleted account. */
  by: ZPerson,
});

export const ZPaymentTimelineEvent = z.object({
  id: z.number().int(),
  /** start, callback, state, refund, expired. */
  kind: z.string(),
  providerStatus: z.string().nullable(),
  /** What the provider answered, trimmed (transactions, amounts, times). */
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
});

export const ZAdminPayment = z.object({
  id: z.number().int(),
  provider: z.string(),
  status: z.string(),
  amount: z.number().int(),
  providerPaymentId: z.string().nullable(),
  createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
  completedAt: z.string().nullable(),
  events: z.array(ZPaymentTimelineEvent),
});

export const ZOrderAuditEntry = z.object({
  id: z.number().int(),
  /** status, note, refund, address, email_resent, withdrawal_completed. */
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
  actor: ZPerson,
});
export type TOrderAuditEntry = z.infer<typeof ZOrderAuditEntry>;

/** The customer e-mails an admin may send again: the confirmation and each status e-mail that went out. */
export const ORDER_EMAIL_TEMPLATES = [
  'order_confirmation',
  'payment_succeeded',
  'order_processing',
  'order_packed',
  'order_shipped',
  'order_tracking_changed',
  'order_ready_for_pickup',
  'order_completed',
  'order_cancelled',
  'order_payment_failed',
] as const;
export const ZOrderEmailTemplate = z.enum(ORDER_EMAIL_TEMPLATES, {
  error: 'Ismeretlen rendelési e-mail.',
});
export type TOrderEmailTemplate = z.infer<typeof ZOrderEmailTemplate>;

export const ORDER_EMAIL_LABELS: Record<TOrderEmailTemplate, string> = {
  order_confirmation: 'Rendelés visszaigazolása',
  payment_succeeded: 'Sikeres fizetés',
  order_processing: 'Feldolgozás alatt',
  order_packed: 'Csomagolva',
  order_shipped: 'Átadva a futárnak (csomagszámmal)',
  order_tracking_changed: 'Módosult csomagszám',
  order_ready_for_pickup: 'Átvehető',
  order_completed: 'Teljesítve',
  order_cancelled: 'Törölve',
  order_payment_failed: 'Sikertelen fizetés',
};

export const ZOrderEmail = z.object({
  template: ZOrderEmailTemplate,
  subject: z.string(),
  /** When the original was queued (ISO). */
  queuedAt: z.string(),
});

/** GET /api/order/{id}/admin: everything the admin's order page shows. */
export const ZAdminOrderDetail = z
  .object({
    order: ZStaffOrder,
    /** The customer's account, null for a guest order. */
    customerId: z.number().int().nullable(),
    history: z.array(ZOrderStatusHistoryEntry),
    payments: z.array(ZAdminPayment),
    notes: z.array(ZOrderNote),
    audit: z.array(ZOrderAuditEntry),
    refunds: ZOrderRefunds,
    emails: z.array(ZOrderEmail),
  })
  .meta({
    id: 'AdminOrder',
    description: 'Egy rendelés az admin adatlapján: fizetés, állapottörténet, napló, e-mailek.',
  });
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

/** POST /api/order/{id}/email (admin): sends one of the order's e-mails again, as it went out. */
export const ZOrderResendEmailInput = z.strictObject({ id: ZId, template: ZOrderEmailTemplate });
export type TOrderResendEmailInput = z.infer<typeof ZOrderResendEmailInput>;
export const ZOrderResendEmailOutput = z.object({
  to: z.string(),
  subject: z.string(),
  outboxId: z.number().int(),
});

/** PUT /api/order/{id}/address (admin): corrects the shipping and/or billing address. */
export const ZOrderAddressInput = z
  .strictObject({
    id: ZId,
    shippingAddress: ZShippingAddressInput.optional(),
    billingAddress: ZBillingAddressInput.optional(),
  })
  .refine((value) => value.shippingAddress || value.billingAddress, {
    error: 'Adj meg szállítási vagy számlázási címet.',
  });
export type TOrderAddressInput = z.infer<typeof ZOrderAddressInput>;

/** POST /api/order/print (admin): the orders a packing slip or picking list is printed from. */
export const ZOrderPrintInput = z.strictObject({
  ids: z
    .array(ZId, { error: 'A rendelések azonosítóinak listája kötelező.' })
    .min(1, { error: 'Válassz ki legalább egy rendelést.' })
    .max(200, { error: 'Egyszerre legfeljebb 200 rendelés nyomtatható.' }),
});
export const ZOrderPrintOutput = z.object({ orders: z.array(ZStaffOrder) });
