/**
 * What screens say about reviews, without zod: the product page shows reviews in its first chunk, which
 * loads no zod (features/product/lazy-stock-notify.ts says why), so it reads these from here.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The Hungarian name of every status, for the admin's list and the shopper's order page. */
export const REVIEW_STATUS_LABELS: Record<TReviewStatus, string> = {
  pending: 'Moderálásra vár',
  approved: 'Megjelent',
  hidden: 'Elrejtve',
};

/** The page of the shop that says how reviews are checked (seeded, linked beside every review list). */
export const REVIEW_POLICY_PAGE_SLUG = 'ertekelesek-ellenorzese';

/** The mark of a review written from a delivered order, as the product page and the admin show it. */
export const VERIFIED_BUYER_LABEL = 'Ellenőrzött vásárló';
