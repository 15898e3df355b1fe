/** The tabs of /services/account, in the URL (`?tab=cimeim`) so a reload or a shared link keeps the view. */
export const ACCOUNT_TABS = [
  'adataim',
  'rendeleseim',
  'cimeim',
  'kedvencek',
  'jelszo',
  'adatvedelem',
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
export type AccountSearch = { tab?: AccountTab };

/** Hand-written instead of zod: route files are in the bundle every shopper downloads. */
export function parseAccountSearch(search: Record<string, unknown>): AccountSearch {
  const tab = ACCOUNT_TABS.find((candidate) => candidate === search.tab);
  return tab && tab !== 'adataim' ? { tab } : {};
}
