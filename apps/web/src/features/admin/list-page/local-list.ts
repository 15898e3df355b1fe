/** One page of a list as every admin list shows it: the server's list answers have this shape too. */
export type PagedList<TRow> = { items: readonly TRow[]; page: number; pageSize: number; total: number };

/** The whole of a short list (a shop's few promotions or webhooks) as its one page. */
export function wholeList<TRow>(rows: readonly TRow[]): PagedList<TRow> {
  return { items: rows, page: 1, pageSize: Math.max(rows.length, 1), total: rows.length };
}

/**
 * A page of a list held in the browser (a shop has a handful of keys or banners): a page past the end,
 * left in the URL after rows went away, shows the last page instead of an empty one.
 */
export function pageOf<TRow>(
  rows: readonly TRow[],
  page: number | undefined,
  pageSize: number,
): PagedList<TRow> {
  const last = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = Math.min(page ?? 1, last);
  return {
    items: rows.slice((shown - 1) * pageSize, shown * pageSize),
    page: shown,
    pageSize,
    total: rows.length,
  };
}

/** What a search box's text matches in a browser-held list: trimmed, case folded as Hungarian. */
export function searchNeedle(q: string | undefined): string {
  return (q ?? '').trim().toLocaleLowerCase('hu');
}

/** Whether any of the texts holds the needle (an empty needle holds everywhere). */
export function matchesNeedle(needle: string, ...texts: (string | null | undefined)[]): boolean {
  return !needle || texts.some((text) => text?.toLocaleLowerCase('hu').includes(needle));
}

/** The rows in `compare`'s order, or reversed, without touching the query's own array. */
export function sortedRows<TRow>(
  rows: readonly TRow[],
  compare: (a: TRow, b: TRow) => number,
  desc: boolean | undefined,
): TRow[] {
  return [...rows].sort((a, b) => compare(a, b) * (desc ? -1 : 1));
}
