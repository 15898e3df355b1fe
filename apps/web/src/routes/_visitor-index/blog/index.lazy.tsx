import { createLazyFileRoute } from '@tanstack/react-router';
import { BlogListPage } from '../../../features/blog/blog-list-page';

export const Route = createLazyFileRoute('/_visitor-index/blog/')({
  component: BlogRoute,
});

function BlogRoute() {
  return <BlogListPage page={Route.useSearch().page ?? 1} />;
}
