/** URL slug: Hungarian accents stripped (ő → o, ű → u), lower case, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A search result's description (at most 160 characters): spaces collapsed and cut after a whole word, so no
 * stored text ends in a space that a form or an import (which trim what they read) would count as a change.
 */
export function metaDescriptionOf(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= 160) return collapsed;
  const cut = collapsed.slice(0, 161);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, 160)).trimEnd();
}

const MEASURE_UNITS: Record<string, { family: string; factor: number }> = {
  ml: { family: 'volume', factor: 1 },
  cl: { family: 'volume', factor: 10 },
  dl: { family: 'volume', factor: 100 },
  l: { family: 'volume', factor: 1000 },
  g: { family: 'mass', factor: 1 },
  dkg: { family: 'mass', factor: 10 },
  kg: { family: 'mass', factor: 1000 },
  mm: { family: 'length', factor: 1 },
  cm: { family: 'length', factor: 10 },
  m: { family: 'length', factor: 1000 },
};

/** "0,75 l" as 750 of volume; null for a value that is not one quantity in a unit ("20×30 cm", "kék"). */
function measureOf(value: string): { family: string; amount: number } | null {
  const match = /^(\d+(?:,\d+)?)\s*([a-z]+)$/i.exec(value.trim());
  const unit = match ? MEASURE_UNITS[match[2]!.toLowerCase()] : undefined;
  if (!match || !unit) return null;
  return { family: unit.family, amount: Number(match[1]!.replace(',', '.')) * unit.factor };
}

/**
 * The order a filter lists a property's values in: quantities of one kind by size (1 dl, 0,3 l, 0,75 l,
 * 1 l), anything else alphabetically with numbers by value.
 */
export function compareFilterValues(a: string, b: string): number {
  const [first, second] = [measureOf(a), measureOf(b)];
  if (first && second && first.family === second.family && first.amount !== second.amount) {
    return first.amount - second.amount;
  }
  return a.localeCompare(b, 'hu', { numeric: true });
}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/**
 * Forints the way the demo texts write them: thousands grouped with a
 * non-breaking space also for four digits ("1 990 Ft"), so a price never
 * wraps across lines.
 */
export function formatForint(amount: number): string {
  const grouped = String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${grouped}\u00a0Ft`;
}

/** The closest shop price at or below `amount` that ends in 90 (e.g. 12 990), at least 190. */
export function priceEndingIn90(amount: number): number {
  return Math.max(190, Math.floor((amount + 10) / 100) * 100 - 10);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
