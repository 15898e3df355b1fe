import { Badge } from '@chakra-ui/react';
import type { TBlogPostStatus } from '@shop/api/schemas';

export const BLOG_POST_STATUS_LABELS: Record<TBlogPostStatus, string> = {
  published: 'Megjelent',
  scheduled: 'Időzítve',
  draft: 'Vázlat',
};

const PALETTES: Record<TBlogPostStatus, string> = { published: 'green', scheduled: 'blue', draft: 'gray' };

export function BlogPostStatusBadge({ status }: { status: TBlogPostStatus }) {
  return <Badge colorPalette={PALETTES[status]}>{BLOG_POST_STATUS_LABELS[status]}</Badge>;
}
