import { Box, Button, Link as ChakraLink, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LuArrowLeft, LuArrowRight, LuUserRoundCheck } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useToken } from '../../lib/use-storage';
import { SignInPanel } from '../auth/sign-in-panel';
import { useFocusPageHeadingOnArrival } from './focus-page-heading';

function GuestChoice() {
  return (
    <Flex
      as="section"
      aria-labelledby="vendeg-cim"
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
      gap={{ base: '4', md: '6' }}
      bg="shop.surface"
      borderWidth="2px"
      borderColor="brand.emphasized"
      borderRadius="l3"
      boxShadow="xs"
      p={{ base: '5', md: '6' }}
    >
      <Flex gap="4" align="flex-start" flex="1">
        <Flex
          boxSize="11"
          flexShrink={0}
          borderRadius="full"
          bg="brand.subtle"
          color="brand.fg"
          align="center"
          justify="center"
          hideBelow="sm"
        >
          <LuUserRoundCheck size={22} aria-hidden="true" />
        </Flex>
        <Box>
          <Heading as="h2" size="xl" id="vendeg-cim">
            Vásárlás regisztráció nélkül
          </Heading>
          <Text mt="1" color="fg.muted" fontSize="sm">
            Nem kell fiókot létrehoznod: a pénztárban megadod a szállítási és számlázási adataidat, a
            rendelésedet pedig a visszaigazoló e-mailben kapott linken követheted.
          </Text>
        </Box>
      </Flex>
      <Button asChild colorPalette="brand" size="lg" flexShrink={0}>
        <Link to="/order/checkout">
          Folytatás vendégként <LuArrowRight />
        </Link>
      </Button>
    </Flex>
  );
}

/**
 * /order/services/account (spec order-services-account): where "Tovább a pénztárhoz" takes a guest.
 * Sign in (then straight on to the checkout), register, or go on as a guest. A signed-in customer
 * never stays here (the route sends them on; so does signing in on this page).
 */
export function CheckoutAccountPage() {
  const token = useToken();
  const navigate = useNavigate();
  useFocusPageHeadingOnArrival();

  useEffect(() => {
    if (token) void navigate({ to: '/order/checkout', replace: true });
  }, [token, navigate]);

  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle('Pénztár – bejelentkezés vagy vendégként')}</title>
      <Stack gap="5">
        <PageBreadcrumb
          entries={[
            { key: 'cart', label: 'Kosár', link: (label) => <AppLink href="/cart">{label}</AppLink> },
            { key: 'checkout', label: 'Pénztár' },
          ]}
        />
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            Hogyan szeretnél rendelni?
          </Heading>
          <Text mt="1" color="fg.muted">
            Jelentkezz be, regisztrálj, vagy rendelj vendégként. A kosarad mindhárom esetben megmarad.
          </Text>
        </Box>
        <GuestChoice />
        <SignInPanel />
        <Text fontSize="sm" color="fg.muted">
          Regisztráció után a <strong>Fiókom</strong> oldalon a „Tovább a pénztárhoz” gombbal folytathatod a
          rendelést.
        </Text>
        <ChakraLink asChild color="brand.fg" fontSize="sm" alignSelf="flex-start">
          <AppLink href="/cart">
            <LuArrowLeft /> Vissza a kosárhoz
          </AppLink>
        </ChakraLink>
      </Stack>
    </Container>
  );
}
