/**
 * Formatting as Hungarians read prices and dates.
 *
 * Price rule (used everywhere): whole forints, thousands grouped with a no-break space (U+00A0)
 * from four digits on, and a no-break space before "Ft" so a price never wraps across lines:
 * 990 Ft, 1 290 Ft, 12 990 Ft, 1 249 000 Ft. Intl's hu-HU format leaves four-digit amounts
 * ungrouped ("1290"), which looks inconsistent next to grouped prices in a list, so the
 * grouping is done here instead of by Intl.
 */

import { budapestParts } from './budapest-clock';

const NBSP = '\u00a0';

export function formatNumber(value: number): string {
  const rounded = Math.round(value);
  const digits = Math.abs(rounded).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return rounded < 0 ? `-${grouped}` : grouped;
}

/** A file's size as Hungarians write it: "850 kB", "6,7 MB", "1,2 GB" (decimal units, comma). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1).replace('.', ',')}${NBSP}GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1).replace('.', ',')}${NBSP}MB`;
  // Under a kilobyte in bytes: a small sheet would otherwise read "0 kB", as if it were empty.
  if (bytes < 1000) return `${formatNumber(bytes)}${NBSP}bájt`;
  return `${formatNumber(bytes / 1000)}${NBSP}kB`;
}

/** Gross price in whole forints, e.g. 12990 → "12 990 Ft". */
export function formatPrice(forints: number): string {
  return `${formatNumber(forints)}${NBSP}Ft`;
}

/**
 * A price as a screen reader should say it, e.g. 12990 → "12990 forint". The digits stay ungrouped:
 * speech engines read a group separator as a pause between two numbers ("12", "990"), and "Ft" is
 * spelled out letter by letter by some of them.
 */
export function spokenPrice(forints: number): string {
  return `${Math.round(forints)} forint`;
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Calendar date in Budapest, e.g. "2026. 11. 21." */
export function formatDate(value: DateInput): string {
  const p = budapestParts(toDate(value));
  return `${p.year}. ${p.month}. ${p.day}.`;
}

/** Date and time in Budapest, e.g. "2026. 11. 21. 14:05" */
export function formatDateTime(value: DateInput): string {
  const p = budapestParts(toDate(value));
  return `${p.year}. ${p.month}. ${p.day}. ${p.hour}:${p.minute}`;
}
