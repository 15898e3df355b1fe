import { Prisma, type PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type {
  TOrderReviewsOutput,
  TOwnReview,
  TProductReviewsInput,
  TProductReviewsOutput,
  TPublicReview,
  TReviewCreateInput,
  TReviewSummary,
} from '../../schemas/review';
import type { AuthSession } from '../session';

/**
 * Reviews from verified buyers (#29). The rules, each tested in test/reviews.test.ts:
 *
 * 1. Only a signed-in shopper writes a review, and only from an order of their own account: another
 *    shopper's order is answered as if it did not exist (404), a guest is asked to sign in (the procedure).
 * 2. Only from an order that was delivered, i.e. reached "completed" (`completedAt`, which a later refund
 *    keeps); before that the answer is a 409 saying when it becomes possible.
 * 3. Only a product that is a line of that order.
 * 4. One review per buyer per product, whichever order it came from: a second one is a 409 (the unique
 *    key `(userId, productId)` decides, so two tabs sending at once get one review and one 409).
 * 5. A review waits for moderation (`pending`); the product page shows only approved ones, and its average
 *    and count are of approved reviews alone. The database keeps both with the product (the "Review"
 *    trigger of the review_ratings_and_requests migration), which the page and the listing read.
 * 6. The author is shown as the account's family name and first initial ("Kovács A."), fixed when written.
 *    A review written from an order carries the order, which makes it "Ellenőrzött vásárló".
 */

type Deps = { prisma: PrismaClient };

export const PRODUCT_REVIEWS_PAGE_SIZE = 5;

const MESSAGES = {
  orderNotFound: 'A rendelés nem található a fiókodban.',
  notDelivered: 'A rendelés termékeit a rendelés teljesítése (kézbesítése) után értékelheted.',
  productNotInOrder: 'Ez a termék nem szerepel a rendelésben.',
  alreadyReviewed:
    'Ezt a terméket már értékelted: vásárlónként egy értékelés írható egy termékről. A korábbit a rendelésed oldalán látod.',
} as const;

const publicSelect = {
  id: true,
  rating: true,
  title: true,
  body: true,
  authorName: true,
  orderId: true,
  createdAt: true,
  answer: true,
  answeredAt: true,
} satisfies Prisma.ReviewSelect;

type PublicRow = Prisma.ReviewGetPayload<{ select: typeof publicSelect }>;

export function toPublicReview(row: PublicRow): TPublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    authorName: row.authorName,
    verified: row.orderId !== null,
    createdAt: row.createdAt.toISOString(),
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

const ownSelect = { ...publicSelect, status: true, productId: true } satisfies Prisma.ReviewSelect;
type OwnRow = Prisma.ReviewGetPayload<{ select: typeof ownSelect }>;

function toOwnReview(row: OwnRow): TOwnReview {
  return { ...toPublicReview(row), status: row.status };
}

/** "Kovács A.": the family name and the first initial, as reviews are signed (rule 6). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const initial = firstName.trim().charAt(0).toLocaleUpperCase('hu');
  const family = lastName.trim();
  if (!family) return initial ? `${initial}.` : 'Vásárló';
  return initial ? `${family} ${initial}.` : family;
}

/** The shopper's own order, or the 404 another shopper's (or an unknown) order gets (rule 1). */
async function ownOrder(deps: Deps, session: AuthSession, orderId: number) {
  const order = await deps.prisma.order.findFirst({
    where: { id: orderId, userId: session.user.id },
    select: {
      id: true,
      completedAt: true,
      lines: { select: { productId: true }, orderBy: { id: 'asc' } },
    },
  });
  if (!order) throw new DomainError('not_found', MESSAGES.orderNotFound);
  return order;
}

/** Each product of the shopper's order once, in the order's line order, with their review if written. */
export async function reviewsOfOrder(
  deps: Deps,
  session: AuthSession,
  orderId: number,
): Promise<TOrderReviewsOutput> {
  const order = await ownOrder(deps, session, orderId);
  const productIds = [
    ...new Set(order.lines.flatMap((line) => (line.productId === null ? [] : [line.productId]))),
  ];
  const [titles, reviews] = await Promise.all([
    deps.prisma.description.findMany({
      where: { productId: { in: productIds }, language: 'hu' },
      select: { productId: true, title: true },
    }),
    deps.prisma.review.findMany({
      where: { userId: session.user.id, productId: { in: productIds } },
      select: ownSelect,
    }),
  ]);
  const titleOf = new Map(titles.map((row) => [row.productId, row.title]));
  const reviewOf = new Map(reviews.map((row) => [row.productId, row]));
  return {
    reviewable: order.completedAt !== null,
    products: productIds.map((productId) => {
      const review = reviewOf.get(productId);
      return {
        product: productId,
        title: titleOf.get(productId) ?? `#${productId}`,
        review: review ? toOwnReview(review) : null,
      };
    }),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** Writes the shopper's review of one product of their delivered order (rules 1–6). */
export async function createReview(
  deps: Deps,
  session: AuthSession,
  input: TReviewCreateInput,
): Promise<TOwnReview> {
  const order = await ownOrder(deps, session, input.order);
  if (order.completedAt === null) throw new DomainError('conflict', MESSAGES.notDelivered);
  if (!order.lines.some((line) => line.productId === input.product)) {
    throw new DomainError('invalid_input', MESSAGES.productNotInOrder, [
      { path: 'product', message: MESSAGES.productNotInOrder },
    ]);
  }
  const author = await deps.prisma.user.findUniqueOrThrow({
    where: { id: session.user.id },
    select: { firstName: true, lastName: true },
  });
  try {
    const row = await deps.prisma.review.create({
      data: {
        productId: input.product,
        userId: session.user.id,
        orderId: order.id,
        authorName: reviewAuthorName(author.firstName, author.lastName),
        rating: input.rating,
        title: input.title || null,
        body: input.body,
      },
      select: ownSelect,
    });
    return toOwnReview(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', MESSAGES.alreadyReviewed);
    throw error;
  }
}

/** A stored average as shoppers see it: one decimal. The listing's sort and filter round it the same way. */
export function roundedRating(average: number | null): number | null {
  return average === null ? null : Math.round(Number(average) * 10) / 10;
}

/** The average and count of a product's approved reviews (rule 5); the product page and its JSON-LD read it. */
export async function reviewSummary(deps: Deps, productId: number): Promise<TReviewSummary> {
  const product = await deps.prisma.product.findUnique({
    where: { id: productId },
    select: { ratingAverage: true, ratingCount: true },
  });
  return { average: roundedRating(product?.ratingAverage ?? null), count: product?.ratingCount ?? 0 };
}

/** A page of a product's approved reviews, newest first, with the summary above them (rule 5). */
export async function productReviews(
  deps: Deps,
  input: TProductReviewsInput,
): Promise<TProductReviewsOutput> {
  const where: Prisma.ReviewWhereInput = {
    productId: input.product,
    status: 'approved',
    product: { enabled: true },
  };
  const [rows, summary] = await Promise.all([
    deps.prisma.review.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * PRODUCT_REVIEWS_PAGE_SIZE,
      take: PRODUCT_REVIEWS_PAGE_SIZE,
      select: publicSelect,
    }),
    reviewSummary(deps, input.product),
  ]);
  return {
    items: rows.map(toPublicReview),
    total: summary.count,
    page: input.page,
    pageSize: PRODUCT_REVIEWS_PAGE_SIZE,
    summary,
  };
}

/** The newest approved reviews of a product for its structured data, with the summary. */
export async function reviewsForStructuredData(
  deps: Deps,
  productId: number,
  take: number,
): Promise<{ summary: TReviewSummary; reviews: TPublicReview[] }> {
  return productReviews(deps, { product: productId, page: 1 }).then((page) => ({
    summary: page.summary,
    reviews: page.items.slice(0, take),
  }));
}
