import type { TPickupPointHours } from '@shop/api/schemas';

export const WEEKDAY_NAMES = [
  'hétfő',
  'kedd',
  'szerda',
  'csütörtök',
  'péntek',
  'szombat',
  'vasárnap',
] as const;

const WEEKDAY_NUMBERS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const weekdayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Budapest', weekday: 'short' });

/** Today in Budapest as the feeds count days: 1 Monday … 7 Sunday. */
export function budapestWeekday(now = new Date()): number {
  return WEEKDAY_NUMBERS[weekdayFormat.format(now)] ?? 1;
}

/** One day's hours as the shopper reads them: "Éjjel-nappal", "08:00–12:00, 13:00–18:00" or "Zárva". */
export function dayHoursText(hours: TPickupPointHours, day: number): string {
  const ranges = hours.filter((range) => range.day === day);
  if (ranges.length === 0) return 'Zárva';
  if (ranges.some((range) => range.open === '00:00' && range.close === '24:00')) return 'Éjjel-nappal';
  return ranges.map((range) => `${range.open}–${range.close}`).join(', ');
}

/** The week, Monday first, for the expandable opening hours. */
export function weekHours(hours: TPickupPointHours): { day: number; name: string; text: string }[] {
  return WEEKDAY_NAMES.map((name, index) => ({ day: index + 1, name, text: dayHoursText(hours, index + 1) }));
}

/** "350 m", "1,2 km", "24 km". */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} m`;
  const km = metres / 1000;
  return `${km < 10 ? km.toFixed(1).replace('.', ',') : Math.round(km)} km`;
}
