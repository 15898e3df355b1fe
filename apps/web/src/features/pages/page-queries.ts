import type { Trpc } from '../../lib/trpc';

export const pageBySlugOptions = (trpc: Trpc, slug: string) =>
  trpc.page.bySlug.queryOptions({ slug }, { staleTime: 5 * 60_000 });
