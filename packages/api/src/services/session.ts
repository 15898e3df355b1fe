import { createHash, randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient, Role } from '@shop/db';
import { permissionAllows, type TPermission } from '../schemas/permissions';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session ends after this much inactivity; every use pushes the end further. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * DAY_MS;
/**
 * However much it is used, a session ends this long after its sign-in: a stolen token, kept alive
 * by its thief's requests, stops working within three months, and the owner signs in again.
 */
export const SESSION_MAX_LIFETIME_MS = 90 * DAY_MS;
/** Refreshing the expiry at most this often keeps a busy client from writing on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionUser = {
  id: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  /**
   * What an admin may do: null for the shop's owner (everything), the role's permissions for staff
   * (schemas/permissions.ts), empty for a customer.
   */
  permissions: readonly string[] | null;
};
export type AuthSession = { id: number; user: SessionUser };

/**
 * Whether the signed-in person may use `permission`: the shop's owner everything, a staff member what
 * the role lists, a customer nothing.
 */
export function sessionAllows(session: AuthSession | null, permission: TPermission): boolean {
  if (session?.user.role !== 'admin') return false;
  const granted = session.user.permissions;
  return granted === null || permissionAllows(granted, permission);
}

/** The shop's owner: an admin without a staff role, who may do everything. */
export function isOwner(user: SessionUser): boolean {
  return user.role === 'admin' && user.permissions === null;
}

/** Only this hash is stored, so a leaked database does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  tx: Prisma.TransactionClient,
  userId: number,
  options: { userAgent?: string | null; now?: Date } = {},
): Promise<string> {
  const token = generateToken();
  const now = options.now ?? new Date();
  await tx.session.create({
    data: {
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: nextExpiry(now, now),
      userAgent: options.userAgent?.slice(0, 500) ?? null,
    },
    select: { id: true },
  });
  return token;
}

/** The end of a session used at `now`: idle timeout from now, but never past its maximum lifetime. */
function nextExpiry(createdAt: Date, now: Date): Date {
  return new Date(
    Math.min(now.getTime() + SESSION_IDLE_TIMEOUT_MS, createdAt.getTime() + SESSION_MAX_LIFETIME_MS),
  );
}

type SessionRow = {
  id: number;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  userId: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  anonymizedAt: Date | null;
  suspendedAt: Date | null;
  staffRoleId: number | null;
  permissions: string[] | null;
};

/** The live session of a token, or null when it is unknown, idle too long, too old or its user is gone. */
export async function findSession(
  prisma: PrismaClient,
  token: string,
  now: Date = new Date(),
): Promise<AuthSession | null> {
  // Every signed-in request starts here: one statement for the session and its user.
  const rows = await prisma.$queryRaw<SessionRow[]>`
    SELECT s.id, s."createdAt", s."lastUsedAt", s."expiresAt", u.id AS "userId", u.email, u.role::text AS role,
           u."firstName", u."lastName", u."anonymizedAt", u."suspendedAt", u."staffRoleId", r.permissions
    FROM "Session" s JOIN "User" u ON u.id = s."userId"
    LEFT JOIN "StaffRole" r ON r.id = u."staffRoleId"
    WHERE s."tokenHash" = ${hashToken(token)}`;
  const session = rows[0];
  if (!session) return null;
  // Sessions from before the maximum lifetime carry a later expiry; their sign-in time decides.
  const expiresAt = Math.min(
    session.expiresAt.getTime(),
    session.createdAt.getTime() + SESSION_MAX_LIFETIME_MS,
  );
  if (expiresAt <= now.getTime() || session.anonymizedAt || session.suspendedAt) {
    await prisma.session.deleteMany({ where: { id: session.id } });
    return null;
  }
  if (now.getTime() - session.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    // updateMany: a concurrent sign-out may have removed the row, which is not an error here.
    await prisma.session.updateMany({
      where: { id: session.id },
      data: { lastUsedAt: now, expiresAt: nextExpiry(session.createdAt, now) },
    });
  }
  return {
    id: session.id,
    user: {
      id: session.userId,
      email: session.email,
      role: session.role,
      firstName: session.firstName,
      lastName: session.lastName,
      permissions: permissionsOf(session),
    },
  };
}

function permissionsOf(
  row: Pick<SessionRow, 'role' | 'staffRoleId' | 'permissions'>,
): readonly string[] | null {
  if (row.role !== 'admin') return [];
  return row.staffRoleId === null ? null : (row.permissions ?? []);
}

export async function revokeSession(prisma: PrismaClient, sessionId: number): Promise<void> {
  await prisma.session.deleteMany({ where: { id: sessionId } });
}
