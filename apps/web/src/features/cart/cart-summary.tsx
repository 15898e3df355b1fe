import { Box, Button, Flex, Heading, Progress, Separator, Stack, Text } from '@chakra-ui/react';
import type { TCart } from '@shop/api/schemas';
import { formatNumber } from '@shop/ui';
import type { ReactNode } from 'react';
import { LuArrowRight, LuCircleCheck, LuPercent, LuTruck } from 'react-icons/lu';
import { AppLink } from '../../components/app-link';
import { ForintText } from '../catalog/forint-text';
import { Price } from '../catalog/price-display';
import { PriceText } from '../catalog/price-text';
import { CouponForm } from './coupon-form';
import { freeShippingHint } from './free-shipping';
import { shippingEstimateNote } from './shipping-estimate-note';

function Row({
  label,
  children,
  strong = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Flex justify="space-between" align="baseline" gap="4">
      <Text as="dt" color={strong ? 'fg' : 'fg.muted'} fontWeight={strong ? 'semibold' : 'normal'}>
        {label}
      </Text>
      <Text as="dd" fontWeight={strong ? 'bold' : 'medium'} fontSize={strong ? 'xl' : 'md'} textAlign="end">
        {children}
      </Text>
    </Flex>
  );
}

function FreeShipping({ shipping }: { shipping: NonNullable<TCart['shipping']> }) {
  const hint = freeShippingHint(shipping);
  if (hint === null || shipping.freeAbove === null) return null;
  const reached = shipping.remainingForFree === 0;
  const progress = Math.round(
    ((shipping.freeAbove - (shipping.remainingForFree ?? 0)) / shipping.freeAbove) * 100,
  );
  return (
    <Box bg={reached ? 'green.subtle' : 'brand.subtle'} borderRadius="l2" px="3" py="2.5">
      <Flex align="center" gap="2" fontSize="sm" fontWeight="medium" color={reached ? 'green.fg' : 'fg'}>
        {reached ? <LuCircleCheck aria-hidden="true" /> : <LuTruck aria-hidden="true" />}
        <Text role="status">
          <PriceText>{(price) => freeShippingHint(shipping, price) ?? ''}</PriceText>
        </Text>
      </Flex>
      {!reached && (
        <Progress.Root
          value={progress}
          size="xs"
          colorPalette="brand"
          mt="2"
          aria-label="Az ingyenes szállításig"
        >
          <Progress.Track bg="white">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </Box>
  );
}

/** One line per discount: "Adventi 10 % (DEMO10)  −1 047 Ft". */
export function DiscountRows({ discounts }: { discounts: TCart['discounts'] }) {
  return discounts
    .filter((discount) => discount.amount > 0)
    .map((discount) => (
      <Row
        key={`${discount.promotionId}-${discount.code}-${discount.shipping}`}
        label={
          <Text as="span" color="green.fg">
            {/* The promotion's name as the admin wrote it: "1 000 Ft kedvezmény" is heard in forints. */}
            <ForintText>{discount.code ? `${discount.label} (${discount.code})` : discount.label}</ForintText>
          </Text>
        }
      >
        <Text as="span" color="green.fg">
          {/* The minus sign is seen; the hearer is told the amount is taken off. */}
          <span aria-hidden="true">−</span>
          <Price forints={discount.amount} label="levonva" />
        </Text>
      </Row>
    ));
}

/**
 * "Még 3 010 Ft, és 10 % kedvezmény jár": the automatic rules the cart is short of, as the server
 * writes them, heard "Még 3010 forint".
 */
function PromotionHints({ hints }: { hints: readonly string[] }) {
  if (hints.length === 0) return null;
  return (
    <Stack gap="2">
      {hints.map((hint) => (
        <Flex
          key={hint}
          align="center"
          gap="2"
          fontSize="sm"
          fontWeight="medium"
          bg="brand.subtle"
          borderRadius="l2"
          px="3"
          py="2.5"
        >
          <LuPercent aria-hidden="true" />
          <Text role="status">
            <ForintText>{hint}</ForintText>
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}

/**
 * The totals beside the lines: subtotal, the discounts, the VAT content of what is paid, the shipping
 * estimate and the free shipping hint, the coupon field, and the way on to the checkout (disabled,
 * with the reason, while a line is not orderable).
 */
export function CartSummary({
  cart,
  checkoutHref,
  clearButton,
  couponCode,
  onCouponChange,
}: {
  cart: TCart;
  checkoutHref: string;
  clearButton: ReactNode;
  couponCode: string | null;
  onCouponChange: (code: string | null) => void;
}) {
  const shipping = cart.shipping;
  const total = cart.itemsTotal + (shipping?.fee ?? 0);
  // The subtotal counts only what can be ordered as it is; so does its label.
  const orderablePieces = cart.lines
    .filter((line) => line.state === 'available')
    .reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Stack
      as="aside"
      aria-labelledby="osszesites"
      gap="4"
      bg="shop.surface"
      borderWidth="1px"
      borderRadius="l3"
      boxShadow="xs"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" id="osszesites" size="lg">
        Összesítés
      </Heading>
      <Stack as="dl" gap="2">
        <Row
          label={
            <>
              Részösszeg ({formatNumber(orderablePieces)} termék)
              {orderablePieces < cart.itemCount && (
                <Text as="span" display="block" fontSize="xs" color="fg.subtle">
                  a megjelölt tételek nélkül
                </Text>
              )}
            </>
          }
        >
          <Price forints={cart.subtotal} />
        </Row>
        <DiscountRows discounts={cart.discounts} />
        <Row label="Ebből ÁFA">
          <Price forints={cart.vatContent} />
        </Row>
        {shipping && (
          <Row
            label={
              <>
                Szállítás
                <Text as="span" display="block" fontSize="sm" color="fg" fontWeight="medium">
                  {shipping.name}
                </Text>
                <Text as="span" display="block" fontSize="xs" color="fg.muted" mt="0.5">
                  {shippingEstimateNote(shipping)}
                </Text>
              </>
            }
          >
            {shipping.fee === 0 ? 'Ingyenes' : <Price forints={shipping.fee} />}
          </Row>
        )}
      </Stack>
      {shipping && !cart.freeShipping && <FreeShipping shipping={shipping} />}
      <PromotionHints hints={cart.hints} />
      <CouponForm cart={cart} couponCode={couponCode} onChange={onCouponChange} />
      <Separator />
      <Stack as="dl">
        <Row label="Várható végösszeg" strong>
          <Price forints={total} />
        </Row>
      </Stack>
      {cart.orderable ? (
        <Button asChild colorPalette="brand" size="lg" w="full">
          <AppLink href={checkoutHref}>
            Tovább a pénztárhoz <LuArrowRight />
          </AppLink>
        </Button>
      ) : (
        <Stack gap="2">
          <Button colorPalette="brand" size="lg" w="full" disabled aria-describedby="nem-rendelheto">
            Tovább a pénztárhoz <LuArrowRight />
          </Button>
          <Text id="nem-rendelheto" fontSize="sm" color="fg.warning">
            A megjelölt tételek így nem rendelhetők: csökkentsd a mennyiségüket, vagy töröld őket a kosárból.
          </Text>
        </Stack>
      )}
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Button asChild variant="plain" px="0" color="brand.fg" size="sm">
          <AppLink href="/">Vásárlás folytatása</AppLink>
        </Button>
        {clearButton}
      </Flex>
    </Stack>
  );
}
