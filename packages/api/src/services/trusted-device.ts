import type { Prisma, PrismaClient } from '@shop/db';
import { generateToken, hashToken } from './session';

/**
 * A browser that has signed in to an account gets a device token (kept in its storage, sent in the
 * `X-Device-Token` header). It grants nothing by itself: with it, the right password still gets in
 * while somebody else's failures throttle the network it is on (user-throttle.ts).
 * Only the token's hash is stored.
 */
export const DEVICE_TOKEN_HEADER = 'x-device-token';

/** The newest devices an account keeps; signing in on yet another one forgets the oldest. */
export const MAX_TRUSTED_DEVICES = 10;

export type TrustedDeviceRef = { id: number; userId: number };

export async function findTrustedDevice(
  prisma: PrismaClient,
  token: string | null | undefined,
): Promise<TrustedDeviceRef | null> {
  if (!token) return null;
  return prisma.trustedDevice.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true },
  });
}

/**
 * Issues the device token of a successful sign-in: a device the account already knew gets a fresh
 * token in place of the old one (a copied token stops working at the owner's next sign-in), any
 * other browser becomes a known device.
 */
export async function issueDeviceToken(
  tx: Prisma.TransactionClient,
  userId: number,
  knownDeviceId: number | null,
  now: Date = new Date(),
): Promise<string> {
  const token = generateToken();
  const tokenHash = hashToken(token);
  const renewed = knownDeviceId
    ? await tx.trustedDevice.updateMany({
        where: { id: knownDeviceId, userId },
        data: { tokenHash, lastUsedAt: now },
      })
    : { count: 0 };
  if (renewed.count === 0) {
    await tx.trustedDevice.create({
      data: { tokenHash, userId, createdAt: now, lastUsedAt: now },
      select: { id: true },
    });
    const kept = await tx.trustedDevice.findMany({
      where: { userId },
      orderBy: [{ lastUsedAt: 'desc' }, { id: 'desc' }],
      take: MAX_TRUSTED_DEVICES,
      select: { id: true },
    });
    await tx.trustedDevice.deleteMany({ where: { userId, id: { notIn: kept.map((device) => device.id) } } });
  }
  return token;
}
