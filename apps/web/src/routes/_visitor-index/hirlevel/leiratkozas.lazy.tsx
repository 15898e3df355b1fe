import { createLazyFileRoute, useSearch } from '@tanstack/react-router';
import { parseNewsletterLinkSearch } from '../../../features/newsletter/newsletter-search';
import { NewsletterUnsubscribePage } from '../../../features/newsletter/unsubscribe-page';

export const Route = createLazyFileRoute('/_visitor-index/hirlevel/leiratkozas')({
  component: NewsletterUnsubscribeRoute,
});

function NewsletterUnsubscribeRoute() {
  // Read here rather than in a route file's validateSearch: this route stays out of the shop's first load.
  const { token } = parseNewsletterLinkSearch(useSearch({ strict: false }));
  return <NewsletterUnsubscribePage key={token} token={token} />;
}
