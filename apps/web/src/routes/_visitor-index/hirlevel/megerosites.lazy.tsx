import { createLazyFileRoute, useSearch } from '@tanstack/react-router';
import { NewsletterConfirmPage } from '../../../features/newsletter/confirm-page';
import { parseNewsletterLinkSearch } from '../../../features/newsletter/newsletter-search';

export const Route = createLazyFileRoute('/_visitor-index/hirlevel/megerosites')({
  component: NewsletterConfirmRoute,
});

function NewsletterConfirmRoute() {
  // Read here rather than in a route file's validateSearch: this route stays out of the shop's first load.
  const { token } = parseNewsletterLinkSearch(useSearch({ strict: false }));
  return <NewsletterConfirmPage key={token} token={token} />;
}
