import { Box, Card, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { IconType } from 'react-icons';
import { LuBookOpen, LuFileText, LuTruck } from 'react-icons/lu';
import { selectItems } from '../../lib/select-items';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { LazyBannerCarousel, LazyHomeTop } from '../home-banners/lazy-home-banners';
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

/**
 * Route index (README.md, "Routes"): the active heroes (or the welcome band), the slider, featured and
 * popular products, categories.
 */
export function HomePage() {
  const trpc = useTRPC();
  const { data: tree } = useSuspenseQuery(categoryTreeOptions(trpc));
  const { data: featured } = useSuspenseQuery(featuredProductsOptions(trpc));
  const { data: popular } = useSuspenseQuery(popularProductsOptions(trpc));
  const { data: heroList } = useSuspenseQuery(
    trpc.hero.list.queryOptions(undefined, { select: selectItems }),
  );
  const { data: slides } = useSuspenseQuery(
    trpc.sliders.getActive.queryOptions(undefined, { select: selectItems }),
  );
  // An admin's list also holds the heroes not showing now; the shop shows what shoppers see.
  const heroes = heroList.filter((hero) => hero.active);

  return (
    <>
      <title>{pageTitle()}</title>
      <Suspense fallback={<Box bg="brand.800" minH={{ base: '24rem', md: '22rem', lg: '27rem' }} />}>
        <LazyHomeTop heroes={heroes} />
      </Suspense>

      <Container maxW="7xl" py={{ base: '8', md: '12' }}>
        {slides.length > 0 && (
          <Box mb={{ base: '10', md: '14' }}>
            <Suspense fallback={<Box minH={{ base: '24rem', md: '18rem', lg: '22rem' }} />}>
              <LazyBannerCarousel slides={slides} />
            </Suspense>
          </Box>
        )}
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
