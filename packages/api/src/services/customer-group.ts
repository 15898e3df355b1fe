import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../errors';
import type { TCustomerGroup, TCustomerGroupCreateInput, TCustomerGroupUpdateInput } from '../schemas';

const groupSelect = {
  id: true,
  name: true,
  discountPercent: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { users: true } },
} as const satisfies Prisma.CustomerGroupSelect;

type GroupRow = Prisma.CustomerGroupGetPayload<{ select: typeof groupSelect }>;

function toCustomerGroup({ _count, createdAt, updatedAt, ...group }: GroupRow): TCustomerGroup {
  return {
    ...group,
    memberCount: _count.users,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export const GROUP_NAME_TAKEN_MESSAGE = 'Ilyen nevű vásárlói csoport már van.';

async function assertNameFree(prisma: PrismaClient, name: string, exceptId?: number) {
  const existing = await prisma.customerGroup.findFirst({
    where: { name: { equals: name, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (existing) {
    throw new DomainError('conflict', GROUP_NAME_TAKEN_MESSAGE, [
      { path: 'name', message: GROUP_NAME_TAKEN_MESSAGE },
    ]);
  }
}

export async function listCustomerGroups(prisma: PrismaClient): Promise<TCustomerGroup[]> {
  const rows = await prisma.customerGroup.findMany({
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: groupSelect,
  });
  return rows.map(toCustomerGroup);
}

export async function getCustomerGroup(prisma: PrismaClient, id: number): Promise<TCustomerGroup> {
  const row = await prisma.customerGroup.findUnique({ where: { id }, select: groupSelect });
  if (!row) throw new DomainError('not_found', MESSAGES.notFound);
  return toCustomerGroup(row);
}

export async function createCustomerGroup(
  prisma: PrismaClient,
  input: TCustomerGroupCreateInput,
): Promise<TCustomerGroup> {
  await assertNameFree(prisma, input.name);
  const row = await prisma.customerGroup.create({ data: input, select: groupSelect });
  return toCustomerGroup(row);
}

export async function updateCustomerGroup(
  prisma: PrismaClient,
  { id, ...changes }: TCustomerGroupUpdateInput,
): Promise<TCustomerGroup> {
  await getCustomerGroup(prisma, id);
  if (changes.name) await assertNameFree(prisma, changes.name, id);
  const row = await prisma.customerGroup.update({ where: { id }, data: changes, select: groupSelect });
  return toCustomerGroup(row);
}

/** Members stay customers without a group (list prices); the group's special prices go with it. */
export async function deleteCustomerGroup(prisma: PrismaClient, id: number): Promise<void> {
  await getCustomerGroup(prisma, id);
  await prisma.customerGroup.delete({ where: { id }, select: { id: true } });
}
