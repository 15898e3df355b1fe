import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../errors';
import type { TCustomerDetail, TCustomerListInput, TCustomerListOutput } from '../schemas';
import { addressOrder, addressSelect, listAddresses } from './address';
import { inFeedOrder } from './change-feed/read-changes';
import {
  adminUserSelect,
  COUNTED_ORDER_STATUSES,
  NO_ORDER_STATS,
  orderStatsByUser,
  toAdminUser,
  userOrderBy,
  userSearchWhere,
} from './user-admin';

/** The admin's customer list: shoppers only (no admins, no deleted accounts) with their orders in numbers. */
export async function listCustomers(
  prisma: PrismaClient,
  input: TCustomerListInput,
): Promise<TCustomerListOutput> {
  const countedOrder = { status: { in: [...COUNTED_ORDER_STATUSES] } };
  const where: Prisma.UserWhereInput = {
    ...userSearchWhere(input.search),
    role: 'customer',
    anonymizedAt: null,
    ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
    ...(input.newsletter !== undefined ? { newsletter: input.newsletter } : {}),
    ...(input.hasOrders === true ? { orders: { some: countedOrder } } : {}),
    ...(input.hasOrders === false ? { orders: { none: countedOrder } } : {}),
  };
  const skip = (input.page - 1) * input.pageSize;
  const pageIds = input.sort === 'orderCount' ? await idsByCountedOrders(prisma, where, input, skip) : null;
  const [unordered, total] = await Promise.all([
    prisma.user.findMany({
      where: pageIds ? { id: { in: pageIds } } : where,
      ...(pageIds ? {} : { orderBy: userOrderBy(input.sort, input.order), skip, take: input.pageSize }),
      select: {
        id: true,
        email: true,
        firstName: true,
        lastName: true,
        phone: true,
        companyName: true,
        group: { select: { id: true, name: true } },
        newsletter: true,
        createdAt: true,
        lastLoginAt: true,
      },
    }),
    prisma.user.count({ where }),
  ]);
  const rows = pageIds ? pageIds.flatMap((id) => unordered.filter((row) => row.id === id)) : unordered;
  const stats = await orderStatsByUser(
    prisma,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
      ...(stats.get(row.id) ?? NO_ORDER_STATS),
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/**
 * One page of user ids ordered by the order count the list shows (cancelled and refunded orders do
 * not count), then by id. Prisma's `_count` ordering cannot filter the counted relation, so the
 * counts come from a grouped query and the matching ids are ordered here.
 */
async function idsByCountedOrders(
  prisma: PrismaClient,
  where: Prisma.UserWhereInput,
  input: Pick<TCustomerListInput, 'order' | 'pageSize'>,
  skip: number,
): Promise<number[]> {
  const [users, groups] = await Promise.all([
    prisma.user.findMany({ where, select: { id: true } }),
    prisma.order.groupBy({
      by: ['userId'],
      where: { status: { in: [...COUNTED_ORDER_STATUSES] }, user: { is: where } },
      _count: { _all: true },
    }),
  ]);
  const counts = new Map(groups.map((group) => [group.userId, group._count._all]));
  const direction = input.order === 'asc' ? 1 : -1;
  return users
    .map((user) => ({ id: user.id, count: counts.get(user.id) ?? 0 }))
    .sort((a, b) => direction * (a.count - b.count || a.id - b.id))
    .slice(skip, skip + input.pageSize)
    .map((user) => user.id);
}

export async function getCustomer(prisma: PrismaClient, id: number): Promise<TCustomerDetail> {
  const user = await prisma.user.findUnique({ where: { id }, select: adminUserSelect });
  if (!user) throw new DomainError('not_found', MESSAGES.notFound);
  const [addresses, stats] = await Promise.all([listAddresses(prisma, id), orderStatsByUser(prisma, [id])]);
  return { ...toAdminUser(user), addresses, ...(stats.get(id) ?? NO_ORDER_STATS) };
}

/**
 * The customers among `ids` as their detail answers them, in the order of `ids` (the customer change
 * feed's items); other users (admins) are left out.
 */
export async function customersByIds(
  db: Prisma.TransactionClient,
  ids: number[],
): Promise<TCustomerDetail[]> {
  if (ids.length === 0) return [];
  const [users, addresses, stats] = [
    await db.user.findMany({ where: { id: { in: ids }, role: 'customer' }, select: adminUserSelect }),
    await db.address.findMany({
      where: { userId: { in: ids } },
      orderBy: addressOrder,
      select: { ...addressSelect, userId: true },
    }),
    await orderStatsByUser(db, ids),
  ];
  return inFeedOrder(ids, users).map((user) => ({
    ...toAdminUser(user),
    addresses: addresses
      .filter((address) => address.userId === user.id)
      .map(({ userId: _, ...address }) => address),
    ...(stats.get(user.id) ?? NO_ORDER_STATS),
  }));
}
