/**
 * A date-time field (`<input type="datetime-local">`) holds a wall-clock time without a zone; the shop's
 * times are Budapest times (stored UTC, shown Europe/Budapest: ARCHITECTURE.md, "Money and time"), whatever
 * zone the admin's computer is set to. These two convert between that field's text and a UTC instant.
 */
import { budapestParts } from './budapest-clock';

/** How far Budapest's clock is ahead of UTC at an instant, in milliseconds (1 or 2 hours). */
function budapestOffsetMs(instant: number): number {
  const p = budapestParts(instant);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** An instant as the field shows it in Budapest: "2026-11-24T09:30"; "" for no value. */
export function toBudapestInput(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = new Date(value).getTime();
  if (Number.isNaN(instant)) return '';
  const p = budapestParts(instant);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * The field's Budapest wall-clock text as a UTC ISO string; undefined when empty or unreadable. The
 * offset is looked up twice, so times next to the spring and autumn clock changes land right.
 */
export function fromBudapestInput(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return undefined;
  const guess = asUtc - budapestOffsetMs(asUtc);
  return new Date(asUtc - budapestOffsetMs(guess)).toISOString();
}
