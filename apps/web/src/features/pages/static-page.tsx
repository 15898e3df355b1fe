import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@shop/ui';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { HtmlContent } from '../../components/html-content';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { CATALOGUES_PAGE_SLUG } from '../catalogues/catalogue-validity';
import { pageBySlugOptions } from './page-queries';

// Only the catalogues page lists them, so only its visitors download the list.
const CatalogueList = lazy(() => import('../catalogues/catalogue-list'));

/** /page/{slug} and route info-slug (README.md, "Routes"): a static page written in the admin. */
export function StaticPage({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const { data: page } = useSuspenseQuery(pageBySlugOptions(trpc, slug));

  return (
    <Container maxW="4xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle(page.title)}</title>
      <Stack gap="5">
        <PageBreadcrumb entries={[{ key: page.id, label: page.title }]} />
        <Box
          as="article"
          bg="shop.surface"
          borderRadius="l3"
          borderWidth="1px"
          px={{ base: '4', md: '12' }}
          py={{ base: '6', md: '10' }}
        >
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            {page.title}
          </Heading>
          <Text mt="2" mb="6" fontSize="sm" color="fg.muted">
            Utoljára frissítve: <time dateTime={page.updatedAt}>{formatDate(page.updatedAt)}</time>
          </Text>
          <HtmlContent html={page.body} />
          {slug === CATALOGUES_PAGE_SLUG && (
            <Suspense fallback={null}>
              <CatalogueList />
            </Suspense>
          )}
        </Box>
      </Stack>
    </Container>
  );
}
