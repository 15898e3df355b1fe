import { AspectRatio, Box, Flex, Text } from '@chakra-ui/react';
import type { TBlogPostSummary } from '@shop/api/schemas';
import { formatDate } from '@shop/ui';
import { LuNewspaper } from 'react-icons/lu';

/** "2026. 11. 18. · Kovács Eszter": when a post appeared and who wrote it. */
export function BlogPostMeta({ post }: { post: Pick<TBlogPostSummary, 'publishedAt' | 'author'> }) {
  return (
    <Flex gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
      {post.publishedAt && <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>}
      {post.publishedAt && post.author && <span aria-hidden="true">·</span>}
      {post.author && <Text as="span">{post.author}</Text>}
    </Flex>
  );
}

/** The cover in the 1200×630 shape social networks share, or a calm placeholder without one. */
export function BlogCover({
  image,
  size,
  eager = false,
}: {
  image: TBlogPostSummary['image'];
  size: 'card' | 'full';
  eager?: boolean;
}) {
  const width = size === 'card' ? 480 : 1200;
  return (
    <AspectRatio ratio={1200 / 630} bg="bg.subtle">
      {image ? (
        <img
          src={image[size]}
          alt={image.alt ?? ''}
          width={width}
          height={Math.round((width * 630) / 1200)}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          style={{ objectFit: 'cover', width: '100%', height: '100%' }}
        />
      ) : (
        <Box color="brand.emphasized" display="flex" alignItems="center" justifyContent="center">
          <LuNewspaper size="40" aria-hidden="true" />
        </Box>
      )}
    </AspectRatio>
  );
}
