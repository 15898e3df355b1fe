import { createLazyFileRoute } from '@tanstack/react-router';
import { ShopSettingsPage } from '../../../../features/admin-shop/shop-settings-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/settings/shop')({
  component: ShopSettingsPage,
});
