import type { TProductFiltersInput } from '@shop/api/schemas';
import { selectItems } from '../../lib/select-items';
import type { Trpc } from '../../lib/trpc';

/** The specification keeps the category list in memory for the session; admin changes invalidate it. */
export const categoryTreeOptions = (trpc: Trpc) =>
  trpc.category.tree.queryOptions(undefined, { select: selectItems, staleTime: Number.POSITIVE_INFINITY });

export const categoryBySlugOptions = (trpc: Trpc, slug: string) =>
  trpc.category.bySlug.queryOptions({ slug }, { staleTime: 5 * 60_000 });

export const productFiltersOptions = (trpc: Trpc, input: TProductFiltersInput) =>
  trpc.product.filters.queryOptions(input, { staleTime: 60_000 });

export const productBySlugOptions = (trpc: Trpc, slug: string) =>
  trpc.product.bySlug.queryOptions({ slug }, { staleTime: 60_000 });

/** Other products of the product's category, under its page. */
export const relatedProductsOptions = (trpc: Trpc, id: number) =>
  trpc.product.related.queryOptions({ id }, { staleTime: 60_000 });

export const featuredProductsOptions = (trpc: Trpc) =>
  trpc.product.featured.queryOptions(undefined, { staleTime: 5 * 60_000 });

export const popularProductsOptions = (trpc: Trpc) =>
  trpc.product.popular.queryOptions(undefined, { staleTime: 5 * 60_000 });
