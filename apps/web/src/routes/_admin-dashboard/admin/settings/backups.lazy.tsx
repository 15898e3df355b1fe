import { createLazyFileRoute } from '@tanstack/react-router';
import { BackupsPage } from '../../../../features/admin-backups/backups-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/settings/backups')({
  component: BackupsPage,
});
