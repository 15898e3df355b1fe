import { Box, Link as ChakraLink, Flex, Heading, Stack } from '@chakra-ui/react';
import type { TProductCard } from '@shop/api/schemas';
import { Link } from '@tanstack/react-router';
import { LuArrowRight } from 'react-icons/lu';
import { ProductCard } from './product-card';

/**
 * A titled row of products for the home page: swipes sideways on a phone, a grid from tablets up.
 */
export function ProductRow({
  id,
  title,
  products,
  moreHref,
  moreLabel,
}: {
  id: string;
  title: string;
  products: TProductCard[];
  moreHref?: '/featured' | '/product';
  moreLabel?: string;
}) {
  if (products.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby={id} gap={{ base: '3', md: '5' }}>
      <Flex align="baseline" justify="space-between" gap="4">
        <Heading as="h2" id={id} size={{ base: 'lg', md: '2xl' }}>
          {title}
        </Heading>
        {moreHref && (
          <ChakraLink asChild color="brand.fg" fontWeight="medium" fontSize="sm" flexShrink={0}>
            <Link to={moreHref}>
              {moreLabel} <LuArrowRight aria-hidden="true" />
            </Link>
          </ChakraLink>
        )}
      </Flex>
      <Box
        as="ul"
        listStyleType="none"
        display="grid"
        gap={{ base: '3', md: '4' }}
        gridAutoFlow={{ base: 'column', md: 'row' }}
        gridAutoColumns={{ base: '44%', sm: '30%' }}
        gridTemplateColumns={{ md: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' }}
        overflowX={{ base: 'auto', md: 'visible' }}
        scrollSnapType="x mandatory"
        mx={{ base: '-4', md: '0' }}
        px={{ base: '4', md: '0' }}
        pb={{ base: '2', md: '0' }}
        css={{ scrollbarWidth: 'none' }}
      >
        {products.slice(0, 10).map((product) => (
          <Box as="li" key={product.id} scrollSnapAlign="start" minW="0">
            <ProductCard product={product} />
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
