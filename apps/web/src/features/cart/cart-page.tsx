import { Box, Button, Container, EmptyState, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatNumber } from '@shop/ui';
import { useState } from 'react';
import { LuShoppingBag, LuTrash2 } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { errorMessage } from '../../lib/trpc';
import { useFocusPageHeadingOnArrival } from '../checkout/focus-page-heading';
import { OfferButton } from '../contact/offer-button';
import { CartLine, GiftCartLine } from './cart-line';
import { CartSummary } from './cart-summary';
import { QuickAddByCodes } from './quick-add-by-codes';
import { useCart } from './use-cart';

/** Where "Tovább a pénztárhoz" leads: a signed-in customer straight to the checkout, a guest to sign in first. */
const CHECKOUT_HREF = { signedIn: '/order/checkout', guest: '/order/services/account' } as const;

function EmptyCart() {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" bg="shop.surface">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuShoppingBag />
        </EmptyState.Indicator>
        <EmptyState.Title>A kosarad üres</EmptyState.Title>
        <EmptyState.Description>
          Nézz körül a termékeink között, vagy add meg a termékkódokat, ha tudod, mit keresel.
        </EmptyState.Description>
        <Button asChild colorPalette="brand">
          <AppLink href="/">Vásárlás folytatása</AppLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function ClearCartButton({ onClear }: { onClear: () => Promise<unknown> }) {
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const clear = async () => {
    setClearing(true);
    try {
      await onClear();
    } catch {
      // The cart's own error toast said why.
    } finally {
      setClearing(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button variant="plain" px="0" size="sm" color="fg.muted" onClick={() => setConfirming(true)}>
        <LuTrash2 /> Kosár ürítése
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Kiüríted a kosarat?"
        confirmLabel="Kosár ürítése"
        onConfirm={() => void clear()}
        loading={clearing}
      >
        Minden termék kikerül a kosárból.
      </ConfirmDialog>
    </>
  );
}

/**
 * Route cart (README.md, "Routes"): the guest's or the customer's cart, its totals and the way to the
 * checkout.
 */
export function CartPage() {
  const { cart, error, refetch, signedIn, add, addMany, remove, clear, couponCode, setCouponCode } =
    useCart();
  // A failed change is toasted by the query client; the line simply shows the cart as it is.
  const ignoreFailure = (change: Promise<unknown>) => void change.catch(() => undefined);
  const empty = cart?.lines.length === 0;
  useFocusPageHeadingOnArrival();

  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle('Kosár')}</title>
      <Stack gap={{ base: '5', md: '6' }}>
        <PageBreadcrumb entries={[{ key: 'cart', label: 'Kosár' }]} />
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
            Kosár
          </Heading>
          {cart && cart.lines.length > 0 && (
            <Text mt="1" color="fg.muted">
              {formatNumber(cart.itemCount)} termék, {formatNumber(cart.lines.length)} tételben
            </Text>
          )}
        </Box>
        {!cart && error ? (
          <Stack gap="3" align="flex-start">
            <Text color="fg.error">{errorMessage(error)}</Text>
            <Button variant="outline" onClick={() => void refetch()}>
              Újra
            </Button>
          </Stack>
        ) : !cart ? (
          <Stack gap="3" aria-busy="true" aria-label="A kosár betöltése">
            <Skeleton h="24" />
            <Skeleton h="24" />
          </Stack>
        ) : (
          // One tree for the empty and the filled cart: the quick-add box keeps its result when its codes
          // fill an empty cart.
          <Grid
            templateAreas={
              empty
                ? `"lines" "quick"`
                : { base: `"lines" "summary" "quick"`, lg: `"lines summary" "quick summary"` }
            }
            templateColumns={{
              base: 'minmax(0, 1fr)',
              lg: empty ? 'minmax(0, 1fr)' : 'minmax(0, 1fr) 22rem',
            }}
            templateRows={{ lg: empty ? undefined : 'auto 1fr' }}
            gap={{ base: '5', lg: '6' }}
            columnGap={{ lg: '8' }}
            alignItems="start"
          >
            <Box gridArea="lines">
              {empty ? (
                <EmptyCart />
              ) : (
                <Box
                  as="ul"
                  aria-label="A kosár tételei"
                  listStyleType="none"
                  bg="shop.surface"
                  borderWidth="1px"
                  borderRadius="l3"
                  px={{ base: '3', md: '5' }}
                >
                  {cart.lines.map((line) =>
                    // A gift may be the same product as a line the shopper put in: its key says which.
                    line.gift ? (
                      <GiftCartLine key={`ajandek:${line.product}`} line={line} />
                    ) : (
                      <CartLine
                        key={`${line.product}:${line.variant ?? ''}`}
                        line={line}
                        onQuantityChange={(quantity) => ignoreFailure(add(line, quantity, { replace: true }))}
                        onRemove={() => ignoreFailure(remove(line))}
                      />
                    ),
                  )}
                </Box>
              )}
            </Box>
            {!empty && (
              <Box gridArea="summary" position={{ lg: 'sticky' }} top={{ lg: '44' }}>
                <CartSummary
                  cart={cart}
                  checkoutHref={signedIn ? CHECKOUT_HREF.signedIn : CHECKOUT_HREF.guest}
                  clearButton={<ClearCartButton onClear={clear} />}
                  couponCode={couponCode}
                  onCouponChange={setCouponCode}
                />
                <OfferButton
                  mt="3"
                  w="full"
                  lines={() =>
                    // A quote is asked for what the shopper buys; a gift is not bought.
                    cart.lines
                      .filter((line) => !line.gift)
                      .map((line) => ({
                        product: line.product,
                        variant: line.variant,
                        title: line.title,
                        quantity: line.quantity,
                      }))
                  }
                />
              </Box>
            )}
            <Box gridArea="quick">
              <QuickAddByCodes addMany={addMany} />
            </Box>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
