import type { TPickupPointHours } from '../../../schemas';
import { clock, coordinate, type FeedPoint, plainText, textOf } from '../point-text';

/** GLS Hungary's public list of parcel shops and lockers; no authentication. */
export const GLS_FEED_URL = 'https://map.gls-hungary.com/data/deliveryPoints/hu.json';

/** `hours: [[weekday 1–7, "08:00", "20:30"], …]`. */
function hoursOf(value: unknown): TPickupPointHours {
  if (!Array.isArray(value)) return [];
  const hours: TPickupPointHours = [];
  for (const row of value) {
    if (!Array.isArray(row)) continue;
    const [day, from, to] = row as unknown[];
    const open = clock(textOf(from));
    const close = clock(textOf(to));
    if (typeof day === 'number' && day >= 1 && day <= 7 && open && close && open < close) {
      hours.push({ day, open, close });
    }
  }
  return hours;
}

/** hu.json: `{items: [{id, name, description, contact{postalCode, city, address}, location[lat, lng], hours}]}`. */
export function parseGlsFeed(feed: unknown): FeedPoint[] {
  const items = (feed as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new Error('A GLS-lista nem {items: [...]} alakú.');
  const points: FeedPoint[] = [];
  for (const item of items as Record<string, unknown>[]) {
    if (typeof item !== 'object' || item === null) continue;
    const externalId = textOf(item.id);
    const name = textOf(item.name);
    if (externalId === '' || name === '') continue;
    const contact = (item.contact ?? {}) as Record<string, unknown>;
    const location = Array.isArray(item.location) ? (item.location as unknown[]) : [];
    const locker = /automata|locker/i.test(`${externalId} ${name} ${textOf(item.description)}`);
    points.push({
      externalId,
      kind: locker ? 'GLS Csomagautomata' : 'GLS CsomagPont',
      name,
      postcode: textOf(contact.postalCode),
      city: textOf(contact.city),
      street: textOf(contact.address),
      lat: coordinate(location[0], 90),
      lng: coordinate(location[1], 180),
      hours: hoursOf(item.hours),
      findMe: plainText(item.description),
      active: true,
    });
  }
  return points;
}
