import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { CategoryPage } from '../../features/catalog/category-page';
import { categoryBySlugOptions } from '../../features/catalog/queries';
import { resolveShopPath } from '../../features/catalog/resolve-path';
import { ensureFound } from '../../lib/ensure-found';

/**
 * Spec §2 catch-all with the lowest priority: product-pretty (`/{slug}` ending in digits) and
 * category-pretty (`/{slug...}`). The product page arrives with the catalogue: it gets its own branch
 * in the loader and in ShopPathPage.
 */
export const Route = createFileRoute('/_visitor-index/$')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const path = resolveShopPath(params._splat);
    if (path.kind !== 'category') throw notFound();
    await ensureFound(queryClient.ensureQueryData(categoryBySlugOptions(trpc, path.slugPath)));
    return path;
  },
  notFoundComponent: NotFoundPage,
  component: ShopPathPage,
});

function ShopPathPage() {
  const path = Route.useLoaderData();
  return <CategoryPage slugPath={path.slugPath} />;
}
