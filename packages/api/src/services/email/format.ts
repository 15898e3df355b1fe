/**
 * Prices and times in e-mails, written as the shop's screens write them (packages/ui/src/format.ts,
 * which the API may not import): "12 990 Ft" with no-break spaces, Budapest time "2026. 11. 23. 14:05".
 */
import { budapestParts } from '../budapest-time';

const NBSP = '\u00a0';

export function formatForint(forints: number): string {
  const digits = Math.abs(Math.round(forints))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${forints < 0 ? '-' : ''}${digits}${NBSP}Ft`;
}

export function formatBudapestTime(value: Date): string {
  const part = budapestParts(value);
  return `${part.year}. ${part.month}. ${part.day}. ${part.hour}:${part.minute}`;
}

/** Budapest calendar day, "2026. 11. 23.". */
export function formatBudapestDate(value: Date): string {
  return formatBudapestTime(value).slice(0, '2026. 11. 23.'.length);
}
