import { createLazyFileRoute } from '@tanstack/react-router';
import { MediaPage } from '../../../../features/admin-media/media-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/catalog/media')({
  component: MediaPage,
});
