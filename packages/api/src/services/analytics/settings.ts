import type { Prisma, PrismaClient } from '@shop/db';
import { bumpCacheVersion, type VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import type { TAnalyticsPageConfig, TAnalyticsSettings, TAnalyticsSettingsUpdate } from '../../schemas';
import { open, seal } from '../payments/secret-box';

/**
 * The shop's Google Analytics 4 and Meta Pixel settings (one `AnalyticsSetting` row).
 *
 * 1. Each service is on only with its switch and its id; every shop page's head then names it
 *    (apps/server analytics-head.ts), and the browser loads its script only after the visitor's
 *    matching consent (apps/web features/analytics).
 * 2. The Conversions API token is sealed (AES-256-GCM, payments/secret-box.ts) with the server's
 *    encryption key before it is written, like the Barion POS key, and never leaves the server: reads
 *    say only whether one is saved. Without an encryption key a token is refused, never stored in clear.
 * 3. Every server keeps the page config in memory; a write bumps the 'analytics' cache version, so each
 *    server reads it again within a second.
 */

const SETTINGS_ID = 1;
export const ANALYTICS_CACHE_KEY = 'analytics';

export const CAPI_ENCRYPTION_KEY_MISSING =
  'A Conversions API token nem menthető, mert a szerveren nincs titkosítási kulcs, titkosítatlanul pedig nem tároljuk. ' +
  'Állítsd be a SETTINGS_ENCRYPTION_KEY környezeti változót (32 bájt, például: openssl rand -hex 32), indítsd újra a szervert, majd mentsd újra.';

type Deps = { prisma: PrismaClient; cache: VersionedCache; encryptionKey: Buffer | null };

const settingsSelect = {
  ga4Enabled: true,
  ga4MeasurementId: true,
  metaPixelEnabled: true,
  metaPixelId: true,
  metaCapiTokenEncrypted: true,
  updatedAt: true,
} as const satisfies Prisma.AnalyticsSettingSelect;
type SettingsRow = Prisma.AnalyticsSettingGetPayload<{ select: typeof settingsSelect }>;

function readRow(prisma: PrismaClient | Prisma.TransactionClient): Promise<SettingsRow | null> {
  return prisma.analyticsSetting.findUnique({ where: { id: SETTINGS_ID }, select: settingsSelect });
}

function toDto(row: SettingsRow | null, encryptionKey: Buffer | null): TAnalyticsSettings {
  return {
    ga4Enabled: row?.ga4Enabled ?? false,
    ga4MeasurementId: row?.ga4MeasurementId ?? null,
    metaPixelEnabled: row?.metaPixelEnabled ?? false,
    metaPixelId: row?.metaPixelId ?? null,
    metaCapiTokenSet: Boolean(row?.metaCapiTokenEncrypted),
    canStoreCapiToken: encryptionKey !== null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getAnalyticsSettings({
  prisma,
  encryptionKey,
}: Omit<Deps, 'cache'>): Promise<TAnalyticsSettings> {
  return toDto(await readRow(prisma), encryptionKey);
}

/**
 * Replaces the settings (rule 2 for the token): `metaCapiToken` left out keeps the saved one, null
 * removes it, a value replaces it.
 */
export async function updateAnalyticsSettings(
  { prisma, cache, encryptionKey }: Deps,
  {
    metaCapiToken,
    ...fields
  }: Omit<TAnalyticsSettingsUpdate, 'metaCapiTokenSet' | 'canStoreCapiToken' | 'updatedAt'>,
): Promise<TAnalyticsSettings> {
  if (typeof metaCapiToken === 'string' && !encryptionKey) {
    throw new DomainError('conflict', CAPI_ENCRYPTION_KEY_MISSING, [
      { path: 'metaCapiToken', message: CAPI_ENCRYPTION_KEY_MISSING },
    ]);
  }
  const token =
    metaCapiToken === undefined
      ? {}
      : {
          metaCapiTokenEncrypted: metaCapiToken && encryptionKey ? seal(encryptionKey, metaCapiToken) : null,
        };
  const data = { ...fields, ...token };
  const saved = await prisma.$transaction(async (tx) => {
    const row = await tx.analyticsSetting.upsert({
      where: { id: SETTINGS_ID },
      create: { id: SETTINGS_ID, ...data },
      update: data,
      select: settingsSelect,
    });
    await bumpCacheVersion(tx, ANALYTICS_CACHE_KEY);
    return row;
  });
  cache.invalidate(ANALYTICS_CACHE_KEY);
  return toDto(saved, encryptionKey);
}

/** Rule 1: the ids a shop page names, each only while switched on (served from memory, rule 3). */
export function getAnalyticsPageConfig({
  prisma,
  cache,
}: Pick<Deps, 'prisma' | 'cache'>): Promise<TAnalyticsPageConfig> {
  return cache.get(ANALYTICS_CACHE_KEY, async () => {
    const row = await readRow(prisma);
    return {
      ga4: row?.ga4Enabled && row.ga4MeasurementId ? row.ga4MeasurementId : null,
      metaPixel: row?.metaPixelEnabled && row.metaPixelId ? row.metaPixelId : null,
    };
  });
}

/** What the Conversions API needs: the Pixel and its token, when the Pixel is on and a token opens. */
export type MetaCapiAccount = { pixelId: string; accessToken: string };

export async function loadMetaCapiAccount(
  prisma: PrismaClient | Prisma.TransactionClient,
  encryptionKey: Buffer | null,
): Promise<MetaCapiAccount | null> {
  const row = await readRow(prisma);
  if (!row?.metaPixelEnabled || !row.metaPixelId || !row.metaCapiTokenEncrypted || !encryptionKey)
    return null;
  const accessToken = open(encryptionKey, row.metaCapiTokenEncrypted);
  return accessToken ? { pixelId: row.metaPixelId, accessToken } : null;
}
