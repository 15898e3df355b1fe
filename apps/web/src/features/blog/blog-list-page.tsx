import { Card, Container, Flex, Heading, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TBlogPostSummary } from '@shop/api/schemas';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LuArrowRight } from 'react-icons/lu';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { PageButtons } from '../../components/pagination';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { BlogCover, BlogPostMeta } from './blog-post-meta';
import { BLOG_PAGE_SIZE, blogListOptions } from './blog-queries';

function BlogPostCard({ post, eager }: { post: TBlogPostSummary; eager: boolean }) {
  return (
    <Card.Root
      asChild
      variant="outline"
      bg="shop.surface"
      overflow="hidden"
      h="full"
      position="relative"
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ boxShadow: 'md', borderColor: 'brand.emphasized' }}
    >
      <article>
        <BlogCover image={post.image} size="card" eager={eager} />
        <Card.Body gap="2" p={{ base: '4', md: '5' }}>
          <BlogPostMeta post={post} />
          <Heading as="h2" size="lg" lineHeight="1.3">
            <LinkOverlay asChild>
              <Link to="/blog/$slug" params={{ slug: post.slug }}>
                {post.title}
              </Link>
            </LinkOverlay>
          </Heading>
          <Text color="fg.muted" lineClamp={3}>
            {post.excerpt}
          </Text>
          <Flex
            mt="auto"
            pt="2"
            align="center"
            gap="1.5"
            color="brand.fg"
            fontWeight="semibold"
            fontSize="sm"
          >
            Tovább olvasom <LuArrowRight aria-hidden="true" />
          </Flex>
        </Card.Body>
      </article>
    </Card.Root>
  );
}

/**
 * Route blog, /blog (README.md, "Routes"): the posts that have appeared, newest first, with covers and
 * excerpts.
 */
export function BlogListPage({ page }: { page: number }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(blogListOptions(trpc, page));

  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle(page > 1 ? `Blog – ${page}. oldal` : 'Blog')}</title>
      <Stack gap={{ base: '5', md: '6' }}>
        <PageBreadcrumb entries={[{ key: 'blog', label: 'Blog' }]} />
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            Blog
          </Heading>
          <Text color="fg.muted">Tanácsok, ötletek és újdonságok a konyhából és az otthonból.</Text>
        </Stack>
        {data.items.length === 0 ? (
          <Text py="10" textAlign="center" color="fg.muted">
            {page > 1 ? 'Ezen az oldalon nincs bejegyzés.' : 'Még nincs bejegyzés.'}
          </Text>
        ) : (
          <SimpleGrid
            as="ul"
            listStyleType="none"
            columns={{ base: 1, md: 2, lg: 3 }}
            gap={{ base: '4', md: '6' }}
          >
            {data.items.map((post, index) => (
              <li key={post.id}>
                <BlogPostCard post={post} eager={index < 3} />
              </li>
            ))}
          </SimpleGrid>
        )}
        <Flex justify="center">
          <PageButtons
            page={data.page}
            pageSize={BLOG_PAGE_SIZE}
            total={data.total}
            onPageChange={(next) =>
              void navigate({ to: '/blog', search: { page: next > 1 ? next : undefined } })
            }
          />
        </Flex>
      </Stack>
    </Container>
  );
}
