import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { withArticle } from '@shop/api/schemas/hungarian';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { filtersInput, type ListingSearch } from '../catalog/listing-search';
import { ProductListing } from '../catalog/product-listing';
import { productFiltersOptions } from '../catalog/queries';
import { SearchHelp, SearchPopular } from './search-suggestions';

/** The best sellers a search that found nothing offers, from the same (cached) answer as the list. */
function PopularWhenNothingFound({ query, search }: { query: string; search: ListingSearch }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(productFiltersOptions(trpc, filtersInput({ query }, search)));
  return <SearchPopular suggestions={data.suggestions} />;
}

/** Route search-query (README.md, "Routes"): the products matching the text, with the usual filters. */
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
          <>
            <ProductListing
              scope={{ query }}
              search={search}
              emptyText={`Nincs ${withArticle(`„${query}”`)} keresésnek megfelelő termék.`}
              emptyHelp={(data) => <SearchHelp suggestions={data.suggestions} />}
            />
            <PopularWhenNothingFound query={query} search={search} />
          </>
        )}
      </Stack>
    </Container>
  );
}
