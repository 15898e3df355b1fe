import { createFileRoute } from '@tanstack/react-router';
import { parseStaffSearch } from '../../../../features/admin-staff/staff-search';

export const Route = createFileRoute('/_admin-dashboard/admin/settings/staff')({
  validateSearch: parseStaffSearch,
});
