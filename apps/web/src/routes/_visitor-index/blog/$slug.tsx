import { createFileRoute } from '@tanstack/react-router';
import { blogPostBySlugOptions } from '../../../features/blog/blog-queries';
import { ensureFound } from '../../../lib/ensure-found';

/**
 * Route blog-slug (README.md, "Routes"): /blog/{slug}, one post. The screen and its not-found text are in the
 * .lazy file.
 */
export const Route = createFileRoute('/_visitor-index/blog/$slug')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    ensureFound(queryClient.ensureQueryData(blogPostBySlugOptions(trpc, params.slug))),
});
