import {
  Alert,
  Box,
  Button,
  Link as ChakraLink,
  Flex,
  Heading,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ORDER_BUTTON_TEXT, type TCart, type TPaymentMethod, type TShippingMethod } from '@shop/api/schemas';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AppLink } from '../../components/app-link';
import { CheckboxField } from '../../components/form/fields';
import { SHOP_INFO } from '../../lib/shop-info';
import { CouponForm } from '../cart/coupon-form';
import { GiftBadge } from '../cart/gift-badge';
import { Price, PriceDisplay } from '../catalog/price-display';
import { TotalsBreakdown } from '../orders/totals-breakdown';
import type { OrderTotals } from './checkout-totals';
import type { CheckoutProblem } from './use-checkout';

function PageLink({ slug, children }: { slug: string; children: ReactNode }) {
  // A new tab, so reading the terms never loses what the shopper typed.
  return (
    <ChakraLink asChild color="brand.fg" textDecoration="underline">
      <Link to="/page/$slug" params={{ slug }} target="_blank">
        {children}
      </Link>
    </ChakraLink>
  );
}

function SummaryLines({ lines }: { lines: TCart['lines'] }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Termékek">
      {lines.map((line) => (
        // A gift may be the same product as a line the shopper put in: its key says which.
        <Box as="li" key={`${line.gift ? 'ajandek:' : ''}${line.product}:${line.variant ?? ''}`}>
          <Flex justify="space-between" gap="3" align="flex-start">
            <Box minW="0">
              <Text fontSize="sm" fontWeight="medium" lineClamp={2}>
                {line.title}
              </Text>
              {line.gift ? (
                <GiftBadge mt="1" />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {line.quantity} {line.unit} × <Price forints={line.unitPrice} />
                </Text>
              )}
            </Box>
            {line.gift ? (
              <Box fontSize="sm" fontWeight="semibold" whiteSpace="nowrap" flexShrink="0">
                <PriceDisplay
                  size="inline"
                  price={line.lineTotal - line.discount}
                  originalPrice={line.lineTotal}
                  lowestPrice30d={null}
                />
              </Box>
            ) : (
              <Text fontSize="sm" fontWeight="semibold" whiteSpace="nowrap">
                <Price forints={line.lineTotal} label="Összesen" />
              </Text>
            )}
          </Flex>
          {line.message && (
            <Text fontSize="sm" color="fg.error" mt="1">
              {line.message}
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/**
 * Everything 45/2014. Korm. rendelet asks for right before the order button: each line with its gross
 * unit price and total, every fee, the gross total with its VAT, the chosen methods and delivery time,
 * the terms (accepted by an unticked box), privacy and withdrawal information, and a button that says
 * the order means paying.
 */
export function OrderSummary({
  cart,
  totals,
  shipping,
  payment,
  acceptTerms,
  onAcceptTerms,
  termsError,
  problem,
  pending,
  couponCode,
  onCouponChange,
}: {
  cart: TCart;
  totals: OrderTotals;
  shipping: TShippingMethod | undefined;
  payment: TPaymentMethod | undefined;
  acceptTerms: boolean;
  onAcceptTerms: (accepted: boolean) => void;
  termsError?: string;
  problem: CheckoutProblem | null;
  pending: boolean;
  couponCode: string | null;
  onCouponChange: (code: string | null) => void;
}) {
  return (
    <Stack
      as="section"
      aria-labelledby="osszesites-cim"
      gap="4"
      bg="shop.surface"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="sm"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" size="lg" id="osszesites-cim">
        Rendelésed összesítése
      </Heading>
      <Stack gap="2">
        <SummaryLines lines={cart.lines} />
        <ChakraLink asChild fontSize="sm" color="brand.fg" alignSelf="flex-start">
          <AppLink href="/cart">Termékek, mennyiségek módosítása a kosárban</AppLink>
        </ChakraLink>
      </Stack>
      <Separator />
      <CouponForm cart={cart} couponCode={couponCode} onChange={onCouponChange} />
      <TotalsBreakdown
        discounts={cart.discounts}
        itemsTotal={totals.itemsTotal}
        shippingFee={totals.shippingFee}
        shippingName={
          shipping?.deliveryTime
            ? `${shipping.name}, szállítási idő: ${shipping.deliveryTime}`
            : shipping?.name
        }
        paymentFee={totals.paymentFee}
        paymentName={payment?.name}
        rounding={totals.rounding}
        total={totals.total}
        vatContent={totals.vatContent}
      />
      <Text fontSize="xs" color="fg.muted" mt="-2">
        Minden ár bruttó forintár, az áfát tartalmazza.
      </Text>

      <Stack gap="3">
        <CheckboxField checked={acceptTerms} onCheckedChange={onAcceptTerms} error={termsError}>
          Elolvastam és elfogadom az{' '}
          <PageLink slug="altalanos-szerzodesi-feltetelek">Általános Szerződési Feltételeket</PageLink>.
        </CheckboxField>
        <Text fontSize="xs" color="fg.muted">
          Adataidat az <PageLink slug="adatkezelesi-tajekoztato">adatkezelési tájékoztató</PageLink> szerint
          kezeljük. A 14 napos elállási jogról és a szavatosságról az{' '}
          <PageLink slug="altalanos-szerzodesi-feltetelek">ÁSZF „Elállási jog” pontja</PageLink> szól. A gomb
          megnyomásáig bármelyik adatot javíthatod; a rendelés beérkezését e-mailben visszaigazoljuk. Eladó:{' '}
          {SHOP_INFO.company}, {SHOP_INFO.address}, {SHOP_INFO.email}, {SHOP_INFO.phone}.
        </Text>
      </Stack>

      {problem && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{problem.message}</Alert.Title>
            {problem.backToCart && (
              <Alert.Description>
                <ChakraLink asChild color="inherit" textDecoration="underline" fontWeight="semibold">
                  <AppLink href="/cart">Vissza a kosárhoz</AppLink>
                </ChakraLink>
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      {!cart.orderable && !problem && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>A kosár néhány tétele így nem rendelhető.</Alert.Title>
            <Alert.Description>
              <ChakraLink asChild color="inherit" textDecoration="underline" fontWeight="semibold">
                <AppLink href="/cart">Kosár módosítása</AppLink>
              </ChakraLink>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <Button
        type="submit"
        colorPalette="accent"
        size="xl"
        w="full"
        h="auto"
        minH="14"
        py="3"
        whiteSpace="normal"
        loading={pending}
        loadingText="Rendelés küldése…"
        disabled={!cart.orderable}
      >
        {ORDER_BUTTON_TEXT}
      </Button>
    </Stack>
  );
}
