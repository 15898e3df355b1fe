import { createFileRoute } from '@tanstack/react-router';
import { parseInquiryListSearch } from '../../../../../features/admin-inquiries/inquiry-search';

export const Route = createFileRoute('/_admin-dashboard/admin/inquiry/offer/')({
  validateSearch: parseInquiryListSearch,
});
