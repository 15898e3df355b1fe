import { createLazyFileRoute } from '@tanstack/react-router';
import { TemplatesPage } from '../../../../../features/admin-email/templates-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/email/')({
  component: TemplatesPage,
});
