import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError, toDomainError } from '../../errors';
import type {
  TOrder,
  TOrderBulkStatusInput,
  TOrderBulkStatusOutput,
  TOrderBulkStatusResult,
  TOrderNote,
  TOrderNoteInput,
  TOrderStatusChangeInput,
} from '../../schemas';
import { recordOrderAudit } from './order-audit';
import { getOrderFor, ORDER_NOT_FOUND } from './order-read';
import { changeOrderStatus, type OrderStatusChangeResult, publishStockLevels } from './order-status';

/** Who changes orders: a signed-in admin (`userId`) or an integrator's API key, named in the audit trail. */
export type OrderActor = { userId: number | null; apiKeyName: string | null };

type Deps = { prisma: PrismaClient; cache: VersionedCache; actor: OrderActor };

/** A status change may wait on the order's row behind a payment callback; Prisma's 5 s would be tight. */
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 } as const;

async function changeInOwnTransaction(
  deps: Deps,
  input: { orderId: number } & Pick<TOrderStatusChangeInput, 'status' | 'note' | 'trackingNumber' | 'notify'>,
): Promise<OrderStatusChangeResult> {
  const result = await deps.prisma.$transaction(
    (tx) =>
      changeOrderStatus(tx, {
        orderId: input.orderId,
        to: input.status,
        actorId: deps.actor.userId,
        apiKeyName: deps.actor.apiKeyName,
        note: input.note,
        trackingNumber: input.trackingNumber,
        notify: input.notify,
      }),
    TRANSACTION_OPTIONS,
  );
  publishStockLevels(deps.cache, result.stock);
  return result;
}

/** POST /api/order/{id}/status: the order as its customer now sees it. */
export async function setOrderStatus(deps: Deps, input: TOrderStatusChangeInput): Promise<TOrder> {
  await changeInOwnTransaction(deps, { orderId: input.id, ...input });
  return getOrderFor(deps.prisma, input.id, { session: null, staff: true });
}

/**
 * POST /api/order/status: each order in a transaction of its own, so one refused order (a transition
 * the table forbids, a product gone when re-taking stock) leaves the others changed. Orders are taken
 * in id order; the answer lists them in the order asked.
 */
export async function setOrdersStatus(
  deps: Deps,
  { ids, status, note, notify }: TOrderBulkStatusInput,
): Promise<TOrderBulkStatusOutput> {
  const unique = [...new Set(ids)];
  const numbers = new Map(
    (
      await deps.prisma.order.findMany({
        where: { id: { in: unique } },
        select: { id: true, number: true },
      })
    ).map((row) => [row.id, row.number]),
  );
  const results = new Map<number, TOrderBulkStatusResult>();
  for (const id of [...unique].sort((a, b) => a - b)) {
    const number = numbers.get(id) ?? null;
    if (number === null) {
      results.set(id, { id, number, outcome: 'refused', from: null, status: null, message: ORDER_NOT_FOUND });
      continue;
    }
    try {
      const change = await changeInOwnTransaction(deps, { orderId: id, status, note, notify });
      results.set(id, {
        id,
        number,
        outcome: change.changed ? 'changed' : 'unchanged',
        from: change.from,
        status: change.to,
        message: null,
      });
    } catch (error) {
      const domain = toDomainError(error);
      // Only what the shop knows to say about one order; anything unexpected fails the request.
      if (domain.code !== 'conflict' && domain.code !== 'not_found' && domain.code !== 'invalid_input')
        throw error;
      const current = await deps.prisma.order.findUnique({ where: { id }, select: { status: true } });
      results.set(id, {
        id,
        number,
        outcome: 'refused',
        from: current?.status ?? null,
        status: current?.status ?? null,
        message: domain.message,
      });
    }
  }
  const listed = unique.map((id) => results.get(id)!);
  const count = (outcome: TOrderBulkStatusResult['outcome']) =>
    listed.filter((result) => result.outcome === outcome).length;
  return {
    results: listed,
    changed: count('changed'),
    unchanged: count('unchanged'),
    refused: count('refused'),
  };
}

/** POST /api/order/{id}/note: an internal note, with its entry in the order's audit trail. */
export async function addOrderNote(deps: Deps, { id, text }: TOrderNoteInput): Promise<TOrderNote> {
  const note = await deps.prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id }, select: { id: true } });
    if (!order) throw new DomainError('not_found', ORDER_NOT_FOUND);
    const created = await tx.orderNote.create({
      data: { orderId: id, authorId: deps.actor.userId, text },
      select: {
        id: true,
        text: true,
        createdAt: true,
        author: { select: { id: true, firstName: true, lastName: true, email: true } },
      },
    });
    await recordOrderAudit(tx, {
      orderId: id,
      actorId: deps.actor.userId,
      apiKeyName: deps.actor.apiKeyName,
      action: 'note',
      detail: { noteId: created.id, text },
    });
    return created;
  });
  const author = note.author;
  return {
    id: note.id,
    text: note.text,
    createdAt: note.createdAt.toISOString(),
    author: author
      ? { id: author.id, name: `${author.lastName} ${author.firstName}`.trim() || author.email }
      : null,
  };
}
