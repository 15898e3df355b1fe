import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { pageBySlugOptions } from '../../../features/pages/page-queries';
import { ensureFound } from '../../../lib/ensure-found';

/**
 * Route info-slug (README.md, "Routes"): /info/{slug...}, the same pages as /page/{slug}. The screen is in
 * the .lazy file.
 */
export const Route = createFileRoute('/_visitor-index/info/$')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const slug = (params._splat ?? '').split('/').filter(Boolean).join('/');
    if (!slug) throw notFound();
    await ensureFound(queryClient.ensureQueryData(pageBySlugOptions(trpc, slug)));
    return { slug };
  },
  notFoundComponent: NotFoundPage,
});
