import { createLazyFileRoute } from '@tanstack/react-router';
import { StaticPage } from '../../../features/pages/static-page';

export const Route = createLazyFileRoute('/_visitor-index/info/$')({
  component: InfoPage,
});

function InfoPage() {
  const { slug } = Route.useLoaderData();
  return <StaticPage slug={slug} />;
}
