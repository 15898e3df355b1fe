import { createLazyFileRoute } from '@tanstack/react-router';
import { BannerEditPage } from '../../../../../features/admin-banners/banner-edit-page';

/** `new` or an id; no eager route file, so the shop's first load carries none of it. */
export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/sliders/$id')({
  component: BannerEditRoute,
});

function BannerEditRoute() {
  const { id } = Route.useParams();
  return <BannerEditPage key={id} kind="sliders" id={id} />;
}
