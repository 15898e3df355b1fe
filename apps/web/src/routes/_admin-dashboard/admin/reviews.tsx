import { createFileRoute } from '@tanstack/react-router';
import { parseReviewListSearch } from '../../../features/admin-reviews/review-list-search';

export const Route = createFileRoute('/_admin-dashboard/admin/reviews')({
  validateSearch: parseReviewListSearch,
});
