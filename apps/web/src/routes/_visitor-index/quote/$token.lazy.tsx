import { createLazyFileRoute } from '@tanstack/react-router';
import { QuotePage } from '../../../features/quotes/quote-page';

export const Route = createLazyFileRoute('/_visitor-index/quote/$token')({
  component: QuoteRoute,
});

function QuoteRoute() {
  const { token } = Route.useParams();
  return <QuotePage key={token} token={token} />;
}
