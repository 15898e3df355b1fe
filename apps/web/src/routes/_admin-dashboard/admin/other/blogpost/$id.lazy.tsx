import { createLazyFileRoute } from '@tanstack/react-router';
import { BlogPostEditPage } from '../../../../../features/admin-blog/blog-post-edit-page';

export const Route = createLazyFileRoute('/_admin-dashboard/admin/other/blogpost/$id')({
  component: BlogPostEditRoute,
});

function BlogPostEditRoute() {
  const { id } = Route.useParams();
  return <BlogPostEditPage key={id} id={id === 'new' ? 'new' : Number(id)} />;
}
