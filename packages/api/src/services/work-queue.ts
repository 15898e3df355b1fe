import { Prisma, type PrismaClient } from '@shop/db';
import { permissionAllows } from '../schemas/permissions';
import {
  type TWorkQueueEntry,
  type TWorkQueueItem,
  type TWorkQueueOutput,
  type TWorkQueueSection,
  UNINVOICED_DAYS,
  WORK_QUEUE_SECTION_PERMISSIONS,
  WORK_QUEUE_SECTIONS,
} from '../schemas/work-queue';

/**
 * GET /api/dashboard/queue: what waits for the signed-in person, by the kind of work their role names.
 *
 * 1. A group is computed only for whom the role's permissions open it (as for every staff check, the rules
 *    that keep older API keys working do not count); the owner gets every group.
 * 2. Each count is what the admin list it links to shows with its filter: orders by status (to pack:
 *    new and in processing; to ship: packed), enabled products out of stock as the catalogue check
 *    lists them, new contact messages and offer requests, blog drafts.
 * 3. Work no list filters by (open withdrawals, pending refunds, paid orders without an invoice, failed
 *    invoices) comes with its oldest few orders, each opened by itself.
 * 4. One statement per group, each on an index or a small table: orders by `(status, createdAt)`,
 *    inquiries and withdrawals by `(status, createdAt)`; the paid orders without an invoice are looked
 *    for among the last UNINVOICED_DAYS days' orders by `createdAt` only, so the query does not grow with
 *    the shop's history.
 */

const OLDEST_ORDERS = 3;

type Granted = readonly string[] | null;

/** Rule 1: the groups the role's permissions open; the owner (no role) gets every one. */
export function workQueueSections(granted: Granted): TWorkQueueSection[] {
  return WORK_QUEUE_SECTIONS.filter(
    (section) => granted === null || permissionAllows(granted, WORK_QUEUE_SECTION_PERMISSIONS[section]),
  );
}

function entry(item: TWorkQueueItem, count: number, oldestAt: Date | null): TWorkQueueEntry {
  return { item, count, oldestAt: count > 0 && oldestAt ? oldestAt.toISOString() : null, orders: [] };
}

type OldestRow = { id: number; number: string; at: Date; count: number };

/** Rule 3: the rows are the oldest few, each carrying the count of all (a window over the whole match). */
function withOrders(item: TWorkQueueItem, rows: OldestRow[]): TWorkQueueEntry {
  const first = rows[0];
  return {
    item,
    count: Number(first?.count ?? 0),
    oldestAt: first ? first.at.toISOString() : null,
    orders: rows.map((row) => ({ id: Number(row.id), number: row.number })),
  };
}

async function packing(prisma: PrismaClient): Promise<TWorkQueueEntry[]> {
  const rows = await prisma.$queryRaw<{ status: string; count: number; oldestAt: Date }[]>`
    SELECT status::text AS status, count(*)::int AS count, min("createdAt") AS "oldestAt"
    FROM "Order"
    WHERE status IN ('received', 'processing', 'packed')
    GROUP BY status`;
  const of = (statuses: string[]) => {
    const matching = rows.filter((row) => statuses.includes(row.status));
    const count = matching.reduce((sum, row) => sum + Number(row.count), 0);
    const oldest = matching.map((row) => row.oldestAt).sort((a, b) => a.getTime() - b.getTime())[0];
    return [count, oldest ?? null] as const;
  };
  return [entry('to_pack', ...of(['received', 'processing'])), entry('to_ship', ...of(['packed']))];
}

async function stock(prisma: PrismaClient): Promise<TWorkQueueEntry[]> {
  // The catalogue check "no-stock-but-enabled" (catalogue/product-admin.ts) lists exactly these.
  const count = await prisma.product.count({ where: { enabled: true, stock: { lte: 0 } } });
  // No date says when a product ran out: the check list shows how low each is.
  return [entry('out_of_stock', count, null)];
}

async function inquiries(prisma: PrismaClient): Promise<TWorkQueueEntry[]> {
  const rows = await prisma.$queryRaw<{ kind: string; count: number; oldestAt: Date | null }[]>`
    SELECT 'contact' AS kind, count(*)::int AS count, min("createdAt") AS "oldestAt"
    FROM "ContactMessage" WHERE status = 'new'
    UNION ALL
    SELECT 'offer', count(*)::int, min("createdAt")
    FROM "OfferRequest" WHERE status = 'new'`;
  const of = (kind: string) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return [Number(row?.count ?? 0), row?.oldestAt ?? null] as const;
  };
  return [entry('contact_messages', ...of('contact')), entry('offer_requests', ...of('offer'))];
}

async function returns(prisma: PrismaClient): Promise<TWorkQueueEntry[]> {
  const [withdrawals, refunds] = await Promise.all([
    prisma.$queryRaw<OldestRow[]>`
      SELECT o.id, o.number, w."createdAt" AS at, count(*) OVER ()::int AS count
      FROM "Withdrawal" w
      JOIN "Order" o ON o.id = w."orderId"
      WHERE w.status = 'open'
      ORDER BY w."createdAt", w.id
      LIMIT ${OLDEST_ORDERS}::int`,
    prisma.$queryRaw<OldestRow[]>`
      SELECT o.id, o.number, r."createdAt" AS at, count(*) OVER ()::int AS count
      FROM "Refund" r
      JOIN "Order" o ON o.id = r."orderId"
      WHERE r.status = 'pending'
      ORDER BY r."createdAt", r.id
      LIMIT ${OLDEST_ORDERS}::int`,
  ]);
  return [withOrders('open_withdrawals', withdrawals), withOrders('pending_refunds', refunds)];
}

async function invoicing(prisma: PrismaClient, now: Date): Promise<TWorkQueueEntry[]> {
  const since = new Date(now.getTime() - UNINVOICED_DAYS * 24 * 60 * 60_000);
  const [uninvoiced, failed] = await Promise.all([
    // A cancelled or fully refunded order owes no invoice; one queued but not yet issued is on its way.
    prisma.$queryRaw<OldestRow[]>`
      SELECT o.id, o.number, o."createdAt" AS at, count(*) OVER ()::int AS count
      FROM "Order" o
      WHERE o."createdAt" >= ${since}
        AND o."paidAt" IS NOT NULL
        AND o.status NOT IN (${Prisma.join(['cancelled', 'refunded'])})
        AND NOT EXISTS (SELECT 1 FROM "Invoice" i WHERE i."orderId" = o.id AND i.kind = 'invoice')
      ORDER BY o."createdAt", o.id
      LIMIT ${OLDEST_ORDERS}::int`,
    prisma.$queryRaw<OldestRow[]>`
      SELECT o.id, o.number, i."updatedAt" AS at, count(*) OVER ()::int AS count
      FROM "Invoice" i
      JOIN "Order" o ON o.id = i."orderId"
      WHERE i.status = 'failed'
      ORDER BY i."updatedAt", i.id
      LIMIT ${OLDEST_ORDERS}::int`,
  ]);
  return [withOrders('paid_not_invoiced', uninvoiced), withOrders('failed_invoices', failed)];
}

async function content(prisma: PrismaClient): Promise<TWorkQueueEntry[]> {
  // The blog list's "draft" filter (blog-post/visibility.ts statusWhere) is `published: false`.
  const drafts = await prisma.blogPost.aggregate({
    where: { published: false },
    _count: { _all: true },
    _min: { createdAt: true },
  });
  return [entry('draft_posts', drafts._count._all, drafts._min.createdAt)];
}

export async function workQueue(
  deps: { prisma: PrismaClient },
  granted: Granted,
  now: Date = new Date(),
): Promise<TWorkQueueOutput> {
  const compute: Record<TWorkQueueSection, () => Promise<TWorkQueueEntry[]>> = {
    packing: () => packing(deps.prisma),
    stock: () => stock(deps.prisma),
    inquiries: () => inquiries(deps.prisma),
    returns: () => returns(deps.prisma),
    invoicing: () => invoicing(deps.prisma, now),
    content: () => content(deps.prisma),
  };
  const sections = workQueueSections(granted);
  const entries = await Promise.all(sections.map((section) => compute[section]()));
  return { sections: sections.map((section, at) => ({ section, entries: entries[at] ?? [] })) };
}
