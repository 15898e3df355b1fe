import type { PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import { escapeHtml } from '../../html-escape';
import type { TOrderStatus, TOrderWithdrawInput, TOrderWithdrawOutput } from '../../schemas';
import { formatBudapestDate, formatBudapestTime } from '../email/format';
import { enqueueTemplatedEmail } from '../email/outbox';
import { htmlToText } from '../email/render';
import type { AuthSession } from '../session';
import { enqueueWebhookEvent } from '../webhooks/events';
import { accessKeyMatches } from './order-access';
import { ORDER_NOT_FOUND } from './order-read';
import { refundedQuantities, toWithdrawalDto, withdrawalSelect } from './refund-read';
import { withdrawalEventData } from './withdrawal-events';
import { refundDeadline, withdrawalRefusal } from './withdrawal-rules';

type Deps = { prisma: PrismaClient; publicUrl: string };

/** The consumer who may withdraw: the order's owner, or whoever holds its private link's key. */
export type Withdrawer = { session: AuthSession | null; key?: string | undefined };

function mayWithdraw(order: { userId: number | null; accessKeyHash: string }, who: Withdrawer): boolean {
  if (who.session && order.userId === who.session.user.id) return true;
  return who.key !== undefined && accessKeyMatches(who.key, order.accessKeyHash);
}

/**
 * POST /api/order/{id}/withdraw: the online withdrawal function consumer law asks for (45/2014. (II. 26.)
 * Korm. rendelet; rules in withdrawal-rules.ts). Under the order's row lock, so two clicks make one
 * withdrawal; the receipt with the statement's content, date and time, and `withdrawal.received` for the
 * webhooks, are queued in the same transaction.
 */
export async function withdrawFromOrder(
  deps: Deps,
  input: TOrderWithdrawInput,
  who: Withdrawer,
): Promise<TOrderWithdrawOutput> {
  const owner = await deps.prisma.order.findUnique({
    where: { id: input.id },
    select: { userId: true, accessKeyHash: true },
  });
  // Anyone else learns nothing, not even that the order exists.
  if (!owner || !mayWithdraw(owner, who)) throw new DomainError('not_found', ORDER_NOT_FOUND);

  return deps.prisma.$transaction(
    async (tx) => {
      const locked = await tx.$queryRaw<
        { status: TOrderStatus; completedAt: Date | null }[]
      >`SELECT status, "completedAt" FROM "Order" WHERE id = ${input.id} FOR UPDATE`;
      const state = locked[0];
      if (!state) throw new DomainError('not_found', ORDER_NOT_FOUND);
      const open = await tx.withdrawal.findFirst({
        where: { orderId: input.id, status: 'open' },
        select: { createdAt: true },
      });
      const now = new Date();
      const refusal = withdrawalRefusal(
        { status: state.status, completedAt: state.completedAt, openWithdrawalAt: open?.createdAt ?? null },
        now,
      );
      if (refusal) throw new DomainError('conflict', refusal);

      const order = await tx.order.findUniqueOrThrow({
        where: { id: input.id },
        select: {
          number: true,
          createdAt: true,
          email: true,
          firstName: true,
          lastName: true,
          lines: { orderBy: { id: 'asc' }, select: { id: true, productTitle: true, quantity: true } },
        },
      });
      const refunded = await refundedQuantities(tx, input.id);
      const left = new Map(
        order.lines.map((line) => [line.id, line.quantity - (refunded.get(line.id) ?? 0)]),
      );
      const chosen = input.lines
        ? input.lines.map((wanted, index) => {
            const line = order.lines.find((candidate) => candidate.id === wanted.line);
            if (!line) {
              const message = 'Ez a tétel nem ehhez a rendeléshez tartozik.';
              throw new DomainError('invalid_input', message, [{ path: `lines.${index}.line`, message }]);
            }
            const available = left.get(line.id) ?? 0;
            if (wanted.quantity > available) {
              const message =
                available === 0
                  ? `„${line.productTitle}” árát már visszatérítettük, ettől a tételtől nem kell elállnod.`
                  : `„${line.productTitle}” tételből legfeljebb ${available} db-ról állhatsz el.`;
              throw new DomainError('conflict', message, [{ path: `lines.${index}.quantity`, message }]);
            }
            return { orderLineId: line.id, quantity: wanted.quantity };
          })
        : order.lines
            .map((line) => ({ orderLineId: line.id, quantity: left.get(line.id) ?? 0 }))
            .filter((line) => line.quantity > 0);
      if (chosen.length === 0) {
        throw new DomainError('conflict', 'A rendelés minden tételének árát már visszatérítettük.');
      }

      const name = `${order.lastName} ${order.firstName}`.trim();
      const created = await tx.withdrawal.create({
        data: {
          orderId: input.id,
          lines: chosen,
          reason: input.reason ?? null,
          name,
          email: order.email,
          createdAt: now,
        },
        select: withdrawalSelect,
      });
      const titles = new Map(order.lines.map((line) => [line.id, line.productTitle]));
      const withdrawal = toWithdrawalDto(created, titles);
      const listHtml = `<ul>${withdrawal.lines
        .map((line) => `<li>${escapeHtml(line.title)} – ${line.quantity} db</li>`)
        .join('')}</ul>`;
      await enqueueTemplatedEmail(tx, {
        templateKey: 'withdrawal_receipt',
        to: order.email,
        variables: {
          firstName: order.firstName,
          name,
          email: order.email,
          orderNumber: order.number,
          orderDate: formatBudapestTime(order.createdAt),
          withdrawalDate: formatBudapestTime(now),
          withdrawalLines: { html: listHtml, text: htmlToText(listHtml) },
          withdrawalReason: input.reason ?? 'nem adtál meg indoklást',
          refundDeadline: formatBudapestDate(refundDeadline(now)),
          shopUrl: deps.publicUrl,
        },
      });
      await enqueueWebhookEvent(
        tx,
        'withdrawal.received',
        withdrawalEventData(withdrawal, { id: input.id, number: order.number }, null),
      );
      return { withdrawal, receiptSentTo: order.email };
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}
