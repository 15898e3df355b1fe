import { type PaymentProvider, Prisma, type PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import {
  ORDER_TRANSITIONS,
  paidForPieces,
  type TOrderRefundInput,
  type TOrderRefundOutput,
  type TOrderStatus,
} from '../../schemas';
import { withArticle } from '../../schemas/hungarian';
import { formatForint } from '../email/format';
import { enqueueTemplatedEmail } from '../email/outbox';
import type { BarionConfig } from '../payments/barion-client';
import { refundCardPayment } from '../payments/barion-refund';
import { enqueueWebhookEvent } from '../webhooks/events';
import { recordOrderAudit } from './order-audit';
import { ORDER_NOT_FOUND } from './order-read';
import { changeOrderStatus } from './order-status';
import {
  getOrderRefunds,
  REFUND_NOTHING_PAID,
  refundedQuantities,
  refundSelect,
  toRefundDto,
} from './refund-read';
import { enqueueWithdrawalCompleted } from './withdrawal-events';

/**
 * POST /api/order/{id}/refund (rules in schemas/refund.ts):
 *
 * 1. Every check and the record of the refund happen under a lock on the order row, so concurrent
 *    refunds queue and their sum never passes what was paid (`paidTotal`, the money received; an unpaid
 *    cash-on-delivery or transfer order has nothing to give back) less `refundedTotal` and refunds under way.
 * 2. A card refund is recorded `pending` and committed before Barion is called (no row lock is held
 *    during an HTTP call), then settled `succeeded` or `failed`. A failed one refunds nothing.
 * 3. Transfer and cash on delivery: the shop pays back by bank, so the refund is recorded with the
 *    customer's account as succeeded at once.
 * 4. A succeeded refund adds to `refundedTotal`, moves the order to `refunded` (all paid money back)
 *    or `partially_refunded`, completes the withdrawal it answers, is audited and e-mailed, and queues
 *    `refund.created` (and `withdrawal.completed`) for the webhooks: once, since it happens once per refund.
 * 5. The same Idempotency-Key answers the first refund again; a failed attempt frees its key.
 */

type Deps = {
  prisma: PrismaClient;
  barion: BarionConfig;
  actorId: number;
  idempotencyKey: string | null;
};

const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

export const REFUND_KEY_USED =
  'Ezt az Idempotency-Key értéket egy másik rendelés visszatérítése már használta.';
export const BANK_ACCOUNT_REQUIRED =
  'Átutalásos és utánvétes rendelésnél add meg a vásárló bankszámlaszámát: oda utaljuk vissza a pénzt.';

/** The statuses from which the transition table lets a refund move the order. */
function refundableStatus(status: TOrderStatus): boolean {
  return ORDER_TRANSITIONS[status].some((to) => to === 'refunded' || to === 'partially_refunded');
}

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid_input', message, [{ path, message }]);
}

type Reserved =
  | { kind: 'replay'; refundId: number }
  | { kind: 'settled'; refundId: number }
  | {
      kind: 'card';
      refundId: number;
      amount: number;
      orderNumber: string;
      payment: { id: number; providerPaymentId: string; posTransactionId: string };
    };

/**
 * A staff role may cap what one refund gives back (StaffRole.refundLimit, e.g. customer service): a
 * larger one is for the owner or a role without a cap.
 */
async function assertWithinRefundLimit(tx: Prisma.TransactionClient, actorId: number, amount: number) {
  const actor = await tx.user.findUnique({
    where: { id: actorId },
    select: { staffRole: { select: { refundLimit: true } } },
  });
  const limit = actor?.staffRole?.refundLimit;
  if (limit !== null && limit !== undefined && amount > limit) {
    const message = `A szerepköröd egyszerre legfeljebb ${formatForint(limit)} visszatérítését engedi; nagyobb összeget a bolt tulajdonosa téríthet vissza.`;
    throw new DomainError('forbidden', message, [{ path: 'amount', message }]);
  }
}

export async function refundOrder(deps: Deps, input: TOrderRefundInput): Promise<TOrderRefundOutput> {
  const key = deps.idempotencyKey;
  if (key !== null && key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw invalid(
      'Idempotency-Key',
      `Az Idempotency-Key legfeljebb ${MAX_IDEMPOTENCY_KEY_LENGTH} karakter lehet.`,
    );
  }
  if (key !== null) {
    const earlier = await findByKey(deps.prisma, key, input.id);
    if (earlier) return answer(deps.prisma, input.id, earlier);
  }

  let reserved: Reserved;
  try {
    reserved = await deps.prisma.$transaction((tx) => reserve(tx, deps, input), TRANSACTION_OPTIONS);
  } catch (error) {
    // Two requests with one key raced past the first look: answer the one that was recorded.
    if (key !== null && error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      const earlier = await findByKey(deps.prisma, key, input.id);
      if (earlier) return answer(deps.prisma, input.id, earlier);
    }
    throw error;
  }
  if (reserved.kind !== 'card') return answer(deps.prisma, input.id, reserved.refundId);

  const outcome = await refundCardPayment(deps, {
    payment: reserved.payment,
    amount: reserved.amount,
    comment: `Visszatérítés ${withArticle(reserved.orderNumber)} számú rendelésből`,
  });
  if (outcome.ok) {
    await deps.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Order" WHERE id = ${input.id} FOR UPDATE`;
      const settled = await tx.refund.updateMany({
        where: { id: reserved.refundId, status: 'pending' },
        data: { status: 'succeeded', providerTransactionId: outcome.refundTransactionId },
      });
      await tx.paymentEvent.create({
        data: {
          paymentId: reserved.payment.id,
          kind: 'refund',
          providerStatus: outcome.status,
          detail: {
            refundId: reserved.refundId,
            amount: reserved.amount,
            refundTransactionId: outcome.refundTransactionId,
            cardTransactionId: outcome.cardTransactionId,
            status: outcome.status,
          },
        },
        select: { id: true },
      });
      if (settled.count === 1) await applySucceededRefund(tx, reserved.refundId, deps.actorId);
    }, TRANSACTION_OPTIONS);
    return answer(deps.prisma, input.id, reserved.refundId);
  }

  await deps.prisma.$transaction(async (tx) => {
    await tx.refund.updateMany({
      where: { id: reserved.refundId, status: 'pending' },
      // The key is freed: the admin's retry is a new attempt, not a replay of the failure.
      data: { status: 'failed', idempotencyKey: null },
    });
    await tx.paymentEvent.create({
      data: {
        paymentId: reserved.payment.id,
        kind: 'refund',
        providerStatus: 'Failed',
        detail: {
          refundId: reserved.refundId,
          amount: reserved.amount,
          status: 'Failed',
          errors: outcome.errorCodes,
          ...(outcome.cardTransactionId ? { cardTransactionId: outcome.cardTransactionId } : {}),
        },
      },
      select: { id: true },
    });
  });
  throw new DomainError(
    outcome.retryable ? 'unavailable' : 'conflict',
    `A Barion nem hajtotta végre a visszatérítést (${outcome.reason}). Semmi nem került visszatérítésre; ` +
      (outcome.retryable
        ? 'próbáld újra néhány perc múlva.'
        : 'ellenőrizd a fizetést a Barion-fiókban, vagy térítsd vissza átutalással.'),
  );
}

async function findByKey(prisma: PrismaClient, key: string, orderId: number): Promise<number | null> {
  const earlier = await prisma.refund.findUnique({
    where: { idempotencyKey: key },
    select: { id: true, orderId: true },
  });
  if (!earlier) return null;
  if (earlier.orderId !== orderId) throw new DomainError('conflict', REFUND_KEY_USED);
  return earlier.id;
}

async function answer(prisma: PrismaClient, orderId: number, refundId: number): Promise<TOrderRefundOutput> {
  const [refund, order] = await Promise.all([
    prisma.refund.findUniqueOrThrow({ where: { id: refundId }, select: refundSelect }),
    getOrderRefunds(prisma, orderId),
  ]);
  return { refund: toRefundDto(refund), order };
}

/** Checks and records the refund under the order's row lock (rule 1). */
async function reserve(
  tx: Prisma.TransactionClient,
  deps: Deps,
  input: TOrderRefundInput,
): Promise<Reserved> {
  const locked = await tx.$queryRaw<
    {
      status: TOrderStatus;
      grandTotal: number;
      refundedTotal: number;
      paidTotal: number;
      paymentProvider: PaymentProvider;
      number: string;
    }[]
  >`SELECT status, "grandTotal", "refundedTotal", "paidTotal", "paymentProvider", number
    FROM "Order" WHERE id = ${input.id} FOR UPDATE`;
  const order = locked[0];
  if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
  if (deps.idempotencyKey !== null) {
    const earlier = await tx.refund.findUnique({
      where: { idempotencyKey: deps.idempotencyKey },
      select: { id: true, orderId: true },
    });
    if (earlier && earlier.orderId !== input.id) throw new DomainError('conflict', REFUND_KEY_USED);
    if (earlier) return { kind: 'replay', refundId: earlier.id };
  }
  if (!refundableStatus(order.status)) {
    throw new DomainError(
      'conflict',
      order.status === 'refunded'
        ? 'A rendelés teljes összegét már visszatérítettük.'
        : 'Ennél a rendelésnél nincs mit visszatéríteni: nincs kifizetve, vagy törölték.',
    );
  }

  const card = order.paymentProvider === 'barion';
  const payment = card
    ? await tx.payment.findFirst({
        where: { orderId: input.id, provider: 'barion', status: 'succeeded' },
        orderBy: { id: 'desc' },
        select: { id: true, providerPaymentId: true, posTransactionId: true },
      })
    : null;
  if (card && !(payment?.providerPaymentId && payment.posTransactionId)) {
    throw new DomainError(
      'conflict',
      'A rendelés bankkártyás fizetése nem sikerült, így nincs mit visszatéríteni.',
    );
  }
  const bankAccount = card ? null : (input.bankAccount ?? null);
  if (!card && !bankAccount) throw invalid('bankAccount', BANK_ACCOUNT_REQUIRED);
  // Only money received can go back: cash on delivery and transfer are unpaid until it is recorded.
  if (order.paidTotal <= 0) throw new DomainError('conflict', REFUND_NOTHING_PAID);

  const lines = await tx.orderLine.findMany({
    where: { orderId: input.id },
    select: { id: true, productTitle: true, quantity: true, lineTotal: true },
  });
  const refunded = await refundedQuantities(tx, input.id);
  const refundLines = (input.lines ?? []).map((wanted, index) => {
    const line = lines.find((candidate) => candidate.id === wanted.line);
    if (!line) throw invalid(`lines.${index}.line`, 'Ez a tétel nem ehhez a rendeléshez tartozik.');
    const left = line.quantity - (refunded.get(line.id) ?? 0);
    if (wanted.quantity > left) {
      const message =
        left === 0
          ? `„${line.productTitle}” tételt már teljes mennyiségben visszatérítettük.`
          : `„${line.productTitle}” tételből legfeljebb ${left} db téríthető vissza (rendelve ${line.quantity} db).`;
      throw new DomainError('conflict', message, [{ path: `lines.${index}.quantity`, message }]);
    }
    // What was paid for these pieces, discounts included (the ones refunded before come first).
    const before = refunded.get(line.id) ?? 0;
    const amount =
      paidForPieces(line.lineTotal, line.quantity, before + wanted.quantity) -
      paidForPieces(line.lineTotal, line.quantity, before);
    return { orderLineId: line.id, quantity: wanted.quantity, amount };
  });
  const amount = input.amount ?? refundLines.reduce((sum, line) => sum + line.amount, 0);

  const pending = await tx.refund.aggregate({
    where: { orderId: input.id, status: 'pending' },
    _sum: { amount: true },
  });
  const pendingTotal = pending._sum.amount ?? 0;
  const remaining = order.paidTotal - order.refundedTotal - pendingTotal;
  if (amount > remaining) {
    const message =
      remaining <= 0
        ? 'Ebből a rendelésből már nincs visszatéríthető összeg.'
        : `Legfeljebb ${formatForint(remaining)} téríthető vissza (fizetve ${formatForint(order.paidTotal)}, ` +
          `eddig visszatérítve ${formatForint(order.refundedTotal)}` +
          (pendingTotal > 0 ? `, folyamatban ${formatForint(pendingTotal)}).` : ').');
    throw new DomainError('conflict', message, [{ path: 'amount', message }]);
  }
  await assertWithinRefundLimit(tx, deps.actorId, amount);

  if (input.withdrawal !== undefined) {
    const withdrawal = await tx.withdrawal.findUnique({
      where: { id: input.withdrawal },
      select: { orderId: true, status: true },
    });
    if (withdrawal?.orderId !== input.id) {
      throw invalid('withdrawal', 'Ez az elállás nem ehhez a rendeléshez tartozik.');
    }
    if (withdrawal.status !== 'open') {
      throw new DomainError('conflict', 'Ezt az elállást már lezárták egy visszatérítéssel.');
    }
    const underWay = await tx.refund.count({ where: { withdrawalId: input.withdrawal, status: 'pending' } });
    if (underWay > 0) {
      throw new DomainError('conflict', 'Ehhez az elálláshoz már folyamatban van egy visszatérítés.');
    }
  }

  const refund = await tx.refund.create({
    data: {
      orderId: input.id,
      paymentId: payment?.id ?? null,
      provider: order.paymentProvider,
      status: card ? 'pending' : 'succeeded',
      amount,
      note: input.note ?? null,
      bankAccount,
      idempotencyKey: deps.idempotencyKey,
      withdrawalId: input.withdrawal ?? null,
      createdById: deps.actorId,
      lines: { create: refundLines },
    },
    select: { id: true },
  });
  if (!card || !payment?.providerPaymentId || !payment.posTransactionId) {
    await applySucceededRefund(tx, refund.id, deps.actorId);
    return { kind: 'settled', refundId: refund.id };
  }
  return {
    kind: 'card',
    refundId: refund.id,
    amount,
    orderNumber: order.number,
    payment: {
      id: payment.id,
      providerPaymentId: payment.providerPaymentId,
      posTransactionId: payment.posTransactionId,
    },
  };
}

/** Rule 4, in the transaction that marks the refund succeeded (the order row is locked by then). */
async function applySucceededRefund(
  tx: Prisma.TransactionClient,
  refundId: number,
  actorId: number,
): Promise<void> {
  const refund = await tx.refund.findUniqueOrThrow({
    where: { id: refundId },
    select: {
      orderId: true,
      amount: true,
      provider: true,
      bankAccount: true,
      note: true,
      withdrawalId: true,
      createdAt: true,
      lines: {
        orderBy: { id: 'asc' },
        select: {
          orderLineId: true,
          quantity: true,
          amount: true,
          orderLine: { select: { productTitle: true } },
        },
      },
    },
  });
  const order = await tx.order.update({
    where: { id: refund.orderId },
    data: { refundedTotal: { increment: refund.amount } },
    select: {
      refundedTotal: true,
      paidTotal: true,
      grandTotal: true,
      email: true,
      firstName: true,
      number: true,
    },
  });
  const fully = order.refundedTotal >= order.paidTotal;
  const status = fully ? 'refunded' : 'partially_refunded';
  await changeOrderStatus(tx, {
    orderId: refund.orderId,
    to: status,
    actorId,
    note: `Visszatérítés: ${formatForint(refund.amount)}.`,
    notify: false,
    system: true,
  });
  await recordOrderAudit(tx, {
    orderId: refund.orderId,
    actorId,
    action: 'refund',
    detail: {
      refundId,
      amount: refund.amount,
      provider: refund.provider,
      refundedTotal: order.refundedTotal,
      lines: refund.lines.map((line) => ({ line: line.orderLineId, quantity: line.quantity })),
      ...(refund.bankAccount ? { bankAccount: refund.bankAccount } : {}),
      ...(refund.note ? { note: refund.note } : {}),
      ...(refund.withdrawalId ? { withdrawalId: refund.withdrawalId } : {}),
    },
  });
  await enqueueWebhookEvent(tx, 'refund.created', {
    id: refundId,
    order: { id: refund.orderId, number: order.number, status, refundedTotal: order.refundedTotal },
    amount: refund.amount,
    provider: refund.provider,
    note: refund.note,
    withdrawal: refund.withdrawalId,
    lines: refund.lines.map((line) => ({
      line: line.orderLineId,
      title: line.orderLine.productTitle,
      quantity: line.quantity,
      amount: line.amount,
    })),
    createdAt: refund.createdAt.toISOString(),
  });
  if (refund.withdrawalId) {
    const completed = await tx.withdrawal.updateMany({
      where: { id: refund.withdrawalId, status: 'open' },
      data: { status: 'completed', completedAt: new Date() },
    });
    if (completed.count === 1) {
      await recordOrderAudit(tx, {
        orderId: refund.orderId,
        actorId,
        action: 'withdrawal_completed',
        detail: { withdrawalId: refund.withdrawalId, refundId, amount: refund.amount },
      });
      await enqueueWithdrawalCompleted(tx, refund.withdrawalId, refundId);
    }
  }
  await enqueueTemplatedEmail(tx, {
    templateKey: 'refund_issued',
    to: order.email,
    variables: {
      firstName: order.firstName,
      orderNumber: order.number,
      orderTotal: formatForint(order.grandTotal),
      refundAmount: formatForint(refund.amount),
      refundedTotal: formatForint(order.refundedTotal),
      refundMethod:
        refund.provider === 'barion'
          ? 'a fizetéshez használt bankkártyádra (Barion)'
          : `banki átutalással ${withArticle(refund.bankAccount ?? '')} számú bankszámládra`,
    },
  });
}
