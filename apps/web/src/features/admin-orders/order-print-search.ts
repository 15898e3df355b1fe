/** URL of the print view: `/admin/order/print?ids=12,15&kind=picking`. */
export type OrderPrintSearch = { ids: string; kind: 'packing' | 'picking' };

/** The order ids of the print view's `ids` parameter: positive, distinct, at most 200. */
export function printIds(ids: string): number[] {
  return [
    ...new Set(
      ids
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31),
    ),
  ].slice(0, 200);
}

/** Hand-written instead of zod, like the other search parsers in the shopper's route tree. */
export function parseOrderPrintSearch(search: Record<string, unknown>): OrderPrintSearch {
  const raw = typeof search.ids === 'number' || typeof search.ids === 'string' ? String(search.ids) : '';
  return { ids: printIds(raw).join(','), kind: search.kind === 'picking' ? 'picking' : 'packing' };
}
