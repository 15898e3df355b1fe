import type { Prisma } from '@shop/db';
import type { TBlogPostStatus } from '../../schemas';

/**
 * The one rule of who sees a post: shoppers (and search engines, the sitemap) see a post once it is
 * published and its publish time has come; a future publish time schedules it. An admin sees every post.
 * Publishing without a time stores the moment of the save, so a visible post always has one.
 */
export function shopperVisibleWhere(now: Date): Prisma.BlogPostWhereInput {
  return { published: true, publishedAt: { lte: now } };
}

export function blogPostStatus(
  post: { published: boolean; publishedAt: Date | null },
  now: Date,
): TBlogPostStatus {
  if (!post.published) return 'draft';
  return post.publishedAt && post.publishedAt > now ? 'scheduled' : 'published';
}

/** The admin list's status filter as a where clause. */
export function statusWhere(status: TBlogPostStatus, now: Date): Prisma.BlogPostWhereInput {
  if (status === 'draft') return { published: false };
  if (status === 'scheduled') return { published: true, publishedAt: { gt: now } };
  return shopperVisibleWhere(now);
}
