import { Container, SimpleGrid } from '@chakra-ui/react';
import type { TBanner } from '@shop/api/schemas';
import { BannerSlide } from './banner-slide';

/**
 * The active heroes in their order: the first is the page's full-width band and carries its h1; any
 * further ones stand below it as smaller banners side by side.
 */
export function HeroBanners({ heroes }: { heroes: TBanner[] }) {
  const [first, ...rest] = heroes;
  if (!first) return null;
  return (
    <>
      <BannerSlide slide={first} size="hero" headingLevel="h1" eager />
      {rest.length > 0 && (
        <Container maxW="7xl" pt={{ base: '6', md: '8' }}>
          <SimpleGrid as="section" aria-label="További ajánlatok" columns={{ base: 1, md: 2 }} gap="4">
            {rest.map((hero) => (
              <BannerSlide key={hero.id} slide={hero} size="card" />
            ))}
          </SimpleGrid>
        </Container>
      )}
    </>
  );
}
