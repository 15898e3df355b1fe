import type { Trpc } from '../../lib/trpc';

/** A page of a product's approved reviews: the product route's loader and the reviews section share it. */
export const productReviewsOptions = (trpc: Trpc, productId: number, page: number) =>
  trpc.review.byProduct.queryOptions({ product: productId, page }, { staleTime: 60_000 });
