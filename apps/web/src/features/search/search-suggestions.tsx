import { Button, Link as ChakraLink, Flex, Stack, Text } from '@chakra-ui/react';
import type { TSearchSuggestions } from '@shop/api/schemas';
import { Link } from '@tanstack/react-router';
import { LuFolder } from 'react-icons/lu';
import { CategoryLink } from '../catalog/category-link';
import { ProductRow } from '../catalog/product-row';

/**
 * Help in the empty list of a search that found nothing: the closest spelling that finds
 * something and the categories named like the query's words (the answer's `suggestions`).
 */
export function SearchHelp({ suggestions }: { suggestions: TSearchSuggestions | null }) {
  if (!suggestions) return null;
  const { spelling, categories } = suggestions;
  return (
    <Stack gap="3" align="center" maxW="lg">
      {spelling && (
        <Text fontSize="md">
          Erre gondoltál:{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold" textDecoration="underline">
            <Link to="/search/$" params={{ _splat: spelling }}>
              {spelling}
            </Link>
          </ChakraLink>
          ?
        </Text>
      )}
      {categories.length > 0 && (
        <Stack gap="2" align="center">
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            Ezekben a kategóriákban is körülnézhetsz:
          </Text>
          <Flex as="ul" listStyleType="none" wrap="wrap" gap="2" justify="center">
            {categories.map((category) => (
              <li key={category.id}>
                <Button asChild variant="outline" size="sm">
                  <CategoryLink category={category} title={category.path}>
                    <LuFolder aria-hidden="true" /> {category.title}
                  </CategoryLink>
                </Button>
              </li>
            ))}
          </Flex>
        </Stack>
      )}
    </Stack>
  );
}

/** The best sellers under the empty list of a search that found nothing. */
export function SearchPopular({ suggestions }: { suggestions: TSearchSuggestions | null }) {
  if (!suggestions) return null;
  return <ProductRow id="search-popular" title="Népszerű termékek" products={suggestions.popular} />;
}
