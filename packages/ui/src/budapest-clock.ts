/** The shop's times are stored in UTC and shown as Budapest's clock shows them (spec). */
const TIME_ZONE = 'Europe/Budapest';

export type BudapestParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const HOUR_MS = 3_600_000;

/**
 * Since 1996 Budapest keeps the EU's summer time: UTC+2 from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October, UTC+1 otherwise. Instants before that go to the browser's
 * time-zone data.
 */
const FIRST_RULE_YEAR = 1996;

/** 01:00 UTC on the last Sunday of a month (0-based), when the EU changes its clocks. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Budapest's wall clock at an instant, part by part: the year in four digits, the rest in two
 * ("2026", "03", "09", "00"). By the EU's rule rather than `Intl.DateTimeFormat` with a time zone:
 * making that formatter loads the zone's data, 14 ms of a phone-sized task in the middle of a blog
 * post's hydration. budapest-clock.test.ts checks the rule against the time-zone database.
 */
export function budapestParts(instant: Date | number): BudapestParts {
  const time = typeof instant === 'number' ? instant : instant.getTime();
  const year = new Date(time).getUTCFullYear();
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  // The wall clock as an ISO string read in UTC ("2026-03-29T03:00:00.000Z"; an invalid instant throws
  // a RangeError here) or, before the rule, as Swedish writes it ("1990-05-01 14:00:00"): the same places.
  const wall =
    year < FIRST_RULE_YEAR
      ? new Date(time).toLocaleString('sv-SE', { timeZone: TIME_ZONE })
      : new Date(time + (summer ? 2 : 1) * HOUR_MS).toISOString();
  return {
    year: wall.slice(0, 4),
    month: wall.slice(5, 7),
    day: wall.slice(8, 10),
    hour: wall.slice(11, 13),
    minute: wall.slice(14, 16),
    second: wall.slice(17, 19),
  };
}
