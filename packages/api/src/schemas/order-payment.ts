import { z } from 'zod';
import { ZId } from './common';

/**
 * What an order has been paid (issue #21, finding 3):
 *
 * 1. `paidTotal` is the money received: a succeeded card payment when Barion reports it, a cash-on-delivery
 *    or transfer payment when the shop records it (POST /api/order/{id}/payment), each a payment of its
 *    own. Cash on delivery and transfer are unpaid until then, whatever their status.
 * 2. Completing a cash-on-delivery order records what was still unpaid: delivered means the courier (or
 *    the shop's counter) collected the money. A transfer order is paid only by a recorded payment.
 * 3. Refunds give back at most what was paid less what was refunded (schemas/refund.ts).
 */

export const PAID_STATUSES = ['unpaid', 'partially_paid', 'paid'] as const;
export const ZPaidStatus = z.enum(PAID_STATUSES).meta({
  description:
    'Mennyit fizettek a rendelésből: unpaid semmit, partially_paid egy részét, paid a teljes végösszeget (bankkártyánál a sikeres fizetés, utánvétnél és átutalásnál a bolt által rögzített befizetés alapján).',
});
export type TPaidStatus = z.infer<typeof ZPaidStatus>;

export const PAID_STATUS_LABELS: Record<TPaidStatus, string> = {
  unpaid: 'Nincs kifizetve',
  partially_paid: 'Részben kifizetve',
  paid: 'Kifizetve',
};

export function paidStatusOf(paidTotal: number, grandTotal: number): TPaidStatus {
  if (paidTotal <= 0) return grandTotal <= 0 ? 'paid' : 'unpaid';
  return paidTotal >= grandTotal ? 'paid' : 'partially_paid';
}

const MAX_AMOUNT = 100_000_000;

/** POST /api/order/{id}/payment (admin, `orders:write` keys): money received for a COD or transfer order. */
export const ZOrderRecordPaymentInput = z.strictObject({
  id: ZId,
  amount: z
    .number({ error: 'Az összegnek számnak kell lennie.' })
    .int({ error: 'Az összeg egész forint.' })
    .min(1, { error: 'Az összeg legalább 1 Ft.' })
    .max(MAX_AMOUNT, { error: 'Az összeg legfeljebb 100 000 000 Ft lehet.' })
    .meta({ description: 'A beérkezett összeg egész forintban.', example: 7280 }),
  paidAt: z.iso
    .datetime({
      offset: true,
      error: 'A fizetés időpontja ISO 8601 formátumú legyen (például 2026-12-01T08:00:00Z).',
    })
    .transform((value) => new Date(value).toISOString())
    .optional()
    .meta({
      description:
        'Mikor érkezett a pénz (ISO 8601); hiányzó: most. Ugyanannak az összegnek ugyanezzel az időponttal való ismételt rögzítése nem számít új befizetésnek.',
    }),
  note: z
    .string({ error: 'A megjegyzés szöveg lehet.' })
    .trim()
    .max(500, { error: 'A megjegyzés legfeljebb 500 karakter lehet.' })
    .transform((value) => (value === '' ? null : value))
    .optional()
    .meta({ description: 'Belső megjegyzés, például a banki közlemény vagy a futár elszámolása.' }),
});
export type TOrderRecordPaymentInput = z.infer<typeof ZOrderRecordPaymentInput>;
