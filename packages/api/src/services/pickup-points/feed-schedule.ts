import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { PICKUP_CARRIERS, type TPickupCarrier } from '../../schemas';
import {
  type PeriodicWorker,
  silentLogger,
  startPeriodicWorker,
  type WorkerLogger,
} from '../periodic-worker';
import { feedAvailable, loadFeed, type PickupFeedSettings } from './feed-sources';
import { importPickupPoints } from './import-points';

/** How often each carrier's list is read: Foxpost publishes hourly, the others change daily. */
export const FEED_INTERVALS_MS: Record<TPickupCarrier, number> = {
  foxpost: 60 * 60_000,
  packeta: 24 * 60 * 60_000,
  gls: 24 * 60 * 60_000,
  mpl: 24 * 60 * 60_000,
};
/** A failed read is tried again this soon instead of after a whole interval. */
export const FEED_RETRY_MS = 15 * 60_000;
/** How often the worker looks for a carrier whose list is due. */
const CHECK_INTERVAL_MS = 5 * 60_000;
const MAX_ERROR_LENGTH = 500;

export type FeedRunResult = { imported: TPickupCarrier[]; failed: TPickupCarrier[] };

type FeedDeps = {
  prisma: PrismaClient;
  cache?: VersionedCache;
  settings: PickupFeedSettings;
  logger?: WorkerLogger;
};

/**
 * Claims one carrier's import for this server: a single upsert that stamps `lastStartedAt` only when
 * the last start is older than the interval (or than the retry time after a failure). Of several
 * servers checking at once exactly one gets the row back; the others see the fresh stamp.
 */
async function claimFeed(prisma: PrismaClient, carrier: TPickupCarrier, now: Date): Promise<boolean> {
  const dueBefore = new Date(now.getTime() - FEED_INTERVALS_MS[carrier]).toISOString();
  const retryBefore = new Date(now.getTime() - FEED_RETRY_MS).toISOString();
  const rows = await prisma.$queryRaw<{ carrier: string }[]>`
    INSERT INTO "PickupPointFeed" (carrier, "lastStartedAt", "updatedAt")
    VALUES (${carrier}, ${now.toISOString()}::timestamp, ${now.toISOString()}::timestamp)
    ON CONFLICT (carrier) DO UPDATE SET "lastStartedAt" = EXCLUDED."lastStartedAt", "updatedAt" = EXCLUDED."updatedAt"
    WHERE "PickupPointFeed"."lastStartedAt" IS NULL
      OR "PickupPointFeed"."lastStartedAt" < ${dueBefore}::timestamp
      OR ("PickupPointFeed"."lastError" IS NOT NULL AND "PickupPointFeed"."lastStartedAt" < ${retryBefore}::timestamp)
    RETURNING carrier`;
  return rows.length === 1;
}

/** One run: every carrier whose list is due and readable is claimed, read and imported. */
export async function runPickupFeedsOnce(deps: FeedDeps, now = () => new Date()): Promise<FeedRunResult> {
  const logger = deps.logger ?? silentLogger;
  const result: FeedRunResult = { imported: [], failed: [] };
  for (const carrier of PICKUP_CARRIERS) {
    if (!feedAvailable(deps.settings, carrier)) continue;
    if (!(await claimFeed(deps.prisma, carrier, now()))) continue;
    try {
      const points = await loadFeed(deps.settings, carrier);
      const imported = await importPickupPoints(deps, carrier, points, now());
      result.imported.push(carrier);
      logger.info({ carrier, ...imported, source: deps.settings.source }, 'pickup points imported');
    } catch (error) {
      result.failed.push(carrier);
      const message = error instanceof Error ? error.message : String(error);
      await deps.prisma.pickupPointFeed.update({
        where: { carrier },
        data: { lastError: message.slice(0, MAX_ERROR_LENGTH) },
        select: { carrier: true },
      });
      logger.warn({ err: error, carrier }, 'pickup point import failed; the old points stay');
    }
  }
  return result;
}

export type PickupFeedWorker = PeriodicWorker<FeedRunResult>;

/** Keeps the point lists fresh on every server; each carrier is imported once per interval across servers. */
export function startPickupFeedWorker({
  intervalMs = CHECK_INTERVAL_MS,
  ...deps
}: FeedDeps & { intervalMs?: number }): PickupFeedWorker {
  return startPeriodicWorker({
    run: () => runPickupFeedsOnce(deps),
    idle: { imported: [], failed: [] },
    intervalMs,
    logger: deps.logger,
    failureMessage: 'pickup point feed run failed',
  });
}
