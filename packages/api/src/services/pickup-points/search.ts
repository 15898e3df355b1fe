import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import {
  PICKUP_SEARCH_DEFAULT_LIMIT,
  type TPickupCarrier,
  type TPickupPoint,
  type TPickupPointHours,
  type TPickupPointSearchInput,
  type TPickupPointSearchOutput,
} from '../../schemas';
import { PICKUP_POINTS_CACHE_KEY } from './import-points';
import { foldText } from './point-text';

type IndexedPoint = {
  point: Omit<TPickupPoint, 'distance'>;
  carrier: TPickupCarrier;
  postcode: string;
  searchText: string;
  lat: number | null;
  lng: number | null;
};

/**
 * Every active point in memory (about 5 000 Foxpost lockers and a few thousand others: a few MB),
 * in postcode order. A search walks the list, which takes about a millisecond; an import drops it
 * on every server (its cache version bump), so a closed point is never offered for longer than the
 * cache's poll.
 */
function loadIndex({ prisma, cache }: { prisma: PrismaClient; cache: VersionedCache }) {
  return cache.get(PICKUP_POINTS_CACHE_KEY, async (): Promise<IndexedPoint[]> => {
    const rows = await prisma.pickupPoint.findMany({
      where: { active: true },
      orderBy: [{ postcode: 'asc' }, { name: 'asc' }, { id: 'asc' }],
      select: {
        carrier: true,
        externalId: true,
        kind: true,
        name: true,
        postcode: true,
        city: true,
        street: true,
        lat: true,
        lng: true,
        hours: true,
        findMe: true,
        searchText: true,
      },
    });
    return rows.map((row) => ({
      point: {
        carrier: row.carrier as TPickupCarrier,
        id: row.externalId,
        kind: row.kind,
        name: row.name,
        address: { postcode: row.postcode, city: row.city, street: row.street },
        hours: row.hours as TPickupPointHours,
        findMe: row.findMe,
        lat: row.lat,
        lng: row.lng,
      },
      carrier: row.carrier as TPickupCarrier,
      postcode: row.postcode,
      searchText: row.searchText,
      lat: row.lat,
      lng: row.lng,
    }));
  });
}

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceMetres(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** 1–4 digits: the start of a postcode ("11" finds 1117). */
const POSTCODE_PREFIX = /^\d{1,4}$/;

/** The picker's test: does this point answer the query? */
function matcher(query: string | undefined): (point: IndexedPoint) => boolean {
  const text = (query ?? '').trim();
  if (text === '') return () => true;
  if (POSTCODE_PREFIX.test(text)) return (point) => point.postcode.startsWith(text);
  const words = foldText(text)
    .split(/[\s,]+/)
    .filter(Boolean);
  return (point) => words.every((word) => point.searchText.includes(word));
}

/**
 * POST /api/pickup-point/search: active points of a carrier (or all), matching the query — a postcode
 * prefix, or every word in the name, city or street regardless of accents — nearest first with their
 * distance when `near` is given, otherwise in postcode order.
 */
export async function searchPickupPoints(
  deps: { prisma: PrismaClient; cache: VersionedCache },
  input: TPickupPointSearchInput,
): Promise<TPickupPointSearchOutput> {
  const index = await loadIndex(deps);
  const limit = input.limit ?? PICKUP_SEARCH_DEFAULT_LIMIT;
  const matches = matcher(input.query);
  const found = index.filter(
    (point) => (!input.carrier || point.carrier === input.carrier) && matches(point),
  );
  const near = input.near;
  if (!near) return { items: found.slice(0, limit).map((entry) => entry.point) };
  const measured = found.map((entry) => ({
    entry,
    distance:
      entry.lat === null || entry.lng === null
        ? Number.POSITIVE_INFINITY
        : distanceMetres(near, { lat: entry.lat, lng: entry.lng }),
  }));
  measured.sort((a, b) => a.distance - b.distance);
  return {
    items: measured
      .slice(0, limit)
      .map(({ entry, distance }) =>
        Number.isFinite(distance) ? { ...entry.point, distance: Math.round(distance) } : entry.point,
      ),
  };
}
