/** The `?token=` of a newsletter link. */
export type NewsletterLinkSearch = { token?: string };

export function parseNewsletterLinkSearch(search: Record<string, unknown>): NewsletterLinkSearch {
  const token = typeof search.token === 'string' ? search.token.trim().slice(0, 100) : '';
  return token ? { token } : {};
}
