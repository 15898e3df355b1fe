import type { Prisma } from '@shop/db';
import type { TWithdrawal } from '../../schemas';
import type { TWebhookWithdrawalData } from '../../schemas/webhook';
import { enqueueWebhookEvent } from '../webhooks/events';
import { toWithdrawalDto, withdrawalSelect } from './refund-read';

/**
 * The data of `withdrawal.received` and `withdrawal.completed`: the withdrawal as its REST answer shows
 * it, less the name and e-mail (the order carries them, for a receiver that may read it).
 */
export function withdrawalEventData(
  withdrawal: TWithdrawal,
  order: { id: number; number: string },
  refund: number | null,
): TWebhookWithdrawalData {
  return {
    id: withdrawal.id,
    order,
    status: withdrawal.status,
    reason: withdrawal.reason,
    lines: withdrawal.lines,
    createdAt: withdrawal.createdAt,
    refundDeadline: withdrawal.refundDeadline,
    completedAt: withdrawal.completedAt,
    refund,
  };
}

/** `withdrawal.completed` by the refund that answered it, in the transaction that closed it. */
export async function enqueueWithdrawalCompleted(
  tx: Prisma.TransactionClient,
  withdrawalId: number,
  refundId: number,
): Promise<number> {
  const row = await tx.withdrawal.findUniqueOrThrow({
    where: { id: withdrawalId },
    select: {
      ...withdrawalSelect,
      order: { select: { id: true, number: true, lines: { select: { id: true, productTitle: true } } } },
    },
  });
  const titles = new Map(row.order.lines.map((line) => [line.id, line.productTitle]));
  const order = { id: row.order.id, number: row.order.number };
  return enqueueWebhookEvent(
    tx,
    'withdrawal.completed',
    withdrawalEventData(toWithdrawalDto(row, titles), order, refundId),
  );
}
