import { createLazyFileRoute } from '@tanstack/react-router';
import { StaticPage } from '../../../features/pages/static-page';

export const Route = createLazyFileRoute('/_visitor-index/page/$slug')({
  component: PageSlugPage,
});

function PageSlugPage() {
  const { slug } = Route.useParams();
  return <StaticPage slug={slug} />;
}
