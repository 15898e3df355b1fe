import { createFileRoute } from '@tanstack/react-router';
import { parseWebhookSearch } from '../../../../features/admin-webhooks/webhook-search';

export const Route = createFileRoute('/_admin-dashboard/admin/settings/webhooks')({
  validateSearch: parseWebhookSearch,
});
