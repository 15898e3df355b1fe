import { Box, Button, Container, Flex, Heading, SimpleGrid, Stack, Text, VStack } from '@chakra-ui/react';
import type { TBlogPost } from '@shop/api/schemas';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuArrowLeft, LuArrowRight } from 'react-icons/lu';
import { HtmlContent } from '../../components/html-content';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { ProductCard } from '../catalog/product-card';
import { BlogCover, BlogPostMeta } from './blog-post-meta';
import { blogPostBySlugOptions } from './blog-queries';

const BLOG_CRUMB = { key: 'blog', label: 'Blog', link: (label: string) => <Link to="/blog">{label}</Link> };

function NeighbourLink({ post, direction }: { post: TBlogPost['previous']; direction: 'previous' | 'next' }) {
  if (!post) return <Box display={{ base: 'none', md: 'block' }} />;
  const previous = direction === 'previous';
  return (
    <Link to="/blog/$slug" params={{ slug: post.slug }} rel={previous ? 'prev' : 'next'}>
      <Stack
        gap="1"
        h="full"
        p="4"
        borderWidth="1px"
        borderRadius="l3"
        bg="shop.surface"
        textAlign={previous ? 'start' : 'end'}
        transition="border-color 0.15s"
        _hover={{ borderColor: 'brand.emphasized' }}
      >
        <Flex
          align="center"
          gap="1.5"
          fontSize="sm"
          color="fg.muted"
          justify={previous ? 'flex-start' : 'flex-end'}
        >
          {previous && <LuArrowLeft aria-hidden="true" />}
          {previous ? 'Előző bejegyzés' : 'Következő bejegyzés'}
          {!previous && <LuArrowRight aria-hidden="true" />}
        </Flex>
        <Text fontWeight="semibold" color="brand.fg">
          {post.title}
        </Text>
      </Stack>
    </Link>
  );
}

/**
 * Route blog-slug, /blog/{slug} (README.md, "Routes"): the article, the products it recommends, and the posts
 * before and after it.
 */
export function BlogPostPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const { data: post } = useSuspenseQuery(blogPostBySlugOptions(trpc, slug));

  return (
    <Container maxW="4xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle(post.title)}</title>
      <Stack gap={{ base: '6', md: '8' }}>
        <PageBreadcrumb entries={[BLOG_CRUMB, { key: post.id, label: post.title }]} />
        <Box as="article" bg="shop.surface" borderRadius="l3" borderWidth="1px" overflow="hidden">
          {post.image && <BlogCover image={post.image} size="full" eager />}
          <Box px={{ base: '4', md: '12' }} py={{ base: '6', md: '10' }}>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em" lineHeight="1.2">
              {post.title}
            </Heading>
            <Box mt="3" mb="6">
              <BlogPostMeta post={post} />
            </Box>
            <HtmlContent html={post.body} />
          </Box>
        </Box>
        {post.products.length > 0 && (
          <Stack as="section" aria-labelledby="blog-products" gap="4">
            <Heading as="h2" id="blog-products" size="xl">
              A bejegyzés termékei
            </Heading>
            <SimpleGrid
              as="ul"
              listStyleType="none"
              columns={{ base: 2, md: 3 }}
              gap={{ base: '3', md: '4' }}
            >
              {post.products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {(post.previous || post.next) && (
          <SimpleGrid as="nav" aria-label="További bejegyzések" columns={{ base: 1, md: 2 }} gap="3">
            <NeighbourLink post={post.previous} direction="previous" />
            <NeighbourLink post={post.next} direction="next" />
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}

/** What /blog/{slug} shows when no visible post has that slug: the API's own words. */
export function BlogPostNotFound() {
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <title>{pageTitle('A keresett tartalom nem található')}</title>
      <VStack gap="5" textAlign="center">
        <Heading as="h1" size="2xl">
          A keresett tartalom nem található.
        </Heading>
        <Text color="fg.muted">Lehet, hogy elírás van a címben, vagy a bejegyzés már nem érhető el.</Text>
        <Button asChild colorPalette="brand" size="lg">
          <Link to="/blog">Vissza a blogra</Link>
        </Button>
      </VStack>
    </Container>
  );
}
