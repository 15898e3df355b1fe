import { positiveInt } from '../../lib/search-params';

/** URL state of the outbox list; the statuses match OUTBOX_STATUSES of @shop/api/schemas. */
export const OUTBOX_STATUS_KEYS = ['pending', 'sent', 'failed'] as const;
export type OutboxStatusKey = (typeof OUTBOX_STATUS_KEYS)[number];
export type OutboxSearch = { status?: OutboxStatusKey; q?: string; page?: number };

/** Hand-written instead of zod: route files are in the bundle every shopper downloads. */
export function parseOutboxSearch(search: Record<string, unknown>): OutboxSearch {
  const status = OUTBOX_STATUS_KEYS.find((key) => key === search.status);
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const raw = positiveInt(search.page);
  const page = raw && raw > 1 && raw < 100_000 ? raw : undefined;
  return { status, q, page };
}
