import { coordinate, type FeedPoint, textOf } from '../point-text';

/** MPL's point types a parcel can be picked up at: PostaPont, parcel locker (csomagautomata), post office (postán maradó). */
const TYPES = ['PP', 'CS', 'PM'] as const;

/**
 * MPL keys a point by its exact name and type, not by a number: our id is the type, a colon and the
 * name ("PP:Budapest 62 posta"), which names both for a parcel.
 */
export function mplPointId(type: string, deliveryplace: string): string {
  return `${type}:${deliveryplace}`;
}

/**
 * The answer of `POST /deliveryplace` with an empty query (every point):
 * `[{deliveryplacesQueryResult: {deliveryplace, postCode, city, address, geocodeLat, geocodeLong}, servicePointType: [...]}]`.
 * A place offering several types is one point, of its first type in the order PP, CS, PM.
 */
export function parseMplFeed(feed: unknown): FeedPoint[] {
  if (!Array.isArray(feed)) throw new Error('Az MPL-válasz nem JSON-tömb.');
  const points: FeedPoint[] = [];
  for (const entry of feed as Record<string, unknown>[]) {
    const place = (entry?.deliveryplacesQueryResult ?? null) as Record<string, unknown> | null;
    if (!place) continue;
    const name = textOf(place.deliveryplace);
    const offered = Array.isArray(entry.servicePointType) ? (entry.servicePointType as unknown[]) : [];
    const type = TYPES.find((candidate) => offered.includes(candidate));
    if (name === '' || !type) continue;
    points.push({
      externalId: mplPointId(type, name),
      kind: type,
      name,
      postcode: textOf(place.postCode),
      city: textOf(place.city),
      street: textOf(place.address),
      lat: coordinate(place.geocodeLat, 90),
      lng: coordinate(place.geocodeLong, 180),
      hours: [],
      findMe: null,
      active: true,
    });
  }
  return points;
}
