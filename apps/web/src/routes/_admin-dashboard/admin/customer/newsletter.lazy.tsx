import { createLazyFileRoute, useSearch } from '@tanstack/react-router';
import { NewsletterPage } from '../../../../features/admin-newsletter/newsletter-page';
import { parseNewsletterListSearch } from '../../../../features/admin-newsletter/newsletter-search';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/customer/newsletter')({
  component: NewsletterRoute,
});

function NewsletterRoute() {
  // Parsed here rather than in a route file's validateSearch: the route tree is in every shopper's first load.
  return <NewsletterPage search={parseNewsletterListSearch(useSearch({ strict: false }))} />;
}
