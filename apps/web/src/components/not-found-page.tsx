import { Box, Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { pageTitle } from '../lib/shop-info';

/** Spec §2/§8: an unknown path gives the 404 page with 'Page not found'. */
export function NotFoundPage() {
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <title>{pageTitle('Az oldal nem található')}</title>
      <VStack gap="5" textAlign="center">
        <Text
          fontSize={{ base: '6xl', md: '7xl' }}
          fontWeight="black"
          color="brand.emphasized"
          lineHeight="1"
        >
          404
        </Text>
        <Heading as="h1" size="2xl" lang="en">
          Page not found
        </Heading>
        <Box color="fg.muted" maxW="md">
          <Text>
            A keresett oldal nem található. Lehet, hogy elírás van a címben, vagy az oldal már nem létezik.
          </Text>
        </Box>
        <Button asChild colorPalette="brand" size="lg">
          <Link to="/">Vissza a főoldalra</Link>
        </Button>
      </VStack>
    </Container>
  );
}
