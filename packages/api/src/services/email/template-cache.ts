import type { Prisma, PrismaClient } from '@shop/db';
import { bumpCacheVersion, cacheFor, type VersionedCache } from '../../cache';

export type CachedTemplate = { subject: string; bodyHtml: string };

const TEMPLATES_CACHE_KEY = 'email-template';

/**
 * Every e-mail template, from memory: an order's confirmation is rendered on every order, and the
 * handful of templates changes only when an admin edits one (which bumps the version, so every server
 * reads them again within a poll interval). Null when no template has this key.
 */
export async function cachedEmailTemplate(
  deps: { prisma: PrismaClient; cache: VersionedCache },
  key: string,
): Promise<CachedTemplate | null> {
  const templates = await deps.cache.get(TEMPLATES_CACHE_KEY, async () => {
    const rows = await deps.prisma.emailTemplate.findMany({
      select: { key: true, subject: true, bodyHtml: true },
    });
    return new Map(rows.map(({ key, ...template }) => [key, template]));
  });
  return templates.get(key) ?? null;
}

/** Call in the transaction that writes a template. */
export function bumpEmailTemplates(tx: Prisma.TransactionClient): Promise<void> {
  return bumpCacheVersion(tx, TEMPLATES_CACHE_KEY);
}

/** Call after that transaction committed, so this server sees the change at once. */
export function invalidateEmailTemplates(prisma: PrismaClient): void {
  cacheFor(prisma).invalidate(TEMPLATES_CACHE_KEY);
}
