import type { PrismaClient } from '@shop/db';
import { bumpCacheVersion, type VersionedCache } from '../cache';
import type { TBarionPixelSetting, TBarionPixelUpdateInput } from '../schemas';

/**
 * The shop's Barion Pixel ID (`ShopSetting.barionPixelId`). Every shop page's head carries the Pixel's
 * base code when one is set (apps/server seo-routes), so each server keeps the ID in memory; saving it
 * bumps the 'barion-pixel' cache version, and every server reads it again within a second.
 */

const SHOP_SETTING_ID = 1;
export const BARION_PIXEL_CACHE_KEY = 'barion-pixel';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export async function getBarionPixelSetting(prisma: PrismaClient): Promise<TBarionPixelSetting> {
  const row = await prisma.shopSetting.findUnique({
    where: { id: SHOP_SETTING_ID },
    select: { barionPixelId: true, updatedAt: true },
  });
  return { barionPixelId: row?.barionPixelId ?? null, updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** The Pixel ID the shop's pages carry, or null for none (then no Pixel code and no Barion hosts in the CSP). */
export function getBarionPixelId({ prisma, cache }: Deps): Promise<string | null> {
  return cache.get(BARION_PIXEL_CACHE_KEY, async () => (await getBarionPixelSetting(prisma)).barionPixelId);
}

export async function updateBarionPixelId(
  { prisma, cache }: Deps,
  input: TBarionPixelUpdateInput,
): Promise<TBarionPixelSetting> {
  const saved = await prisma.$transaction(async (tx) => {
    const row = await tx.shopSetting.upsert({
      where: { id: SHOP_SETTING_ID },
      create: { id: SHOP_SETTING_ID, barionPixelId: input.barionPixelId },
      update: { barionPixelId: input.barionPixelId },
      select: { barionPixelId: true, updatedAt: true },
    });
    await bumpCacheVersion(tx, BARION_PIXEL_CACHE_KEY);
    return row;
  });
  cache.invalidate(BARION_PIXEL_CACHE_KEY);
  return { barionPixelId: saved.barionPixelId, updatedAt: saved.updatedAt.toISOString() };
}
