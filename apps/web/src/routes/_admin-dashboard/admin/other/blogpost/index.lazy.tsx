import { createLazyFileRoute } from '@tanstack/react-router';
import { BlogPostsPage } from '../../../../../features/admin-blog/blog-posts-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/blogpost/')({
  component: BlogPostsRoute,
});

function BlogPostsRoute() {
  return <BlogPostsPage search={Route.useSearch()} />;
}
