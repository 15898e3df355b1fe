import { z } from 'zod';
import { ZId } from './common';
import {
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  SYSTEM_ONLY_STATUSES,
  type TOrderStatus,
  ZOrderStatus,
} from './order';

/**
 * Statuses an admin never sets by hand, besides SYSTEM_ONLY_STATUSES: an unpaid card order becomes
 * `received` only through a succeeded payment, and goes back to `awaiting_payment` only when its
 * customer pays again (the transition table's own comment).
 */
const PAYMENT_ONLY_FROM: Partial<Record<TOrderStatus, readonly TOrderStatus[]>> = {
  awaiting_payment: ['received'],
  payment_failed: ['awaiting_payment'],
};

/** Where an admin may move an order from `from`: the transition table less what only payments and refunds do. */
export function adminStatusTargets(from: TOrderStatus): TOrderStatus[] {
  return ORDER_TRANSITIONS[from].filter(
    (to) => !SYSTEM_ONLY_STATUSES.includes(to) && !(PAYMENT_ONLY_FROM[from] ?? []).includes(to),
  );
}

/** Why an admin may not move an order from `from` to `to`, in Hungarian; null when it is allowed. */
export function adminStatusRefusal(from: TOrderStatus, to: TOrderStatus): string | null {
  if (!ORDER_TRANSITIONS[from].includes(to)) return transitionRefusal(from, to);
  if (SYSTEM_ONLY_STATUSES.includes(to)) {
    return to === 'payment_failed'
      ? `„${ORDER_STATUS_LABELS[to]}” állapotot csak a fizetési folyamat állíthat be.`
      : `„${ORDER_STATUS_LABELS[to]}” állapotba a rendelés visszatérítéssel kerül, nem kézi állapotváltással.`;
  }
  if ((PAYMENT_ONLY_FROM[from] ?? []).includes(to)) {
    return to === 'received'
      ? `„${ORDER_STATUS_LABELS[from]}” rendelés csak sikeres fizetéssel lesz „${ORDER_STATUS_LABELS[to]}”.`
      : `„${ORDER_STATUS_LABELS[to]}” állapotba a rendelés csak akkor kerül, ha a vásárló újra fizet.`;
  }
  return null;
}

/** The 409 answer for a change the transition table does not allow. */
export function transitionRefusal(from: TOrderStatus, to: TOrderStatus): string {
  return `„${ORDER_STATUS_LABELS[from]}” állapotú rendelés nem tehető „${ORDER_STATUS_LABELS[to]}” állapotba.`;
}

const ZStatusNote = z
  .string({ error: 'A megjegyzés szöveg kell legyen.' })
  .trim()
  .max(1000, { error: 'A megjegyzés legfeljebb 1000 karakter lehet.' })
  .transform((value) => value || undefined)
  .optional();

/** The carrier's parcel number as printed on the label: letters, digits and a few separators. */
export const ZTrackingNumber = z
  .string({ error: 'A csomagszám szöveg kell legyen.' })
  .trim()
  .max(64, { error: 'A csomagszám legfeljebb 64 karakter lehet.' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$|^$/, {
    error: 'A csomagszám csak betűt, számot, szóközt, pontot, kötőjelet és perjelet tartalmazhat.',
  })
  .meta({ example: 'MPL-123456789' })
  .transform((value) => value || undefined)
  .optional();

const ZNotify = z
  .boolean({ error: 'Az értesítés (notify) igen vagy nem lehet.' })
  .optional()
  .describe('false: a vásárló nem kap e-mailt erről a változásról (alapból kap, állapotonként egyszer).');

/** POST /api/order/{id}/status (admin). */
export const ZOrderStatusChangeInput = z.strictObject({
  id: ZId,
  status: ZOrderStatus,
  note: ZStatusNote,
  trackingNumber: ZTrackingNumber,
  notify: ZNotify,
});
export type TOrderStatusChangeInput = z.infer<typeof ZOrderStatusChangeInput>;

export const BULK_STATUS_MAX_ORDERS = 200;

/** POST /api/order/status (admin): one status for many orders, each changed on its own. */
export const ZOrderBulkStatusInput = z.strictObject({
  ids: z
    .array(ZId, { error: 'A rendelések azonosítóinak listája kötelező.' })
    .min(1, { error: 'Válassz ki legalább egy rendelést.' })
    .max(BULK_STATUS_MAX_ORDERS, {
      error: `Egyszerre legfeljebb ${BULK_STATUS_MAX_ORDERS} rendelés állapota módosítható.`,
    }),
  status: ZOrderStatus,
  note: ZStatusNote,
  notify: ZNotify,
});
export type TOrderBulkStatusInput = z.infer<typeof ZOrderBulkStatusInput>;

export const BULK_STATUS_OUTCOMES = ['changed', 'unchanged', 'refused'] as const;

export const ZOrderBulkStatusResult = z.object({
  id: z.number().int(),
  /** Null when no order has this id. */
  number: z.string().nullable(),
  /** `unchanged`: the order was already in that status (a repeated request changes nothing). */
  outcome: z.enum(BULK_STATUS_OUTCOMES),
  /** The status before the request; null when the order does not exist. */
  from: ZOrderStatus.nullable(),
  status: ZOrderStatus.nullable(),
  /** Why it was refused, in Hungarian; null otherwise. */
  message: z.string().nullable(),
});
export type TOrderBulkStatusResult = z.infer<typeof ZOrderBulkStatusResult>;

export const ZOrderBulkStatusOutput = z.object({
  results: z.array(ZOrderBulkStatusResult),
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
});
export type TOrderBulkStatusOutput = z.infer<typeof ZOrderBulkStatusOutput>;

/** POST /api/order/{id}/note (admin): an internal note the customer never sees. */
export const ZOrderNoteInput = z.strictObject({
  id: ZId,
  text: z
    .string({ error: 'A jegyzet szövege kötelező.' })
    .trim()
    .min(1, { error: 'A jegyzet szövege kötelező.' })
    .max(5000, { error: 'A jegyzet legfeljebb 5000 karakter lehet.' }),
});
export type TOrderNoteInput = z.infer<typeof ZOrderNoteInput>;

export const ZOrderNote = z
  .object({
    id: z.number().int(),
    text: z.string(),
    /** ISO time (UTC). */
    createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
    /** Null when the author's account was deleted since. */
    author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ id: 'OrderNote', description: 'Belső jegyzet egy rendeléshez (a vásárló nem látja).' });
export type TOrderNote = z.infer<typeof ZOrderNote>;
