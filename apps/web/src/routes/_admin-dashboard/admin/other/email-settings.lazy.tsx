import { createLazyFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../../../features/admin-email/settings-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/email-settings')({
  component: SettingsPage,
});
