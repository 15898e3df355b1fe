import { randomBytes } from 'node:crypto';
import { Prisma, type PrismaClient } from '@shop/db';
import { DomainError } from '../errors';
import type {
  TStaffActivity,
  TStaffInviteInput,
  TStaffMember,
  TStaffRole,
  TStaffRoleCreateInput,
  TStaffRoleUpdateInput,
  TStaffUpdateInput,
} from '../schemas';
import { enqueueStaffInviteEmail } from './email/password-reset-mail';
import { auditEntriesBy } from './orders/order-audit';
import { EMAIL_TAKEN_MESSAGE } from './user';

/**
 * The shop's team: the owner (an admin without a staff role, who may do everything) and staff, each
 * with a role that names what they may do (schemas/permissions.ts). The session carries the role's
 * permissions (services/session.ts) and every admin procedure checks its own (trpc.ts).
 */

const ROLE_NOT_FOUND = 'A szerepkör nem található.';
const STAFF_NOT_FOUND = 'A munkatárs nem található.';
const ROLE_NAME_TAKEN = 'Már van ilyen nevű szerepkör.';

const roleSelect = {
  id: true,
  name: true,
  builtIn: true,
  permissions: true,
  refundLimit: true,
  _count: { select: { users: true } },
} as const satisfies Prisma.StaffRoleSelect;

function toRole({ _count, ...role }: Prisma.StaffRoleGetPayload<{ select: typeof roleSelect }>): TStaffRole {
  return { ...role, permissions: role.permissions as TStaffRole['permissions'], memberCount: _count.users };
}

function nameTaken(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

export async function listStaffRoles(prisma: PrismaClient): Promise<TStaffRole[]> {
  const roles = await prisma.staffRole.findMany({ orderBy: [{ name: 'asc' }], select: roleSelect });
  return roles.map(toRole);
}

export async function createStaffRole(
  prisma: PrismaClient,
  input: TStaffRoleCreateInput,
): Promise<TStaffRole> {
  try {
    return toRole(await prisma.staffRole.create({ data: input, select: roleSelect }));
  } catch (error) {
    if (nameTaken(error))
      throw new DomainError('conflict', ROLE_NAME_TAKEN, [{ path: 'name', message: ROLE_NAME_TAKEN }]);
    throw error;
  }
}

/** A changed role takes effect on its members' next request: sessions read the role each time. */
export async function updateStaffRole(
  prisma: PrismaClient,
  { id, ...changes }: TStaffRoleUpdateInput,
): Promise<TStaffRole> {
  try {
    return toRole(await prisma.staffRole.update({ where: { id }, data: changes, select: roleSelect }));
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2025') {
      throw new DomainError('not_found', ROLE_NOT_FOUND);
    }
    if (nameTaken(error))
      throw new DomainError('conflict', ROLE_NAME_TAKEN, [{ path: 'name', message: ROLE_NAME_TAKEN }]);
    throw error;
  }
}

/** Only a role nobody holds may go, so no one is left with permissions from a role that is gone. */
export async function deleteStaffRole(prisma: PrismaClient, id: number): Promise<void> {
  const role = await prisma.staffRole.findUnique({ where: { id }, select: roleSelect });
  if (!role) throw new DomainError('not_found', ROLE_NOT_FOUND);
  if (role._count.users > 0) {
    throw new DomainError(
      'conflict',
      `${role._count.users} munkatárs szerepköre ez: előbb adj nekik másikat, aztán törölheted.`,
    );
  }
  await prisma.staffRole.delete({ where: { id } });
}

const staffSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  createdAt: true,
  lastLoginAt: true,
  suspendedAt: true,
  staffRole: { select: { id: true, name: true } },
} as const satisfies Prisma.UserSelect;

function toStaff(row: Prisma.UserGetPayload<{ select: typeof staffSelect }>): TStaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.staffRole,
    invitedAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
  };
}

/** The owner(s) first, then staff by name. */
export async function listStaff(prisma: PrismaClient): Promise<TStaffMember[]> {
  const rows = await prisma.user.findMany({
    where: { role: 'admin', anonymizedAt: null },
    orderBy: [{ staffRoleId: { sort: 'asc', nulls: 'first' } }, { lastName: 'asc' }, { firstName: 'asc' }],
    select: staffSelect,
  });
  return rows.map(toStaff);
}

async function assertRoleExists(db: Prisma.TransactionClient | PrismaClient, id: number): Promise<void> {
  const role = await db.staffRole.findUnique({ where: { id }, select: { id: true } });
  if (!role) throw new DomainError('not_found', ROLE_NOT_FOUND, [{ path: 'role', message: ROLE_NOT_FOUND }]);
}

/**
 * A new staff account and its invitation, all or nothing. The account has no usable password: the
 * invitation's link (made when the e-mail is sent, never stored) lets the person set their own.
 */
export async function inviteStaff(prisma: PrismaClient, input: TStaffInviteInput): Promise<TStaffMember> {
  await assertRoleExists(prisma, input.role);
  try {
    return await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email: input.email,
          // Not a hash: nothing verifies against it until the invitation's link sets a password.
          passwordHash: `!meghivo-${randomBytes(12).toString('hex')}`,
          role: 'admin',
          staffRoleId: input.role,
          firstName: input.firstName,
          lastName: input.lastName,
        },
        select: staffSelect,
      });
      await enqueueStaffInviteEmail(tx, input.email);
      return toStaff(user);
    });
  } catch (error) {
    if (nameTaken(error)) {
      throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE, [
        { path: 'email', message: EMAIL_TAKEN_MESSAGE },
      ]);
    }
    throw error;
  }
}

/** A staff member, not the owner: the owner's power is not taken away or handed around here. */
async function findStaff(db: Prisma.TransactionClient | PrismaClient, id: number) {
  const user = await db.user.findUnique({
    where: { id },
    select: { role: true, staffRoleId: true, anonymizedAt: true, suspendedAt: true },
  });
  if (user?.role !== 'admin' || user.anonymizedAt) throw new DomainError('not_found', STAFF_NOT_FOUND);
  if (user.staffRoleId === null) {
    throw new DomainError('conflict', 'A bolt tulajdonosának nincs szerepköre, és nem függeszthető fel.');
  }
  return user;
}

export async function changeStaffRole(prisma: PrismaClient, input: TStaffUpdateInput): Promise<TStaffMember> {
  await findStaff(prisma, input.id);
  await assertRoleExists(prisma, input.role);
  const user = await prisma.user.update({
    where: { id: input.id },
    data: { staffRoleId: input.role },
    select: staffSelect,
  });
  return toStaff(user);
}

/** Suspended at once: the account's sessions end in the same transaction, so no open tab keeps working. */
export async function suspendStaff(
  prisma: PrismaClient,
  id: number,
  now = new Date(),
): Promise<TStaffMember> {
  return prisma.$transaction(async (tx) => {
    const staff = await findStaff(tx, id);
    await tx.session.deleteMany({ where: { userId: id } });
    await tx.trustedDevice.deleteMany({ where: { userId: id } });
    const user = await tx.user.update({
      where: { id },
      // A second press keeps the first moment.
      data: { suspendedAt: staff.suspendedAt ?? now },
      select: staffSelect,
    });
    return toStaff(user);
  });
}

export async function resumeStaff(prisma: PrismaClient, id: number): Promise<TStaffMember> {
  await findStaff(prisma, id);
  const user = await prisma.user.update({ where: { id }, data: { suspendedAt: null }, select: staffSelect });
  return toStaff(user);
}

/** What one admin (staff or owner) changed on orders, newest first. */
export async function staffActivity(prisma: PrismaClient, id: number): Promise<TStaffActivity> {
  const user = await prisma.user.findUnique({ where: { id }, select: { role: true } });
  if (user?.role !== 'admin') throw new DomainError('not_found', STAFF_NOT_FOUND);
  return { items: await auditEntriesBy(prisma, id) };
}
