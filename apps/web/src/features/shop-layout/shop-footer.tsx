import { Box, Link as ChakraLink, Container, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { selectItems } from '../../lib/select-items';
import { SHOP_INFO } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { openConsentSettings } from '../consent/consent-state';
import { FooterNewsletter } from '../newsletter/footer-newsletter';
import { LogoMark } from './logo';

export function ShopFooter() {
  const trpc = useTRPC();
  const { data: pages } = useSuspenseQuery(trpc.page.list.queryOptions(undefined, { select: selectItems }));
  const footerPages = pages.filter((page) => page.published && page.inFooter);

  return (
    <Box as="footer" bg="shop.footer" color="shop.footerFg" mt="auto">
      <Container maxW="7xl" py={{ base: '10', md: '14' }}>
        <Grid templateColumns={{ base: '1fr', md: '1.3fr 1fr 1fr' }} gap={{ base: '8', md: '12' }}>
          <Stack gap="3">
            <Flex align="center" gap="2">
              <LogoMark size={28} />
              <Text fontSize="xl" fontWeight="extrabold" color="white">
                {SHOP_INFO.name}
              </Text>
            </Flex>
            <Text fontSize="sm" color="shop.footerMuted" maxW="sm">
              Magyar webáruház, magyar ügyfélszolgálattal. Kérdésed van a rendeléseddel kapcsolatban? Írj vagy
              hívj minket munkanapokon.
            </Text>
          </Stack>
          <Box as="nav" aria-label="Információk">
            <Heading as="h2" size="sm" color="white" mb="3">
              Információk
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none" fontSize="sm">
              <li>
                <ChakraLink asChild color="shop.footerFg" _hover={{ color: 'white' }}>
                  <Link to="/blog">Blog</Link>
                </ChakraLink>
              </li>
              {footerPages.map((page) => (
                <li key={page.id}>
                  <ChakraLink asChild color="shop.footerFg" _hover={{ color: 'white' }}>
                    <Link to="/page/$slug" params={{ slug: page.slug }}>
                      {page.title}
                    </Link>
                  </ChakraLink>
                </li>
              ))}
              <li>
                <ChakraLink asChild color="shop.footerFg" _hover={{ color: 'white' }}>
                  <Link to="/contact">Kapcsolat</Link>
                </ChakraLink>
              </li>
              <li>
                <ChakraLink asChild color="shop.footerFg" _hover={{ color: 'white' }}>
                  <button type="button" onClick={openConsentSettings}>
                    Süti beállítások
                  </button>
                </ChakraLink>
              </li>
            </Stack>
          </Box>
          <Box as="address" fontStyle="normal" fontSize="sm">
            <Heading as="h2" size="sm" color="white" mb="3">
              Elérhetőség
            </Heading>
            <Stack gap="1.5">
              <Text>{SHOP_INFO.company}</Text>
              <Text>{SHOP_INFO.address}</Text>
              <ChakraLink
                href={`mailto:${SHOP_INFO.email}`}
                color="shop.footerFg"
                _hover={{ color: 'white' }}
              >
                {SHOP_INFO.email}
              </ChakraLink>
              <ChakraLink
                href={`tel:${SHOP_INFO.phone.replaceAll(' ', '')}`}
                color="shop.footerFg"
                _hover={{ color: 'white' }}
              >
                {SHOP_INFO.phone}
              </ChakraLink>
              <Text color="shop.footerMuted">Ügyfélszolgálat: {SHOP_INFO.openingHours}</Text>
              <Text color="shop.footerMuted">
                Adószám: {SHOP_INFO.taxNumber} · Cégjegyzékszám: {SHOP_INFO.companyRegistration}
              </Text>
            </Stack>
          </Box>
          <FooterNewsletter />
        </Grid>
      </Container>
      <Box borderTopWidth="1px" borderColor="whiteAlpha.200">
        <Container maxW="7xl" py="4">
          <Text fontSize="xs" color="shop.footerMuted">
            © {new Date().getFullYear()} {SHOP_INFO.company} Minden jog fenntartva.
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
