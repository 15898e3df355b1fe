import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import type { ListingScope, ListingSearch } from './listing-search';
import { ProductListing } from './product-listing';

/** A product list page without a category: /product and /featured. */
export function ListingPage({
  title,
  intro,
  scope,
  search,
}: {
  title: string;
  intro: string;
  scope: ListingScope;
  search: ListingSearch;
}) {
  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle(title)}</title>
      <Stack gap={{ base: '5', md: '6' }}>
        <PageBreadcrumb entries={[{ key: 'page', label: title }]} />
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            {title}
          </Heading>
          <Text mt="1" color="fg.muted">
            {intro}
          </Text>
        </Box>
        <ProductListing scope={scope} search={search} />
      </Stack>
    </Container>
  );
}
