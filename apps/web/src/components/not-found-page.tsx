import { Box, Button, Container, Heading, Stack, Text, VStack } from '@chakra-ui/react';
import { withArticle } from '@shop/api/schemas/hungarian';
import { Link } from '@tanstack/react-router';
import type { NotFoundAlternative } from '../lib/ensure-found';
import { pageTitle } from '../lib/shop-info';

function isAlternative(data: unknown): data is NotFoundAlternative {
  return typeof data === 'object' && data !== null && 'category' in data;
}

/**
 * An unknown path gives the 404 page with 'Page not found', as the specification asks. A product that is no
 * longer sold (disabled) is a 404 too, but the page offers the category it was in.
 */
export function NotFoundPage({ data }: { data?: unknown }) {
  const category = isAlternative(data) ? data.category : null;
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <title>{pageTitle('Az oldal nem található')}</title>
      <VStack gap="5" textAlign="center">
        <Text
          fontSize={{ base: '6xl', md: '7xl' }}
          fontWeight="black"
          // The palette's lightest shade that keeps this large text at 3:1 on the canvas (WCAG 2.1 AA).
          color="brand.500"
          lineHeight="1"
        >
          404
        </Text>
        <Heading as="h1" size="2xl" lang="en">
          Page not found
        </Heading>
        <Box color="fg.muted" maxW="md">
          <Text>
            {category
              ? 'Ez a termék már nem kapható. Hasonlókat a kategóriájában találsz.'
              : 'A keresett oldal nem található. Lehet, hogy elírás van a címben, vagy az oldal már nem létezik.'}
          </Text>
        </Box>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align="center">
          {category && (
            <Button asChild colorPalette="brand" size="lg">
              <Link to="/category/$" params={{ _splat: category.urlPath }}>
                {`Tovább ${withArticle(category.title)} kategóriához`}
              </Link>
            </Button>
          )}
          <Button asChild colorPalette="brand" variant={category ? 'outline' : 'solid'} size="lg">
            <Link to="/">Vissza a főoldalra</Link>
          </Button>
        </Stack>
      </VStack>
    </Container>
  );
}
