import { randomBytes } from 'node:crypto';
import type { Prisma } from '../generated/prisma/client';
import { hashPassword } from '../passwords';
import type { SeedContext } from './seed-context';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.hu';
const MIN_PASSWORD_LENGTH = 8;

export type SeededAdmin = { email: string; generatedPassword?: string };

type AdminOptions = { adminEmail?: string | undefined; adminPassword?: string | undefined };

/** Checked before anything is written, so a bad configuration fails at once. */
export function assertAdminOptions(opts: AdminOptions): void {
  if (opts.adminPassword && opts.adminPassword.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`Az ADMIN_PASSWORD legalább ${MIN_PASSWORD_LENGTH} karakter hosszú legyen`);
  }
}

/**
 * The first admin account, created only while the shop has no admin at all.
 * Without a configured password a strong one is generated and handed back
 * once; it is stored only as a hash.
 */
export async function seedAdmin(
  tx: Prisma.TransactionClient,
  ctx: SeedContext,
  opts: AdminOptions,
): Promise<SeededAdmin | null> {
  if ((await tx.user.count({ where: { role: 'admin' } })) > 0) {
    ctx.log('admin: már van adminisztrátor, változatlan');
    return null;
  }
  const email = (opts.adminEmail?.trim() || DEFAULT_ADMIN_EMAIL).toLowerCase();
  assertAdminOptions(opts);
  const configured = opts.adminPassword || undefined;
  const taken = await tx.user.findUnique({ where: { email }, select: { id: true } });
  if (taken) {
    throw new Error(
      `Az első adminisztrátor nem hozható létre: a megadott cím (${email}) már egy vásárlói fiókhoz tartozik`,
    );
  }
  const password = configured ?? randomBytes(18).toString('base64url');
  await tx.user.create({
    data: {
      email,
      passwordHash: await hashPassword(password),
      role: 'admin',
      firstName: 'Adminisztrátor',
      lastName: 'Bolt',
    },
  });
  ctx.log(`admin: létrehozva (${email})`);
  return configured === undefined ? { email, generatedPassword: password } : { email };
}
