import type { Prisma, PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import { DomainError, MESSAGES } from '../../errors';
import { productPrettySlug } from '../../schemas/product';
import type {
  TAdminReview,
  TReviewListInput,
  TReviewListOutput,
  TReviewModerateInput,
} from '../../schemas/review';
import { invalidateCatalogue } from '../catalogue/in-memory-index';
import { toPublicReview } from './shopper-reviews';

/**
 * The admin's side of reviews (#29): every review in any state, approving or hiding it, and the shop's
 * public answer. Only approved reviews reach the product page (shopper-reviews.ts, rule 5), so approving is
 * what publishes and hiding what withdraws; an answer shows under an approved review. Publishing and
 * withdrawing move the product's rating, which the database keeps with the product (the "Review" trigger
 * of the review_ratings_and_requests migration) and which the listing sorts and filters by.
 */

type Deps = { prisma: PrismaClient; cache: VersionedCache };

export const REVIEW_LIST_PAGE_SIZE = 20;

const adminSelect = {
  id: true,
  rating: true,
  title: true,
  body: true,
  authorName: true,
  orderId: true,
  createdAt: true,
  answer: true,
  answeredAt: true,
  status: true,
  moderatedAt: true,
  product: { select: { id: true, slug: true, descriptions: { select: { language: true, title: true } } } },
  order: { select: { id: true, number: true } },
} satisfies Prisma.ReviewSelect;

type AdminRow = Prisma.ReviewGetPayload<{ select: typeof adminSelect }>;

function toAdminReview(row: AdminRow): TAdminReview {
  const descriptions = row.product.descriptions;
  const title = descriptions.find((entry) => entry.language === 'hu')?.title ?? descriptions[0]?.title ?? '';
  return {
    ...toPublicReview(row),
    status: row.status,
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
    product: { id: row.product.id, title, slug: productPrettySlug(row.product.slug, row.product.id) },
    order: row.order,
  };
}

/** Newest first, optionally one status (the moderation queue is `pending`). */
export async function listReviews(deps: Deps, input: TReviewListInput): Promise<TReviewListOutput> {
  const where: Prisma.ReviewWhereInput = input.status ? { status: input.status } : {};
  const [rows, total] = await Promise.all([
    deps.prisma.review.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * REVIEW_LIST_PAGE_SIZE,
      take: REVIEW_LIST_PAGE_SIZE,
      select: adminSelect,
    }),
    deps.prisma.review.count({ where }),
  ]);
  return { items: rows.map(toAdminReview), total, page: input.page, pageSize: REVIEW_LIST_PAGE_SIZE };
}

/**
 * Sets a review's status and/or the shop's answer; what the input leaves out stays. An empty answer
 * removes it. `moderatedAt` records when the status was last set, `answeredAt` when the answer was.
 */
export async function moderateReview(
  deps: Deps,
  input: TReviewModerateInput,
  now = new Date(),
): Promise<TAdminReview> {
  const exists = await deps.prisma.review.findUnique({ where: { id: input.id }, select: { status: true } });
  if (!exists) throw new DomainError('not_found', MESSAGES.notFound);
  const data: Prisma.ReviewUpdateInput = {};
  if (input.status !== undefined) Object.assign(data, { status: input.status, moderatedAt: now });
  if (input.answer !== undefined) {
    const answer = input.answer?.trim() || null;
    Object.assign(data, { answer, answeredAt: answer === null ? null : now });
  }
  const row = await deps.prisma.review.update({ where: { id: input.id }, data, select: adminSelect });
  // The trigger marked the catalogue changed when the rating moved: other servers see it on their next
  // poll, this one at once, so the admin's next look at the listing already shows it.
  const published = exists.status === 'approved' || input.status === 'approved';
  if (input.status !== undefined && input.status !== exists.status && published) {
    invalidateCatalogue(deps.cache);
  }
  return toAdminReview(row);
}
