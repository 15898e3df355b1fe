import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { CategoryPage } from '../../../features/catalog/category-page';
import { categoryBySlugOptions } from '../../../features/catalog/queries';
import { ensureFound } from '../../../lib/ensure-found';

/** Spec §2 category-slug: /category/{slug...}. */
export const Route = createFileRoute('/_visitor-index/category/$')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const slugPath = (params._splat ?? '').split('/').filter(Boolean).join('/').toLowerCase();
    if (!slugPath) throw notFound();
    await ensureFound(queryClient.ensureQueryData(categoryBySlugOptions(trpc, slugPath)));
    return { slugPath };
  },
  notFoundComponent: NotFoundPage,
  component: CategorySlugPage,
});

function CategorySlugPage() {
  const { slugPath } = Route.useLoaderData();
  return <CategoryPage slugPath={slugPath} />;
}
