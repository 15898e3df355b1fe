import { Box, Button, Card, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import { LuBookOpen, LuFileText, LuTruck } from 'react-icons/lu';
import { pageTitle, SHOP_INFO } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { CategoryCard } from './category-card';
import { ProductRow } from './product-row';
import { categoryTreeOptions, featuredProductsOptions, popularProductsOptions } from './queries';

const INFO_LINKS: { slug: string; title: string; text: string; icon: IconType }[] = [
  {
    slug: 'szallitasi-informaciok',
    title: 'Szállítás',
    text: 'Szállítási módok, díjak és határidők egy helyen.',
    icon: LuTruck,
  },
  {
    slug: 'altalanos-szerzodesi-feltetelek',
    title: 'Vásárlási feltételek',
    text: 'Rendelés, elállás és garancia: amit a vásárlás előtt érdemes tudni.',
    icon: LuFileText,
  },
  {
    slug: 'katalogusok',
    title: 'Katalógusok',
    text: 'Lapozd át aktuális katalógusainkat.',
    icon: LuBookOpen,
  },
];

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

/** Spec §2 index. */
export function HomePage() {
  const trpc = useTRPC();
  const { data: tree } = useSuspenseQuery(categoryTreeOptions(trpc));
  const { data: featured } = useSuspenseQuery(featuredProductsOptions(trpc));
  const { data: popular } = useSuspenseQuery(popularProductsOptions(trpc));

  return (
    <>
      <title>{pageTitle()}</title>
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

      <Container maxW="7xl" py={{ base: '8', md: '12' }}>
        <Stack gap={{ base: '10', md: '14' }} mb={{ base: '10', md: '14' }}>
          <ProductRow
            id="kiemelt"
            title="Kiemelt termékek"
            products={featured.items}
            moreHref="/featured"
            moreLabel="Összes kiemelt"
          />
          <ProductRow
            id="nepszeru"
            title="Népszerű termékek"
            products={popular.items}
            moreHref="/product"
            moreLabel="Összes termék"
          />
        </Stack>
        <Stack as="section" aria-labelledby="kategoriak" gap={{ base: '4', md: '6' }}>
          <Flex align="baseline" justify="space-between" gap="4" wrap="wrap">
            <Heading as="h2" id="kategoriak" size={{ base: 'xl', md: '2xl' }} scrollMarginTop="40">
              Fő kategóriák
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {tree.length} kategória
            </Text>
          </Flex>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: '3', md: '4' }}>
            {tree.map((category, index) => (
              <CategoryCard key={category.id} category={category} index={index} />
            ))}
          </SimpleGrid>
        </Stack>

        <SimpleGrid
          as="section"
          aria-label="Hasznos információk"
          columns={{ base: 1, md: 3 }}
          gap="4"
          mt={{ base: '10', md: '14' }}
        >
          {INFO_LINKS.map((info) => (
            <Card.Root
              key={info.slug}
              asChild
              variant="subtle"
              bg="brand.subtle"
              _hover={{ bg: 'brand.muted' }}
              transition="background 0.15s"
            >
              <Link to="/page/$slug" params={{ slug: info.slug }}>
                <Card.Body flexDirection="row" gap="4" alignItems="flex-start">
                  <Flex
                    boxSize="10"
                    flexShrink={0}
                    borderRadius="full"
                    bg="white"
                    color="brand.fg"
                    align="center"
                    justify="center"
                  >
                    <info.icon aria-hidden="true" />
                  </Flex>
                  <Box>
                    <Heading as="h3" size="sm">
                      {info.title}
                    </Heading>
                    <Text fontSize="sm" color="fg.muted" mt="1">
                      {info.text}
                    </Text>
                  </Box>
                </Card.Body>
              </Link>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
