import type { TPickupPointHours } from '../../schemas';

/** A point as a feed describes it, in the shop's shape; `active` is false for a point listed as closed. */
export type FeedPoint = {
  externalId: string;
  kind: string | null;
  name: string;
  postcode: string;
  city: string;
  street: string;
  lat: number | null;
  lng: number | null;
  hours: TPickupPointHours;
  findMe: string | null;
  active: boolean;
};

/** Lower case without accents: "Újpest" and "ujpest" search alike. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What the picker's search looks in: name, postcode, city and street, folded. */
export function searchTextOf(point: Pick<FeedPoint, 'name' | 'postcode' | 'city' | 'street'>): string {
  return foldText([point.name, point.postcode, point.city, point.street].join(' '));
}

/** Feed text to plain text: tags dropped, the few entities feeds use decoded, spaces collapsed. */
export function plainText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/<br\s*\/?>|<\/p>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text;
}

export function textOf(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** A coordinate given as a number or a numeric string; null when missing or out of range. */
export function coordinate(value: unknown, limit: 90 | 180): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || Math.abs(number) > limit) return null;
  // 0,0 is the sea off Africa: a feed's way of saying it does not know.
  return number === 0 ? null : number;
}

const CLOCK = /^(\d{1,2})[:.](\d{2})$/;

/** "8:00" → "08:00"; "23:59" (a feed's end of day) → "24:00"; null when it is no time of day. */
export function clock(text: string): string | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  if (hours === 23 && minutes === 59) return '24:00';
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/**
 * One day's opening hours written as text: "08:00-20:00", "09:00–12:00, 13:00–18:00" (any dash),
 * "00:00-24:00". Anything else ("", "Zárva", null) is a closed day.
 */
export function dayRanges(day: number, text: unknown): TPickupPointHours {
  if (typeof text !== 'string') return [];
  const ranges: TPickupPointHours = [];
  for (const part of text.split(/[,;]/)) {
    const [from, to, ...rest] = part.split(/\s*[-–—]\s*/);
    if (from === undefined || to === undefined || rest.length > 0) continue;
    const open = clock(from);
    const close = clock(to);
    if (open && close && open < close) ranges.push({ day, open, close });
  }
  return ranges;
}
