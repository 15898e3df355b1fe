import { createFileRoute } from '@tanstack/react-router';
import { featuredProductsOptions, popularProductsOptions } from '../../features/catalog/queries';
import { loadHomeBanners } from '../../features/home-banners/lazy-home-banners';

/**
 * Route index (README.md, "Routes"): /. The visitor layout's loader already holds the category tree it shows;
 * the screen is in the .lazy file, so the shop's first load does not carry it.
 */
export const Route = createFileRoute('/_visitor-index/')({
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(featuredProductsOptions(trpc)),
      queryClient.ensureQueryData(popularProductsOptions(trpc)),
      queryClient.ensureQueryData(trpc.hero.list.queryOptions()),
      queryClient.ensureQueryData(trpc.sliders.getActive.queryOptions()),
      // The banners' code arrives with their data instead of after it.
      loadHomeBanners(),
    ]),
});
