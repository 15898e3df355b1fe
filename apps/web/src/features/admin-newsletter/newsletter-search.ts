import { positiveInt } from '../../lib/search-params';

/**
 * URL state of the admin's newsletter list (CONTRIBUTING.md, "The web app": list state lives in the URL);
 * `email` opens the register of that address. The statuses match NEWSLETTER_STATUSES of @shop/api/schemas,
 * written out because route files are in the bundle every shopper downloads.
 */
export const NEWSLETTER_STATUS_KEYS = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatusKey = (typeof NEWSLETTER_STATUS_KEYS)[number];
export type NewsletterListSearch = {
  q?: string;
  status?: NewsletterStatusKey;
  page?: number;
  email?: string;
};

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 254) : undefined;

export function parseNewsletterListSearch(search: Record<string, unknown>): NewsletterListSearch {
  const page = positiveInt(search.page);
  return {
    q: text(search.q),
    status: NEWSLETTER_STATUS_KEYS.find((key) => key === search.status),
    page: page && page > 1 && page < 100_000 ? page : undefined,
    email: text(search.email),
  };
}
