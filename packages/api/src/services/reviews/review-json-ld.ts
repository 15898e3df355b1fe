import type { PrismaClient } from '@shop/db';
import { reviewsForStructuredData } from './shopper-reviews';

/** How many of the newest approved reviews a product page's structured data carries. */
const REVIEWS_IN_JSON_LD = 5;

/**
 * schema.org `aggregateRating` and `review` of a product's approved reviews, to spread into its Product or
 * ProductGroup; nothing while it has none, since a rating of zero reviews is not valid structured data.
 */
export async function reviewJsonLd(
  deps: { prisma: PrismaClient },
  productId: number,
): Promise<Record<string, unknown>> {
  const { summary, reviews } = await reviewsForStructuredData(deps, productId, REVIEWS_IN_JSON_LD);
  if (summary.count === 0 || summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.authorName },
      datePublished: review.createdAt.slice(0, 10),
      ...(review.title ? { name: review.title } : {}),
      reviewBody: review.body,
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    })),
  };
}
