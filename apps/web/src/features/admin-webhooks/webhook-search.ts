import { positiveInt } from '../../lib/search-params';

/** URL state of the webhook screen: whose delivery log is open, filtered and paged. */
export const DELIVERY_STATUS_KEYS = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatusKey = (typeof DELIVERY_STATUS_KEYS)[number];
export type WebhookSearch = { endpoint?: number; status?: DeliveryStatusKey; page?: number };

/** Hand-written instead of zod: route files are in the bundle every shopper downloads. */
export function parseWebhookSearch(search: Record<string, unknown>): WebhookSearch {
  const endpoint = positiveInt(search.endpoint);
  if (!endpoint) return {};
  const page = positiveInt(search.page);
  return {
    endpoint,
    status: DELIVERY_STATUS_KEYS.find((key) => key === search.status),
    page: page && page > 1 ? page : undefined,
  };
}
