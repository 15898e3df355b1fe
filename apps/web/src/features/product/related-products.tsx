import { Box, Heading, SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTRPC } from '../../lib/trpc';
import { ProductCard } from '../catalog/product-card';
import { relatedProductsOptions } from '../catalog/queries';

/**
 * Other products of the same category under the page, nothing when none. A server-rendered page has them
 * (product-page-data.ts); in the browser they may arrive after the page.
 */
export function RelatedProducts({ productId }: { productId: number }) {
  const trpc = useTRPC();
  const { data: arrived } = useQuery(relatedProductsOptions(trpc, productId));
  // A query's answer renders in one uninterrupted piece; deferred, the cards render in slices the
  // browser can answer between.
  const data = useDeferredValue(arrived);
  if (!data || data.items.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="kapcsolodo-termekek" mt={{ base: '4', md: '8' }}>
      <Heading as="h2" id="kapcsolodo-termekek" size="lg" mb="4">
        Hasonló termékek
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '3', md: '4' }}>
        {data.items.map((item) => (
          <ProductCard key={item.id} product={item} />
        ))}
      </SimpleGrid>
    </Box>
  );
}
