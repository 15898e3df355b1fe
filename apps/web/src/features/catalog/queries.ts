import type { Trpc } from '../../lib/trpc';

/** Spec §9: the category list is cached in memory for the session; admin changes invalidate it. */
export const categoryTreeOptions = (trpc: Trpc) =>
  trpc.category.tree.queryOptions(undefined, { staleTime: Number.POSITIVE_INFINITY });

export const categoryBySlugOptions = (trpc: Trpc, slug: string) =>
  trpc.category.bySlug.queryOptions({ slug }, { staleTime: 5 * 60_000 });
