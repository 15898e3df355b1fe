import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../errors';
import type { TCustomerDetail, TCustomerListInput, TCustomerListOutput } from '../schemas';
import { listAddresses } from './address';
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
  const orderBy =
    input.sort === 'orderCount'
      ? [{ orders: { _count: input.order } }, { id: input.order }]
      : userOrderBy(input.sort, input.order);
  const [rows, total] = await Promise.all([
    prisma.user.findMany({
      where,
      orderBy,
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
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

export async function getCustomer(prisma: PrismaClient, id: number): Promise<TCustomerDetail> {
  const user = await prisma.user.findUnique({ where: { id }, select: adminUserSelect });
  if (!user) throw new DomainError('not_found', MESSAGES.notFound);
  const [addresses, stats] = await Promise.all([listAddresses(prisma, id), orderStatsByUser(prisma, [id])]);
  return { ...toAdminUser(user), addresses, ...(stats.get(id) ?? NO_ORDER_STATS) };
}
