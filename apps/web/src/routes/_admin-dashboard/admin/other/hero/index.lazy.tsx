import { createLazyFileRoute } from '@tanstack/react-router';
import { parseBannerListSearch } from '../../../../../features/admin-banners/banner-list-search';
import { BannersPage } from '../../../../../features/admin-banners/banners-page';

// No eager route file: the list's search is read here, so the shop's first load carries none of it.
export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/hero/')({
  component: BannersRoute,
});

function BannersRoute() {
  return <BannersPage kind="hero" search={parseBannerListSearch(Route.useSearch())} />;
}
