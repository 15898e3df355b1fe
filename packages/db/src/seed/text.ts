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
