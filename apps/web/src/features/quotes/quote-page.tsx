import {
  Alert,
  Box,
  Button,
  Link as ChakraLink,
  Flex,
  Heading,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TQuoteView } from '@shop/api/schemas';
import { formatDate, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { LuShoppingCart } from 'react-icons/lu';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';
import { SignInPanel } from '../auth/sign-in-panel';
import { Price } from '../catalog/price-display';
import { ProductLink } from '../catalog/product-link';
import { OrderResultFrame } from '../orders/order-frame';

/** What stands between the visitor and the quoted prices, in their words. */
const BLOCKED_TEXT: Record<NonNullable<TQuoteView['blockedBy']>, string> = {
  sign_in:
    'Az ajánlott árakon bejelentkezve rendelhetsz: lépj be azzal az e-mail-címmel, amelyre az ajánlatot küldtük. Ha még nincs fiókod, regisztrálj ezzel a címmel.',
  other_customer:
    'Ez az árajánlat egy másik vásárlónak szól. Annak a fióknak a bejelentkezésével használható, amelynek az e-mail-címére küldtük.',
  expired: 'Ez az árajánlat lejárt. Ha továbbra is érdekelnek a termékek, kérj új ajánlatot!',
  used: 'Ebből az árajánlatból már rendelés készült; egy ajánlat egyszer használható.',
};

/** `2026-12-31` as the shop writes a day. */
const dayLabel = (day: string) => formatDate(`${day}T12:00:00Z`);

function QuoteLines({ quote }: { quote: TQuoteView }) {
  return (
    <Stack as="ul" gap="0" listStyleType="none" aria-label="Az ajánlat tételei">
      {quote.lines.map((line, index) => (
        <Flex
          as="li"
          key={line.id}
          justify="space-between"
          gap="4"
          py="3"
          borderTopWidth={index === 0 ? '0' : '1px'}
        >
          <Box minW="0">
            <Text fontWeight="medium">
              {line.slug ? (
                <ChakraLink asChild color="fg" _hover={{ color: 'brand.fg' }}>
                  <ProductLink slug={line.slug} variant={line.variant}>
                    {line.title}
                  </ProductLink>
                </ChakraLink>
              ) : (
                line.title
              )}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {line.quantity} × <Price forints={line.unitPrice} />
            </Text>
          </Box>
          <Text fontWeight="semibold" whiteSpace="nowrap">
            <Price forints={line.lineTotal} />
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}

function AcceptButton({ token }: { token: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useMutation(
    trpc.quote.accept.mutationOptions({
      onSuccess: (cart) => {
        queryClient.setQueryData(trpc.cart.get.queryKey(), cart);
        toaster.success({ title: 'Az ajánlat tételei a kosárban vannak, az ajánlott árakon.' });
        void navigate({ to: '/cart' });
      },
      meta: { errorTitle: 'Az ajánlatot nem sikerült a kosárba tenni.' },
    }),
  );
  return (
    <Button
      colorPalette="brand"
      size="lg"
      alignSelf={{ base: 'stretch', sm: 'flex-start' }}
      loading={accept.isPending}
      onClick={() => accept.mutate({ token })}
    >
      <LuShoppingCart /> Kosárba teszem
    </Button>
  );
}

/**
 * /quote/{token}: the quote the shop e-mailed, with "Kosárba teszem" for its customer. Anyone with the
 * link sees the lines (the link is the secret); the prices hold in the cart only for the customer.
 */
export function QuotePage({ token }: { token: string }) {
  const trpc = useTRPC();
  const session = useToken();
  const {
    data: quote,
    error,
    isPending,
    refetch,
  } = useQuery({
    ...trpc.quote.view.queryOptions({ token }),
    retry: false,
  });
  // Whether the visitor may accept depends on who is signed in: ask again when that changes.
  const seenSession = useRef(session);
  useEffect(() => {
    if (seenSession.current === session) return;
    seenSession.current = session;
    void refetch();
  }, [session, refetch]);

  if (isPending) {
    return (
      <OrderResultFrame title="Árajánlat">
        <Spinner aria-label="Az árajánlat betöltése" />
      </OrderResultFrame>
    );
  }
  if (error || !quote) {
    return (
      <OrderResultFrame title="Árajánlat">
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            Árajánlat
          </Heading>
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(error)}</Alert.Title>
          </Alert.Root>
          <ChakraLink asChild color="brand.fg" alignSelf="flex-start">
            <Link to="/contact">Új árajánlatot kérek</Link>
          </ChakraLink>
        </Stack>
      </OrderResultFrame>
    );
  }

  return (
    <OrderResultFrame title="Árajánlat">
      <Stack gap="5">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            Árajánlat
          </Heading>
          <Text mt="1" color="fg.muted">
            Érvényes {dayLabel(quote.validUntil)} végéig, egy rendeléshez. Az árak bruttó árak.
          </Text>
        </Box>
        <QuoteLines quote={quote} />
        <Flex justify="space-between" borderTopWidth="2px" pt="3" fontSize="lg" fontWeight="bold">
          <Text>Összesen</Text>
          <Text>
            <Price forints={quote.total} />
          </Text>
        </Flex>
        {quote.note && (
          <Text>
            <strong>Megjegyzés:</strong> {quote.note}
          </Text>
        )}
        {quote.blockedBy === null ? (
          <>
            <Text fontSize="sm" color="fg.muted">
              A tételek az ajánlott mennyiséggel kerülnek a kosárba. Ha a mennyiséget módosítod, arra a
              tételre a bolt mostani ára érvényes.
            </Text>
            <AcceptButton token={token} />
          </>
        ) : (
          <Alert.Root status={quote.blockedBy === 'sign_in' ? 'info' : 'warning'}>
            <Alert.Indicator />
            <Alert.Title fontWeight="normal">{BLOCKED_TEXT[quote.blockedBy]}</Alert.Title>
          </Alert.Root>
        )}
        {quote.blockedBy === 'sign_in' && <SignInPanel />}
      </Stack>
    </OrderResultFrame>
  );
}
