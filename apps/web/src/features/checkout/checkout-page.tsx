import {
  Alert,
  Box,
  Button,
  Link as ChakraLink,
  Container,
  EmptyState,
  Grid,
  Heading,
  Skeleton,
  Spinner,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import type { TCart, TPaymentMethod, TShippingMethod } from '@shop/api/schemas';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { LuShoppingBag } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import { TextField } from '../../components/form/fields';
import { useFocusFirstProblem } from '../../components/form/use-focus-first-problem';
import { PageBreadcrumb } from '../../components/page-breadcrumb';
import { pageTitle } from '../../lib/shop-info';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useToken } from '../../lib/use-storage';
import { reportAnalytics } from '../analytics/analytics-events';
import { trackCheckoutStart } from '../consent/barion-pixel';
import { BillingSection } from './billing-section';
import { CheckoutSection } from './checkout-section';
import { allowedPaymentMethods, withShippingMethod } from './checkout-values';
import { ContactSection } from './contact-section';
import { useFocusPageHeadingOnArrival } from './focus-page-heading';
import { OrderSummary } from './order-summary';
import { PaymentMethodSection } from './payment-section';
import { PickupPointSection } from './pickup-point-section';
import { ShippingAddressSection, ShippingMethodSection } from './shipping-section';
import { useCheckout } from './use-checkout';

function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <title>{pageTitle('Pénztár')}</title>
      <Stack gap="5">
        <PageBreadcrumb
          entries={[
            { key: 'cart', label: 'Kosár', link: (label) => <AppLink href="/cart">{label}</AppLink> },
            { key: 'checkout', label: 'Pénztár' },
          ]}
        />
        {children}
      </Stack>
    </Container>
  );
}

function EmptyCart() {
  return (
    <EmptyState.Root bg="shop.surface" borderWidth="1px" borderRadius="l3" py="14">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuShoppingBag />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>A kosarad üres</EmptyState.Title>
          <EmptyState.Description>
            A rendeléshez tegyél néhány terméket a kosárba. Nézz körül a kínálatunkban!
          </EmptyState.Description>
        </VStack>
        <Button asChild colorPalette="brand" size="lg">
          <Link to="/">Vásárlás folytatása</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** Shown between a placed order and the next page (the card gateway or the thank-you page). */
function LeavingNotice({ toGateway }: { toGateway: boolean }) {
  return (
    <VStack gap="4" py="16" textAlign="center" role="status">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
      <Heading as="h1" size="xl">
        {toGateway ? 'Átirányítás a biztonságos fizetési oldalra…' : 'A rendelésedet rögzítettük…'}
      </Heading>
      <Text color="fg.muted">Kérjük, ne zárd be az ablakot.</Text>
    </VStack>
  );
}

/** Reports the checkout's opening to the Barion Pixel and to analytics once, with the cart it opened with. */
function useTrackCheckoutStart(cart: TCart | undefined) {
  const reported = useRef(false);
  useEffect(() => {
    if (!cart || cart.lines.length === 0 || reported.current) return;
    reported.current = true;
    // A gift is reported at what the shopper pays for it: nothing.
    const items = cart.lines.map((line) => ({
      id: line.product,
      name: line.title,
      quantity: line.quantity,
      unitPrice: line.gift ? 0 : line.unitPrice,
    }));
    const gifts = cart.lines.reduce((sum, line) => sum + (line.gift ? line.lineTotal : 0), 0);
    trackCheckoutStart(items, cart.subtotal - gifts);
    reportAnalytics({
      kind: 'begin_checkout',
      items: items.map(({ unitPrice, ...item }) => ({ ...item, price: unitPrice })),
      value: cart.subtotal - gifts,
    });
  }, [cart]);
}

function CheckoutForm({
  shippingMethods,
  paymentMethods,
}: {
  shippingMethods: TShippingMethod[];
  paymentMethods: TPaymentMethod[];
}) {
  const checkout = useCheckout(shippingMethods, paymentMethods);
  const { values, setValues, errors, cart, shipping, payment, totals } = checkout;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstProblem(formRef, checkout.refusals);
  useTrackCheckoutStart(cart);

  if (checkout.placed) return <LeavingNotice toGateway={checkout.placed.payment !== null} />;
  if (!cart) {
    if (checkout.cartError) {
      return (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>A kosár most nem tölthető be.</Alert.Title>
            <Alert.Description>{errorMessage(checkout.cartError)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void checkout.refetchCart()}>
            Újrapróbálom
          </Button>
        </Alert.Root>
      );
    }
    return (
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 27rem' }} gap="6" aria-busy="true">
        <Skeleton h="96" borderRadius="l3" />
        <Skeleton h="80" borderRadius="l3" />
      </Grid>
    );
  }
  if (cart.lines.length === 0 || !totals) return <EmptyCart />;

  const needsAddress = shipping?.needsAddress ?? true;
  const update = (patch: Partial<typeof values>) => setValues((current) => ({ ...current, ...patch }));
  let step = 0;
  const next = () => ++step;

  return (
    <Grid
      asChild
      templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 27rem' }}
      gap={{ base: '5', lg: '6' }}
      alignItems="start"
    >
      <form ref={formRef} onSubmit={checkout.submit} {...checkout.track} noValidate aria-label="Megrendelés">
        <Stack gap={{ base: '4', md: '5' }} minW="0">
          <ShippingMethodSection
            step={next()}
            methods={shippingMethods}
            value={values.shippingMethod}
            onChange={(method) =>
              setValues((current) => ({
                ...withShippingMethod(current, method, paymentMethods),
                // A point of another carrier cannot go with this method.
                pickupPoint:
                  current.pickupPoint?.carrier === method.pickupCarrier ? current.pickupPoint : null,
              }))
            }
            itemsTotal={cart.subtotal}
            pickupPointChosen={values.pickupPoint?.carrier === shipping?.pickupCarrier}
            error={errors.shippingMethod}
          />
          {shipping?.pickupCarrier && (
            <PickupPointSection
              step={next()}
              carrier={shipping.pickupCarrier}
              value={values.pickupPoint}
              onChange={(pickupPoint) => update({ pickupPoint })}
              error={errors.pickupPoint ?? errors['pickupPoint.id'] ?? errors['pickupPoint.carrier']}
            />
          )}
          <PaymentMethodSection
            step={next()}
            methods={allowedPaymentMethods(shipping, paymentMethods)}
            value={values.paymentMethod}
            onChange={(paymentMethod) => update({ paymentMethod })}
            shippingName={shipping?.name}
            error={errors.paymentMethod}
          />
          <ContactSection step={next()} values={values} onChange={update} errors={errors} />
          {needsAddress && (
            <ShippingAddressSection
              step={next()}
              value={values.shipping}
              onChange={(address) => update({ shipping: address })}
              errors={errors}
              savedAddresses={checkout.savedAddresses}
            />
          )}
          <BillingSection
            step={next()}
            values={values}
            onChange={update}
            errors={errors}
            needsShippingAddress={needsAddress}
            savedAddresses={checkout.savedAddresses}
          />
          <CheckoutSection step={next()} title="Megjegyzés">
            <TextField
              label="Üzenet a rendeléshez"
              helper="Nem kötelező; például kapukód vagy kézbesítési kérés."
              value={values.note}
              onValueChange={(note) => update({ note })}
              error={errors.note}
              maxLength={2000}
            />
          </CheckoutSection>
        </Stack>
        {/*
          Beside the form on wide screens it follows the shopper down; no height of its own, so a summary
          taller than the screen shows its end (the terms and the order button) with the form's, when the
          page is scrolled, never hidden in a box of its own.
        */}
        <Box minW="0" position={{ lg: 'sticky' }} top={{ lg: '40' }}>
          <OrderSummary
            cart={cart}
            totals={totals}
            shipping={shipping}
            payment={payment}
            acceptTerms={values.acceptTerms}
            onAcceptTerms={(acceptTerms) => update({ acceptTerms })}
            termsError={errors.acceptTerms}
            problem={checkout.problem}
            pending={checkout.pending}
            couponCode={checkout.couponCode}
            onCouponChange={checkout.setCouponCode}
          />
        </Box>
      </form>
    </Grid>
  );
}

function GuestHint() {
  return (
    <Text color="fg.muted">
      Vendégként rendelsz.{' '}
      <ChakraLink asChild color="brand.fg" fontWeight="medium">
        <Link to="/order/services/account">Van fiókod? Jelentkezz be!</Link>
      </ChakraLink>
    </Text>
  );
}

/** /order/checkout: one page from shipping method to the order button; guests and customers alike. */
export function CheckoutPage() {
  const trpc = useTRPC();
  const signedIn = Boolean(useToken());
  useFocusPageHeadingOnArrival();
  const { data: shipping } = useSuspenseQuery(trpc.checkout.shippingList.queryOptions());
  const { data: payment } = useSuspenseQuery(trpc.checkout.paymentList.queryOptions());
  return (
    <CheckoutFrame>
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
          Pénztár
        </Heading>
        {!signedIn && <GuestHint />}
      </Stack>
      <CheckoutForm shippingMethods={shipping.items} paymentMethods={payment.items} />
    </CheckoutFrame>
  );
}
