import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import type { ListingSearch } from '../catalog/listing-search';
import { ProductListing } from '../catalog/product-listing';

/** Spec §2 search-query: the products matching the text, with the usual filters. */
export function SearchPage({ query, search }: { query: string; search: ListingSearch }) {
  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle(query ? `Keresés: ${query}` : 'Keresés')}</title>
      <Stack gap={{ base: '5', md: '6' }}>
        <PageBreadcrumb entries={[{ key: 'search', label: 'Keresés' }]} />
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            {query ? `Keresés: „${query}”` : 'Keresés'}
          </Heading>
          {!query && (
            <Text mt="1" color="fg.muted">
              Írd be a fejlécben, mit keresel: terméknevet, kategóriát vagy cikkszámot.
            </Text>
          )}
        </Box>
        {query && (
          <ProductListing
            scope={{ query }}
            search={search}
            emptyText={`Nincs a(z) „${query}” keresésnek megfelelő termék.`}
          />
        )}
      </Stack>
    </Container>
  );
}
