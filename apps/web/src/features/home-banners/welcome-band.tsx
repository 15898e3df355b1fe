import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { SHOP_INFO } from '../../lib/shop-info';

/** The shop's namesake, drawn large for the welcome band. */
function HeroMug() {
  return (
    <svg width="300" height="300" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M14 25h28v15a11 11 0 0 1-11 11h-6a11 11 0 0 1-11-11z" fill="#eef4ff" />
      <path d="M42 29h3.5a6 6 0 0 1 0 12H42" fill="none" stroke="#eef4ff" strokeWidth="3.5" />
      <path d="M19 33h18" stroke="#90b6fd" strokeWidth="2" strokeLinecap="round" />
      <path
        d="M23 9c-2.5 3.5 2.5 6 0 10M30 7c-2.5 3.5 2.5 6 0 10M37 9c-2.5 3.5 2.5 6 0 10"
        fill="none"
        stroke="#f6b5a5"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <ellipse cx="28" cy="55" rx="20" ry="2.5" fill="#16204e" opacity="0.25" />
    </svg>
  );
}

/** The shop's own welcome, shown while no hero is active. */
export function WelcomeBand() {
  return (
    <Box
      as="section"
      aria-labelledby="udvozlo"
      bgGradient="to-br"
      gradientFrom="brand.800"
      gradientVia="brand.700"
      gradientTo="brand.600"
      color="white"
      position="relative"
      overflow="hidden"
    >
      <Box
        aria-hidden="true"
        position="absolute"
        insetEnd={{ md: '8', lg: '20' }}
        bottom="2"
        hideBelow="md"
        opacity="0.95"
      >
        <HeroMug />
      </Box>
      <Container maxW="7xl" py={{ base: '10', md: '16' }} position="relative">
        <Stack gap={{ base: '4', md: '5' }} maxW="2xl">
          <Text
            fontSize="sm"
            fontWeight="semibold"
            color="brand.100"
            textTransform="uppercase"
            letterSpacing="wider"
          >
            {SHOP_INFO.fullName}
          </Text>
          <Heading
            as="h1"
            id="udvozlo"
            size={{ base: '3xl', md: '5xl' }}
            lineHeight="1.1"
            letterSpacing="-0.02em"
          >
            Minden, ami otthon jól jön – egy helyen.
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="brand.50" maxW="xl">
            Böngéssz a kategóriák között, és vásárolj regisztrációval vagy anélkül. Kérdés esetén magyar
            ügyfélszolgálatunk munkanapokon segít.
          </Text>
          <Flex gap="3" wrap="wrap" pt="2">
            <Button asChild size="lg" colorPalette="accent">
              <a href="#kategoriak">Kategóriák böngészése</a>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.600"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <Link to="/page/$slug" params={{ slug: 'szallitasi-informaciok' }}>
                Szállítási információk
              </Link>
            </Button>
          </Flex>
        </Stack>
      </Container>
    </Box>
  );
}
