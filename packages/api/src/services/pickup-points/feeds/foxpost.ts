import { coordinate, dayRanges, type FeedPoint, plainText, textOf } from '../point-text';

/** Foxpost's public list of every locker, updated hourly; no account needed. */
export const FOXPOST_FEED_URL = 'https://cdn.foxpost.hu/foxplus.json';

/** Foxpost's `open` keys, Monday first. */
const WEEKDAYS = ['hetfo', 'kedd', 'szerda', 'csutortok', 'pentek', 'szombat', 'vasarnap'] as const;

/** Packeta points in Foxpost's list are known to Foxpost's parcel API by their place_id only. */
const PLACE_ID_VARIANTS = new Set(['Packeta Z-BOX', 'Packeta Z-Pont']);

/**
 * The id Foxpost's parcel API takes as `destination`: operator_id, or place_id for Packeta Z-BOX and
 * Z-Pont points and when operator_id is empty (anything else is refused with INVALID_APM_ID).
 */
export function foxpostPointId(entry: {
  operator_id?: unknown;
  place_id?: unknown;
  variant?: unknown;
}): string {
  const operatorId = textOf(entry.operator_id);
  const placeId = textOf(entry.place_id);
  if (operatorId === '' || PLACE_ID_VARIANTS.has(textOf(entry.variant))) return placeId;
  return operatorId;
}

/** foxplus.json: a JSON array of lockers. A locker with a closeDate is closing or closed: not offered. */
export function parseFoxpostFeed(feed: unknown): FeedPoint[] {
  if (!Array.isArray(feed)) throw new Error('A Foxpost-lista nem JSON-tömb.');
  const points: FeedPoint[] = [];
  for (const entry of feed as Record<string, unknown>[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const externalId = foxpostPointId(entry);
    const name = textOf(entry.name);
    if (externalId === '' || name === '') continue;
    const open = (typeof entry.open === 'object' && entry.open !== null ? entry.open : {}) as Record<
      string,
      unknown
    >;
    points.push({
      externalId,
      kind: textOf(entry.variant) || null,
      name,
      postcode: textOf(entry.zip),
      city: textOf(entry.city),
      street: textOf(entry.street),
      lat: coordinate(entry.geolat, 90),
      lng: coordinate(entry.geolng, 180),
      hours: WEEKDAYS.flatMap((key, index) => dayRanges(index + 1, open[key])),
      findMe: plainText(entry.findme),
      active: textOf(entry.closeDate) === '',
    });
  }
  return points;
}
