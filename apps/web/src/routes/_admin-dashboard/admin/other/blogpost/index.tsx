import { createFileRoute } from '@tanstack/react-router';
import { parseBlogPostListSearch } from '../../../../../features/admin-blog/blog-post-list-search';

export const Route = createFileRoute('/_admin-dashboard/admin/other/blogpost/')({
  validateSearch: parseBlogPostListSearch,
});
