import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { pageBySlugOptions } from '../../../features/pages/page-queries';
import { ensureFound } from '../../../lib/ensure-found';

/** Static pages: /page/{slug} (README.md, "Routes"). The screen is in the .lazy file. */
export const Route = createFileRoute('/_visitor-index/page/$slug')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    ensureFound(queryClient.ensureQueryData(pageBySlugOptions(trpc, params.slug))),
  notFoundComponent: NotFoundPage,
});
