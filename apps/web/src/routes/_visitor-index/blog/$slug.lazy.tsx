import { createLazyFileRoute } from '@tanstack/react-router';
import { BlogPostNotFound, BlogPostPage } from '../../../features/blog/blog-post-page';

export const Route = createLazyFileRoute('/_visitor-index/blog/$slug')({
  component: BlogPostRoute,
  notFoundComponent: BlogPostNotFound,
});

function BlogPostRoute() {
  return <BlogPostPage slug={Route.useParams().slug} />;
}
