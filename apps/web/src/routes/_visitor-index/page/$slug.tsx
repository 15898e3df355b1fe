import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { pageBySlugOptions, StaticPage } from '../../../features/pages/static-page';
import { ensureFound } from '../../../lib/ensure-found';

/** Spec §2 static pages: /page/{slug}. */
export const Route = createFileRoute('/_visitor-index/page/$slug')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    ensureFound(queryClient.ensureQueryData(pageBySlugOptions(trpc, params.slug))),
  notFoundComponent: NotFoundPage,
  component: PageSlugPage,
});

function PageSlugPage() {
  const { slug } = Route.useParams();
  return <StaticPage slug={slug} />;
}
