import { createLazyFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../../components/not-found-page';

/** Any admin path without a screen: the shop's 'Page not found', inside the admin layout. */
export const Route = createLazyFileRoute('/_admin-dashboard/admin/$')({
  component: NotFoundPage,
});
