import { Box, Button, Link as ChakraLink, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import type { TShopDetails } from '@shop/api/schemas';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { LuClock, LuMail, LuMapPin, LuPhone } from 'react-icons/lu';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { useTRPC } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';
import { ContactForm } from './contact-form';

function CompanyCard({ shop }: { shop: TShopDetails }) {
  const phoneHref = `tel:${shop.phone.replace(/[^\d+]/g, '')}`;
  return (
    <Box
      as="address"
      fontStyle="normal"
      bg="shop.surface"
      borderWidth="1px"
      borderRadius="l3"
      p={{ base: '5', md: '6' }}
      aria-labelledby="cegadatok"
    >
      <Heading as="h2" id="cegadatok" size="md" mb="4">
        {shop.companyName || shop.shopName}
      </Heading>
      <Stack gap="3" fontSize="sm">
        {shop.address && (
          <Text display="flex" gap="2">
            <Box as={LuMapPin} flexShrink={0} mt="0.5" aria-hidden="true" />
            {shop.address}
          </Text>
        )}
        {shop.email && (
          <Text display="flex" gap="2">
            <Box as={LuMail} flexShrink={0} mt="0.5" aria-hidden="true" />
            <ChakraLink href={`mailto:${shop.email}`} colorPalette="brand">
              {shop.email}
            </ChakraLink>
          </Text>
        )}
        {shop.phone && (
          <Text display="flex" gap="2">
            <Box as={LuPhone} flexShrink={0} mt="0.5" aria-hidden="true" />
            <ChakraLink href={phoneHref} colorPalette="brand">
              {shop.phone}
            </ChakraLink>
          </Text>
        )}
        {shop.phoneHours && (
          <Text display="flex" gap="2" color="fg.muted">
            <Box as={LuClock} flexShrink={0} mt="0.5" aria-hidden="true" />
            Telefonos ügyfélszolgálat: {shop.phoneHours}
          </Text>
        )}
        {(shop.taxNumber || shop.registrationNumber) && (
          <Text color="fg.muted">
            {shop.taxNumber && <>Adószám: {shop.taxNumber}</>}
            {shop.taxNumber && shop.registrationNumber && <br />}
            {shop.registrationNumber && <>Cégjegyzékszám: {shop.registrationNumber}</>}
          </Text>
        )}
        {shop.mapUrl && (
          <Button asChild variant="outline" size="sm" alignSelf="flex-start" mt="1">
            <a href={shop.mapUrl} target="_blank" rel="noopener noreferrer">
              <LuMapPin /> Megnézem a térképen
            </a>
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** A signed-in customer does not type their name and address again. */
function usePrefill() {
  const trpc = useTRPC();
  const token = useToken();
  const { data: user, isPending } = useQuery({
    ...trpc.user.details.queryOptions(),
    enabled: Boolean(token),
  });
  if (!token) return { ready: true, prefill: undefined };
  if (isPending) return { ready: false, prefill: undefined };
  return {
    ready: true,
    prefill: user
      ? { name: `${user.lastName} ${user.firstName}`, email: user.email, phone: user.phone ?? '' }
      : undefined,
  };
}

/** Route contact (README.md, "Routes"): the form, the company's details and a map link. */
export function ContactPage() {
  const trpc = useTRPC();
  const { data: shop } = useSuspenseQuery(trpc.shop.details.queryOptions());
  const { ready, prefill } = usePrefill();

  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle('Kapcsolat')}</title>
      <Stack gap={{ base: '5', md: '6' }}>
        <PageBreadcrumb entries={[{ key: 'contact', label: 'Kapcsolat' }]} />
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            Kapcsolat
          </Heading>
          <Text mt="1" color="fg.muted">
            Kérdésed van egy termékről vagy a rendelésedről? Írj nekünk, munkanapokon hamar válaszolunk.
          </Text>
        </Box>
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
          gap={{ base: '5', lg: '8' }}
          alignItems="start"
        >
          <Box bg="shop.surface" borderWidth="1px" borderRadius="l3" p={{ base: '4', md: '6' }}>
            {ready && <ContactForm prefill={prefill} />}
          </Box>
          <CompanyCard shop={shop} />
        </Grid>
      </Stack>
    </Container>
  );
}
