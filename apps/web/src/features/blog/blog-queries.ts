import { positiveInt } from '../../lib/search-params';
import type { Trpc } from '../../lib/trpc';

/** Posts per page of /blog: three rows of three on a wide screen. */
export const BLOG_PAGE_SIZE = 9;

export type BlogListSearch = { page?: number };

/** Hand-written instead of zod: route files sit in the bundle every shopper downloads first. */
export function parseBlogListSearch(search: Record<string, unknown>): BlogListSearch {
  const page = positiveInt(search.page);
  return { page: page && page > 1 ? page : undefined };
}

export const blogListOptions = (trpc: Trpc, page: number) =>
  trpc.blogpost.list.queryOptions({ page, pageSize: BLOG_PAGE_SIZE }, { staleTime: 60_000 });

export const blogPostBySlugOptions = (trpc: Trpc, slug: string) =>
  trpc.blogpost.bySlug.queryOptions({ slug }, { staleTime: 60_000 });
