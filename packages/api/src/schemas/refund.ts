import { z } from 'zod';
import { bankAccountChecksumValid, normalizeBankAccount } from './bank-account';
import { ZPaymentProvider } from './checkout';
import { ZId, ZQuantity } from './common';
import { ZAccessKey } from './order-key';

/**
 * Refunds (admin) and withdrawals (elállás, the customer's), as Barion's refunds and consumer
 * law (45/2014. (II. 26.) Korm. rendelet) shape them:
 *
 * 1. What can be refunded is what was paid (the order's `paidTotal`: a succeeded card payment, or the
 *    cash-on-delivery and transfer money the shop recorded; order-payment.ts), less every refund recorded
 *    or still under way. An unpaid order has nothing to refund. A line can be refunded up to its
 *    ordered quantity less what was refunded of it.
 * 2. A card payment is refunded through Barion; transfer and cash on delivery are paid back by the shop
 *    by bank transfer, to the customer's Hungarian account number given with the refund.
 * 3. The withdrawal period runs from placement until 14 days after the order was completed (delivered
 *    or picked up); one withdrawal may be open per order at a time.
 */

/** The statutory withdrawal period after delivery (45/2014. (II. 26.) Korm. rendelet 20. §). */
export const WITHDRAWAL_PERIOD_DAYS = 14;
/** The seller refunds within 14 days of learning of the withdrawal (45/2014. 23. §). */
export const WITHDRAWAL_REFUND_DAYS = 14;

export const BANK_ACCOUNT_FORMAT_MESSAGE =
  'A bankszámlaszám 2 × 8 vagy 3 × 8 számjegy, például 11773016-11111018 vagy 11773016-11111018-00000000.';
export const BANK_ACCOUNT_CHECKSUM_MESSAGE =
  'A bankszámlaszám ellenőrző számjegye nem stimmel; kérjük, ellenőrizd a számot.';

export const ZBankAccount = z
  .string({ error: 'A bankszámlaszám kötelező.' })
  .trim()
  .max(40, { error: BANK_ACCOUNT_FORMAT_MESSAGE })
  .transform((value, ctx) => {
    const normalized = normalizeBankAccount(value);
    if (!normalized) {
      ctx.issues.push({ code: 'custom', message: BANK_ACCOUNT_FORMAT_MESSAGE, input: value });
      return z.NEVER;
    }
    if (!bankAccountChecksumValid(normalized)) {
      ctx.issues.push({ code: 'custom', message: BANK_ACCOUNT_CHECKSUM_MESSAGE, input: value });
      return z.NEVER;
    }
    return normalized;
  });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} szöveg lehet.` })
    .trim()
    .max(max, { error: `${label} legfeljebb ${max} karakter lehet.` })
    .transform((value) => (value === '' ? null : value))
    .optional();

/** One order line (its id, as the order lists it) and how many pieces of it. */
export const ZOrderLineQuantity = z.strictObject({ line: ZId, quantity: ZQuantity });
export type TOrderLineQuantity = z.infer<typeof ZOrderLineQuantity>;

const ZLineList = z
  .array(ZOrderLineQuantity, { error: 'A tételek listája hibás.' })
  .min(1, { error: 'Legalább egy tételt válassz ki.' })
  .max(500, { error: 'Legfeljebb 500 tétel adható meg.' })
  .superRefine((lines, ctx) => {
    const seen = new Set<number>();
    lines.forEach((entry, index) => {
      if (seen.has(entry.line)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'line'],
          message: 'Egy tétel csak egyszer szerepelhet.',
        });
      }
      seen.add(entry.line);
    });
  });

export const REFUND_NEEDS_AMOUNT_OR_LINES = 'Add meg a visszatérítendő összeget vagy a tételeket.';

/**
 * POST /api/order/{id}/refund (admin). By lines (their gross unit price times the quantity), by amount,
 * or both: lines name what comes back, `amount` the money (e.g. the lines and the shipping fee).
 */
export const ZOrderRefundInput = z
  .strictObject({
    id: ZId,
    amount: z
      .number({ error: 'Az összegnek számnak kell lennie.' })
      .int({ error: 'Az összeg egész forint.' })
      .min(1, { error: 'Az összeg legalább 1 Ft.' })
      .max(100_000_000, { error: 'Az összeg legfeljebb 100 000 000 Ft lehet.' })
      .optional(),
    lines: ZLineList.optional(),
    note: optionalText('A megjegyzés', 1000),
    /** The customer's account for a transfer or cash-on-delivery refund. */
    bankAccount: ZBankAccount.optional(),
    /** The withdrawal this refund completes. */
    withdrawal: ZId.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.amount === undefined && input.lines === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: REFUND_NEEDS_AMOUNT_OR_LINES });
    }
  });
export type TOrderRefundInput = z.infer<typeof ZOrderRefundInput>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const ZRefundStatus = z.enum(REFUND_STATUSES).meta({
  description: 'A visszatérítés állapota: pending folyamatban, succeeded visszatérítve, failed sikertelen.',
});
export const REFUND_STATUS_LABELS: Record<z.infer<typeof ZRefundStatus>, string> = {
  pending: 'Folyamatban',
  succeeded: 'Visszatérítve',
  failed: 'Sikertelen',
};

export const WITHDRAWAL_STATUSES = ['open', 'completed'] as const;
export const ZWithdrawalStatus = z.enum(WITHDRAWAL_STATUSES).meta({
  description: 'Az elállás állapota: open nyitott (a visszatérítés még hátravan), completed lezárva.',
});
export const WITHDRAWAL_STATUS_LABELS: Record<z.infer<typeof ZWithdrawalStatus>, string> = {
  open: 'Nyitott',
  completed: 'Lezárva',
};

export const ZRefundedLine = z.object({
  line: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
});

export const ZRefund = z
  .object({
    id: z.number().int(),
    status: ZRefundStatus,
    provider: ZPaymentProvider,
    amount: z.number().int().meta({ description: 'A visszatérített bruttó összeg egész forintban.' }),
    note: z.string().nullable(),
    bankAccount: z.string().nullable().optional().meta({
      description:
        'A vásárló bankszámlaszáma (átutalásos visszatérítésnél); hiányzik, ha a hívó munkatárs, és a szerepköre nem ad `customers:read` jogosultságot (API-kulcs mindig megkapja).',
    }),
    /** Barion's id of the refund transaction (card refunds). */
    providerTransactionId: z.string().nullable(),
    withdrawal: z.number().int().nullable(),
    /** Who recorded it ("Vezetéknév Keresztnév"), null when that user was deleted. */
    createdBy: z.string().nullable(),
    createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
    lines: z.array(ZRefundedLine),
  })
  .meta({ id: 'Refund', description: 'Egy visszatérítés: összeg forintban, tételek, állapot.' });
export type TRefund = z.infer<typeof ZRefund>;

export const ZWithdrawalLine = z.object({
  line: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
});

export const ZWithdrawal = z
  .object({
    id: z.number().int(),
    status: ZWithdrawalStatus,
    name: z.string(),
    email: z.string().optional().meta({
      description:
        'Az elállást bejelentő e-mail-címe; hiányzik, ha a hívó munkatárs, és a szerepköre nem ad `customers:read` jogosultságot (API-kulcs mindig megkapja).',
    }),
    reason: z.string().nullable(),
    lines: z.array(ZWithdrawalLine),
    /** When the customer withdrew (ISO, UTC). */
    createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
    /** The day the shop must have refunded by: 14 days after the withdrawal. */
    refundDeadline: z.string(),
    completedAt: z
      .string()
      .nullable()
      .meta({ description: 'A lezárás ideje (UTC, ISO 8601); null, amíg nyitott.' }),
  })
  .meta({
    id: 'Withdrawal',
    description: 'Elállás a vásárlástól (14 napon belül), a visszaküldött tételekkel.',
  });
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

/** GET /api/order/{id}/refunds (admin): what the refund dialog and the withdrawal panel show. */
export const ZOrderRefunds = z
  .object({
    orderId: z.number().int(),
    number: z.string(),
    provider: ZPaymentProvider,
    paymentMethod: z.string(),
    paid: z.number().int().meta({
      description:
        'Az eddig beérkezett összeg forintban (a rendelés paidTotal értéke): bankkártyánál a sikeres fizetés, utánvétnél és átutalásnál a rögzített befizetések.',
    }),
    refundedTotal: z
      .number()
      .int()
      .meta({ description: 'Az eddig sikeresen visszatérített összeg forintban.' }),
    /** Refunds recorded but not settled yet (a Barion call under way). */
    pendingTotal: z.number().int(),
    /** What may still be refunded now. */
    refundable: z.number().int(),
    /** Transfer and cash on delivery: the shop pays back by bank, to the account given with the refund. */
    needsBankAccount: z.boolean(),
    /** False with `blockedReason` when the order cannot be refunded (unpaid, cancelled, nothing left). */
    canRefund: z.boolean(),
    blockedReason: z.string().nullable(),
    shippingFee: z.number().int(),
    lines: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        quantity: z.number().int(),
        unitPrice: z.number().int(),
        lineTotal: z.number().int(),
        /** Pieces refunded or being refunded. */
        refundedQuantity: z.number().int(),
      }),
    ),
    refunds: z.array(ZRefund),
    withdrawals: z.array(ZWithdrawal),
  })
  .meta({
    id: 'OrderRefunds',
    description: 'Egy rendelés visszatérítései és elállásai, a még visszatéríthető összeggel.',
  });
export type TOrderRefunds = z.infer<typeof ZOrderRefunds>;

export const ZOrderRefundOutput = z.object({ refund: ZRefund, order: ZOrderRefunds });
export type TOrderRefundOutput = z.infer<typeof ZOrderRefundOutput>;

/** POST /api/order/{id}/withdraw: the owner, or whoever holds the order's private link key. */
export const ZOrderWithdrawInput = z.strictObject({
  id: ZId,
  key: ZAccessKey.optional(),
  /** Which lines and how many; every line in full when none are named. */
  lines: ZLineList.optional(),
  reason: optionalText('Az indoklás', 2000),
});
export type TOrderWithdrawInput = z.infer<typeof ZOrderWithdrawInput>;

export const ZOrderWithdrawOutput = z.object({
  withdrawal: ZWithdrawal,
  /** Where the receipt was sent. */
  receiptSentTo: z.string(),
});
export type TOrderWithdrawOutput = z.infer<typeof ZOrderWithdrawOutput>;

/** What the customer's order page shows of withdrawal. */
export const ZOrderWithdrawalInfo = z.object({
  /** The withdrawal function is offered now. */
  available: z.boolean(),
  /** The last day of the period (ISO), once the order is completed; before delivery it has not started. */
  deadline: z.string().nullable(),
  /** The latest withdrawal of this order. */
  latest: z
    .object({
      id: z.number().int(),
      status: ZWithdrawalStatus,
      createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
      completedAt: z.string().nullable(),
    })
    .nullable(),
});
export type TOrderWithdrawalInfo = z.infer<typeof ZOrderWithdrawalInfo>;
