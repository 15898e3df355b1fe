import type { PrismaClient } from '@shop/db';
import { bumpCacheVersion, type VersionedCache } from '../../cache';
import type { TPickupCarrier } from '../../schemas';
import { withArticle } from '../../schemas/hungarian';
import { type FeedPoint, searchTextOf } from './point-text';

/** Drops every server's in-memory copy of the points (search.ts) when an import commits. */
export const PICKUP_POINTS_CACHE_KEY = 'pickup-points';

export type ImportResult = {
  /** Points the feed lists as open, now active. */
  active: number;
  /** Points turned inactive by this import: listed closed, or no longer listed. */
  deactivated: number;
};

/**
 * Writes one carrier's feed in one transaction: every listed point is inserted or updated (one
 * statement for the whole list), its `seenAt` set; points of the carrier the feed no longer lists, or
 * lists as closed, become inactive. Rows are never deleted: orders keep their own snapshot, and a
 * point that comes back is active again under the same id. An empty feed is refused rather than
 * closing every point of the carrier: a carrier's list is never empty, a broken download may be.
 */
export async function importPickupPoints(
  deps: { prisma: PrismaClient; cache?: VersionedCache },
  carrier: TPickupCarrier,
  feed: readonly FeedPoint[],
  now = new Date(),
): Promise<ImportResult> {
  // A feed listing one id twice keeps the last entry (one upsert may not touch a row twice).
  const points = [...new Map(feed.map((point) => [point.externalId, point])).values()];
  if (points.length === 0)
    throw new Error(
      `${withArticle(carrier, { capital: true })} csomagpontlistája üres, a régi pontok maradnak.`,
    );
  const column = <K extends keyof FeedPoint>(name: K) => points.map((point) => point[name]);
  const result = await deps.prisma.$transaction(
    async (tx) => {
      const before = await tx.pickupPoint.findMany({
        where: { carrier, active: true },
        select: { externalId: true },
      });
      await tx.$executeRaw`
        INSERT INTO "PickupPoint" (carrier, "externalId", kind, name, postcode, city, street, lat, lng, hours,
          "findMe", "searchText", active, "seenAt", "updatedAt")
        SELECT ${carrier}, p."externalId", p.kind, p.name, p.postcode, p.city, p.street, p.lat, p.lng,
          p.hours::jsonb, p."findMe", p."searchText", p.active, ${now}::timestamp, ${now}::timestamp
        FROM unnest(${column('externalId')}::text[], ${column('kind')}::text[], ${column('name')}::text[],
          ${column('postcode')}::text[], ${column('city')}::text[], ${column('street')}::text[],
          ${column('lat')}::float8[], ${column('lng')}::float8[],
          ${points.map((point) => JSON.stringify(point.hours))}::text[], ${column('findMe')}::text[],
          ${points.map(searchTextOf)}::text[], ${column('active')}::boolean[])
          AS p("externalId", kind, name, postcode, city, street, lat, lng, hours, "findMe", "searchText", active)
        ON CONFLICT (carrier, "externalId") DO UPDATE SET
          kind = EXCLUDED.kind, name = EXCLUDED.name, postcode = EXCLUDED.postcode, city = EXCLUDED.city,
          street = EXCLUDED.street, lat = EXCLUDED.lat, lng = EXCLUDED.lng, hours = EXCLUDED.hours,
          "findMe" = EXCLUDED."findMe", "searchText" = EXCLUDED."searchText", active = EXCLUDED.active,
          "seenAt" = EXCLUDED."seenAt", "updatedAt" = EXCLUDED."updatedAt"`;
      await tx.$executeRaw`
        UPDATE "PickupPoint" SET active = false, "updatedAt" = ${now}::timestamp
        WHERE carrier = ${carrier} AND active AND "seenAt" < ${now}::timestamp`;
      const open = new Set(points.filter((point) => point.active).map((point) => point.externalId));
      const active = open.size;
      await tx.pickupPointFeed.upsert({
        where: { carrier },
        create: { carrier, lastImportedAt: now, pointCount: active, lastError: null },
        update: { lastImportedAt: now, pointCount: active, lastError: null },
        select: { carrier: true },
      });
      await bumpCacheVersion(tx, PICKUP_POINTS_CACHE_KEY);
      return { active, deactivated: before.filter((point) => !open.has(point.externalId)).length };
    },
    { timeout: 60_000 },
  );
  deps.cache?.invalidate(PICKUP_POINTS_CACHE_KEY);
  return result;
}
