import { coordinate, dayRanges, type FeedPoint, plainText, textOf } from '../point-text';

/** Packeta's v5 feeds (daily): pickup points and boxes, each behind the shop's API key. */
export function packetaFeedUrls(apiKey: string): { branch: string; box: string } {
  const base = `https://pickup-point.api.packeta.com/v5/${encodeURIComponent(apiKey)}`;
  return { branch: `${base}/branch.json?lang=hu`, box: `${base}/box.json?lang=hu` };
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
/** statusId "1" is "in operation"; other statuses (temporarily closed …) are not offered. */
const IN_OPERATION = '1';

function entriesOf(feed: unknown, label: string): Record<string, unknown>[] {
  // v5 answers an array; v4's JSON wrapped the points in `data` (an array or an object by id).
  const list =
    Array.isArray(feed) || typeof feed !== 'object' || feed === null
      ? feed
      : (feed as { data?: unknown }).data;
  const entries = Array.isArray(list) ? list : typeof list === 'object' && list ? Object.values(list) : null;
  if (!entries) throw new Error(`A Packeta ${label} feed nem JSON-tömb.`);
  return entries.filter(
    (entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null,
  );
}

function parseEntries(entries: Record<string, unknown>[], defaultKind: string): FeedPoint[] {
  const points: FeedPoint[] = [];
  for (const entry of entries) {
    const externalId = textOf(entry.id);
    const name = textOf(entry.name);
    if (externalId === '' || name === '') continue;
    if (textOf(entry.country) !== '' && textOf(entry.country).toLowerCase() !== 'hu') continue;
    const hoursOf = (entry.openingHours as { regular?: Record<string, unknown> } | undefined)?.regular ?? {};
    const status = (entry.status as { statusId?: unknown } | undefined)?.statusId;
    points.push({
      externalId,
      kind: entry.type === 'zbox' ? 'Z-BOX' : textOf(entry.type) || defaultKind,
      name,
      postcode: textOf(entry.zip).replace(/\s+/g, ''),
      city: textOf(entry.city),
      street: textOf(entry.street),
      lat: coordinate(entry.latitude, 90),
      lng: coordinate(entry.longitude, 180),
      hours: WEEKDAYS.flatMap((key, index) => dayRanges(index + 1, hoursOf[key])),
      findMe: plainText(entry.directions) ?? plainText(entry.special),
      active:
        (status === undefined || textOf(status) === IN_OPERATION) && textOf(entry.displayFrontend) !== '0',
    });
  }
  return points;
}

/** branch.json (pickup points) and box.json (Z-BOX lockers) of feed v5, Hungarian points only. */
export function parsePacketaFeed(branch: unknown, box: unknown): FeedPoint[] {
  return [
    ...parseEntries(entriesOf(branch, 'branch.json'), 'Z-Pont'),
    ...parseEntries(entriesOf(box, 'box.json'), 'Z-BOX'),
  ];
}
