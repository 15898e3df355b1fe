import { createFileRoute } from '@tanstack/react-router';
import { blogListOptions, parseBlogListSearch } from '../../../features/blog/blog-queries';

/**
 * Route blog (README.md, "Routes"): /blog, the posts newest first, paged. The screen is in the .lazy file.
 */
export const Route = createFileRoute('/_visitor-index/blog/')({
  validateSearch: parseBlogListSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient, trpc }, deps }) =>
    queryClient.ensureQueryData(blogListOptions(trpc, deps.page)),
});
