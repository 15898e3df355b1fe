/** URL state of the Munkatársak screen: which tab is open (list state lives in the URL). */
export type StaffTab = 'team' | 'roles';
export type StaffSearch = { tab?: 'roles' };

/** Hand-written instead of zod: this file sits in the route tree every shopper downloads. */
export function parseStaffSearch(search: Record<string, unknown>): StaffSearch {
  return search.tab === 'roles' ? { tab: 'roles' } : {};
}
