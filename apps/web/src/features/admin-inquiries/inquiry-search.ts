import type { TInquirySortField, TInquiryStatus } from '@shop/api/schemas';
import { positiveInt } from '../../lib/search-params';

/**
 * URL state of the contact-message and offer-request lists: list state lives in the URL
 * (CONTRIBUTING.md, "The web app").
 */
export type InquiryListSearch = {
  q?: string;
  status?: TInquiryStatus;
  sort?: TInquirySortField;
  /** Oldest first; the lists start with the newest. */
  asc?: boolean;
  page?: number;
};

// Written out instead of imported: this file sits in the route tree every shopper downloads, and the
// schemas (zod) must stay in the admin chunk. They match INQUIRY_STATUSES and INQUIRY_SORT_FIELDS.
const STATUSES: readonly TInquiryStatus[] = ['new', 'answered', 'closed'];
const SORTS: readonly TInquirySortField[] = ['createdAt', 'name', 'email', 'status'];

export function parseInquiryListSearch(search: Record<string, unknown>): InquiryListSearch {
  const q = typeof search.q === 'string' && search.q.trim() ? search.q.slice(0, 200) : undefined;
  const page = positiveInt(search.page);
  return {
    q,
    status: STATUSES.find((status) => status === search.status),
    sort: SORTS.find((sort) => sort === search.sort && sort !== 'createdAt'),
    asc: search.asc === true || search.asc === 'true' || undefined,
    page: page && page > 1 ? page : undefined,
  };
}
