import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../errors';
import type {
  TAdminUser,
  TChangeGroupInput,
  TFileOutput,
  TUserDeleteOutput,
  TUserDownloadInput,
  TUserFindAllInput,
  TUserFindAllOutput,
  TUserUpdateInput,
} from '../schemas';
import { removeUser } from './account';
import { csvDate, csvFile } from './csv';
import { setAccountNewsletter } from './newsletter/subscriptions';
import { EMAIL_TAKEN_MESSAGE, staffAccess } from './user';
import { enqueueCustomerChanged } from './webhooks/customer-events';

export const adminUserSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  phone: true,
  companyName: true,
  taxNumber: true,
  newsletter: true,
  group: { select: { id: true, name: true, discountPercent: true } },
  termsAcceptedAt: true,
  lastLoginAt: true,
  anonymizedAt: true,
  createdAt: true,
  updatedAt: true,
  staffRole: { select: { id: true, name: true, permissions: true, refundLimit: true } },
} as const satisfies Prisma.UserSelect;

type AdminUserRow = Prisma.UserGetPayload<{ select: typeof adminUserSelect }>;

export function toAdminUser({ staffRole, ...row }: AdminUserRow): TAdminUser {
  return {
    ...row,
    ...staffAccess(row.role, staffRole),
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    anonymizedAt: row.anonymizedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const GROUP_NOT_FOUND_MESSAGE = 'A megadott vásárlói csoport nem létezik.';

/** Every word must appear in the name, e-mail or company name: "kovács anna" finds Kovács Anna. */
export function userSearchWhere(search: string | undefined): Prisma.UserWhereInput {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  return {
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word, mode: 'insensitive' } },
        { lastName: { contains: word, mode: 'insensitive' } },
        { email: { contains: word, mode: 'insensitive' } },
        { companyName: { contains: word, mode: 'insensitive' } },
      ],
    })),
  };
}

type SortOrder = 'asc' | 'desc';

export function userOrderBy(sort: string, order: SortOrder): Prisma.UserOrderByWithRelationInput[] {
  switch (sort) {
    case 'email':
      return [{ email: order }];
    case 'createdAt':
      return [{ createdAt: order }, { id: order }];
    case 'lastLoginAt':
      return [{ lastLoginAt: { sort: order, nulls: 'last' } }, { id: order }];
    case 'id':
      return [{ id: order }];
    default:
      return [{ lastName: order }, { firstName: order }, { id: order }];
  }
}

export async function findAllUsers(
  prisma: PrismaClient,
  input: TUserFindAllInput,
): Promise<TUserFindAllOutput> {
  const where: Prisma.UserWhereInput = {
    ...userSearchWhere(input.search),
    ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
    ...(input.role ? { role: input.role } : {}),
    ...(input.includeAnonymized ? {} : { anonymizedAt: null }),
  };
  const [rows, total] = await Promise.all([
    prisma.user.findMany({
      where,
      orderBy: userOrderBy(input.sort, input.order),
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: adminUserSelect,
    }),
    prisma.user.count({ where }),
  ]);
  return { items: rows.map(toAdminUser), total, page: input.page, pageSize: input.pageSize };
}

export async function getAdminUser(prisma: PrismaClient, id: number): Promise<TAdminUser> {
  const user = await prisma.user.findUnique({ where: { id }, select: adminUserSelect });
  if (!user) throw new DomainError('not_found', MESSAGES.notFound);
  return toAdminUser(user);
}

async function assertGroupExists(prisma: PrismaClient, groupId: number | null | undefined) {
  if (groupId === null || groupId === undefined) return;
  const group = await prisma.customerGroup.findUnique({ where: { id: groupId }, select: { id: true } });
  if (!group) {
    throw new DomainError('not_found', GROUP_NOT_FOUND_MESSAGE, [
      { path: 'groupId', message: GROUP_NOT_FOUND_MESSAGE },
    ]);
  }
}

/** Who edits or deletes an account here: staff may act on customers only, the owner on anyone. */
export type AccountEditor = { id: number; owner: boolean };

export const STAFF_ACCOUNTS_OWNER_ONLY =
  'Munkatárs vagy tulajdonos fiókját, és bárkinek a szerepét csak a bolt tulajdonosa módosíthatja.';

/** A staff member who could edit an admin's e-mail (and so reset its password) or make anyone an admin would hold the owner's power. */
function assertMayEdit(editor: AccountEditor, target: { role: string }, changesRole: boolean): void {
  if (!editor.owner && (target.role !== 'customer' || changesRole)) {
    throw new DomainError('forbidden', STAFF_ACCOUNTS_OWNER_ONLY);
  }
}

export async function updateUser(
  prisma: PrismaClient,
  editor: AccountEditor,
  { id, newsletter, ...changes }: TUserUpdateInput,
  client: { publicUrl: string },
): Promise<TAdminUser> {
  const actorId = editor.id;
  const user = await prisma.user.findUnique({
    where: { id },
    select: { anonymizedAt: true, email: true, role: true },
  });
  if (!user) throw new DomainError('not_found', MESSAGES.notFound);
  assertMayEdit(editor, user, changes.role !== undefined && changes.role !== user.role);
  if (user.anonymizedAt) throw new DomainError('conflict', 'Törölt (anonimizált) fiók nem módosítható.');
  // An admin who demotes themself could leave the shop without anyone to manage it.
  if (id === actorId && changes.role === 'customer') {
    throw new DomainError('conflict', 'A saját adminisztrátori jogodat nem vonhatod vissza.');
  }
  if (changes.email && changes.email !== user.email) {
    const taken = await prisma.user.findUnique({ where: { email: changes.email }, select: { id: true } });
    if (taken) {
      throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE, [
        { path: 'email', message: EMAIL_TAKEN_MESSAGE },
      ]);
    }
  }
  await assertGroupExists(prisma, changes.groupId);
  return prisma.$transaction(async (tx) => {
    // The staff cannot give a customer's consent for them: on sends the confirmation e-mail (services/newsletter).
    if (newsletter !== undefined) {
      await setAccountNewsletter(tx, { id, email: user.email }, newsletter, {
        source: 'admin',
        publicUrl: client.publicUrl,
      });
    }
    const updated = await tx.user.update({ where: { id }, data: changes, select: adminUserSelect });
    // A customer made admin, or an admin made customer, changed as a customer too.
    const role = user.role === 'customer' ? user.role : updated.role;
    await enqueueCustomerChanged(tx, 'updated', { ...updated, role });
    return toAdminUser(updated);
  });
}

export async function deleteUser(
  prisma: PrismaClient,
  editor: AccountEditor,
  id: number,
): Promise<TUserDeleteOutput> {
  const target = await prisma.user.findUnique({ where: { id }, select: { role: true } });
  if (target) assertMayEdit(editor, target, false);
  if (id === editor.id) {
    throw new DomainError(
      'conflict',
      'A saját fiókodat itt nem törölheted; ezt a fiókod oldalán teheted meg.',
    );
  }
  const { anonymized } = await removeUser(prisma, id);
  return { ok: true, anonymized };
}

export async function changeUserGroup(prisma: PrismaClient, input: TChangeGroupInput): Promise<TAdminUser> {
  const user = await prisma.user.findUnique({ where: { id: input.userId }, select: { anonymizedAt: true } });
  if (!user) throw new DomainError('not_found', MESSAGES.notFound);
  if (user.anonymizedAt) throw new DomainError('conflict', 'Törölt (anonimizált) fiók nem módosítható.');
  await assertGroupExists(prisma, input.groupId);
  return prisma.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: input.userId },
      data: { groupId: input.groupId },
      select: adminUserSelect,
    });
    await enqueueCustomerChanged(tx, 'updated', updated);
    return toAdminUser(updated);
  });
}

// ------------------------------------------------------------------ CSV export

/** Orders that count as bought: not cancelled, not refunded. */
export const COUNTED_ORDER_STATUSES = [
  'awaiting_payment',
  'received',
  'processing',
  'packed',
  'shipped',
  'ready_for_pickup',
  'completed',
  'partially_refunded',
] as const;

export type OrderStats = { orderCount: number; totalSpent: number; lastOrderAt: string | null };

export async function orderStatsByUser(
  prisma: PrismaClient | Prisma.TransactionClient,
  userIds: number[],
): Promise<Map<number, OrderStats>> {
  const stats = new Map<number, OrderStats>();
  if (userIds.length === 0) return stats;
  const rows = await prisma.order.groupBy({
    by: ['userId'],
    where: { userId: { in: userIds }, status: { in: [...COUNTED_ORDER_STATUSES] } },
    _count: { _all: true },
    _sum: { grandTotal: true },
    _max: { createdAt: true },
  });
  for (const row of rows) {
    if (row.userId === null) continue;
    stats.set(row.userId, {
      orderCount: row._count._all,
      totalSpent: row._sum.grandTotal ?? 0,
      lastOrderAt: row._max.createdAt?.toISOString() ?? null,
    });
  }
  return stats;
}

export const NO_ORDER_STATS: OrderStats = { orderCount: 0, totalSpent: 0, lastOrderAt: null };

const CSV_HEADERS = [
  'Azonosító',
  'Vezetéknév',
  'Keresztnév',
  'E-mail-cím',
  'Telefonszám',
  'Cégnév',
  'Adószám',
  'Vásárlói csoport',
  'Hírlevél',
  'Rendelések száma',
  'Vásárlások összege (Ft)',
  'Regisztráció',
  'Utolsó belépés',
];

/**
 * The customers as a CSV that Hungarian Excel opens as it is: UTF-8 with a byte order mark
 * (else accents break), `;` between fields (the Hungarian list separator) and CRLF lines.
 * Without a role filter it lists customers; deleted accounts never appear.
 */
export async function downloadUsersCsv(
  prisma: PrismaClient,
  input: TUserDownloadInput,
  now: Date = new Date(),
): Promise<TFileOutput> {
  const users = await prisma.user.findMany({
    where: {
      ...userSearchWhere(input.search),
      ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
      role: input.role ?? 'customer',
      anonymizedAt: null,
    },
    orderBy: userOrderBy('name', 'asc'),
    select: {
      id: true,
      lastName: true,
      firstName: true,
      email: true,
      phone: true,
      companyName: true,
      taxNumber: true,
      group: { select: { name: true } },
      newsletter: true,
      createdAt: true,
      lastLoginAt: true,
    },
  });
  const stats = await orderStatsByUser(
    prisma,
    users.map((user) => user.id),
  );
  return csvFile(
    'vasarlok',
    CSV_HEADERS,
    users.map((user) => {
      const userStats = stats.get(user.id) ?? NO_ORDER_STATS;
      return [
        user.id,
        user.lastName,
        user.firstName,
        user.email,
        user.phone,
        user.companyName,
        user.taxNumber,
        user.group?.name ?? null,
        user.newsletter ? 'igen' : 'nem',
        userStats.orderCount,
        userStats.totalSpent,
        csvDate(user.createdAt),
        csvDate(user.lastLoginAt),
      ];
    }),
    now,
  );
}
