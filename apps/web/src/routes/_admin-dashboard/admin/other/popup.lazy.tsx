import { createLazyFileRoute } from '@tanstack/react-router';
import { PopupPage } from '../../../../features/admin-banners/popup-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/popup')({
  component: PopupPage,
});
