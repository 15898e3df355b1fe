import type { TReviewStatus } from '@shop/api/schemas/review-labels';
import { positiveInt } from '../../lib/search-params';

/**
 * URL state of the review moderation list (CONTRIBUTING.md, "The web app": list state lives in the URL).
 * Without `status` the list is the moderation queue (pending); `all` shows every review.
 */
export type ReviewListSearch = { status?: TReviewStatus | 'all'; page?: number };

// Written out instead of imported from the zod schemas: this file sits in the route tree every shopper
// downloads. They match REVIEW_STATUSES (schemas/review-labels.ts) and the list's "all".
const FILTERS: readonly (TReviewStatus | 'all')[] = ['approved', 'hidden', 'all'];

export function parseReviewListSearch(search: Record<string, unknown>): ReviewListSearch {
  const page = positiveInt(search.page);
  return {
    status: FILTERS.find((filter) => filter === search.status),
    page: page && page > 1 ? page : undefined,
  };
}
