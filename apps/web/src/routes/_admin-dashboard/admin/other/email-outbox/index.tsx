import { createFileRoute } from '@tanstack/react-router';
import { parseOutboxSearch } from '../../../../../features/admin-email/outbox-search';

/** Beyond the spec's list: the outbox of e-mails (sent, waiting, failed). */
export const Route = createFileRoute('/_admin-dashboard/admin/other/email-outbox/')({
  validateSearch: parseOutboxSearch,
});
