import { createLazyFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '../../../features/admin-reviews/reviews-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/reviews')({
  component: ReviewsRoute,
});

function ReviewsRoute() {
  return <ReviewsPage search={Route.useSearch()} />;
}
