import { Box, Button, Flex, Heading, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import type { TOrder } from '@shop/api/schemas';
import { hungarianArticle } from '@shop/api/schemas/hungarian';
import { formatPrice } from '@shop/ui';
import { Link, Navigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { LuCircleCheck } from 'react-icons/lu';
import { useToken } from '../../lib/use-storage';
import { reportAnalytics } from '../analytics/analytics-events';
import { Price } from '../catalog/price-display';
import { PriceText, type PriceWriter } from '../catalog/price-text';
import { trackPurchase } from '../consent/barion-pixel';
import { OrderResultFrame } from './order-frame';
import { useOrderRef } from './use-order-ref';

/** What happens next, in order; `price` writes the total (`spokenPrice` for what a screen reader hears). */
function nextSteps(order: TOrder, price: PriceWriter = formatPrice): string[] {
  const total = price(order.total);
  const pickup = order.shippingAddress === null;
  const handOver = pickup
    ? 'E-mailben szólunk, amikor a csomagod átvehető.'
    : 'E-mailben értesítünk, amikor átadtuk a futárnak.';
  switch (order.paymentMethod.provider) {
    case 'barion':
      return order.paymentState === 'succeeded'
        ? [
            'A bankkártyás fizetés sikerült, a fizetésről külön e-mailt is küldünk.',
            `Összekészítjük a rendelésedet. ${handOver}`,
          ]
        : ['A fizetés visszaigazolására várunk; az eredményről e-mailben értesítünk.', handOver];
    case 'cash_on_delivery':
      return [
        `Összekészítjük a rendelésedet. ${handOver}`,
        `A végösszeget (${total}) ${pickup ? 'átvételkor' : 'a csomag átvételekor a futárnak'} fizeted, készpénzzel vagy bankkártyával.`,
      ];
    case 'bank_transfer':
      return [
        `Kérjük, utald át a végösszeget (${total}) a visszaigazoló e-mailben megadott bankszámlaszámra; a közleménybe a rendelésszámot írd.`,
        `A jóváírás után összekészítjük a rendelésedet. ${handOver}`,
      ];
  }
}

/** Barion wants a purchase only once the money is certain to come: a card payment must have succeeded. */
function isPurchase(order: TOrder): boolean {
  return order.paymentMethod.provider !== 'barion' || order.paymentState === 'succeeded';
}

const pixelItems = (order: TOrder) =>
  order.lines.map((line) => ({
    id: line.product ?? 0,
    name: line.title,
    quantity: line.quantity,
    // A gift is reported at what the shopper paid for it: nothing.
    unitPrice: line.gift ? 0 : line.unitPrice,
  }));

function OrderFacts({ order }: { order: TOrder }) {
  const facts: [string, ReactNode][] = [
    ['Végösszeg', <Price key="total" forints={order.total} />],
    ['Szállítás', [order.shippingMethod.name, order.shippingMethod.deliveryTime].filter(Boolean).join(', ')],
    ['Fizetés', order.paymentMethod.name],
  ];
  return (
    <Stack as="dl" gap="2" w="full" bg="bg.muted" borderRadius="l2" p="4" fontSize="sm">
      {facts.map(([label, value]) => (
        <Flex key={label} justify="space-between" gap="4">
          <Text as="dt" color="fg.muted">
            {label}
          </Text>
          <Text as="dd" fontWeight={label === 'Végösszeg' ? 'bold' : 'medium'} textAlign="end">
            {value}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}

/** /order/success?order=<id>: the thank-you page after a paid, cash-on-delivery or transfer order. */
export function OrderSuccessPage({ orderId }: { orderId: number | undefined }) {
  const signedIn = Boolean(useToken());
  const { order, key, loading } = useOrderRef(orderId);
  useEffect(() => {
    if (!order || !isPurchase(order)) return;
    trackPurchase(order.id, pixelItems(order), order.total);
    reportAnalytics({
      kind: 'purchase',
      orderNumber: order.number,
      items: pixelItems(order).map(({ unitPrice, ...item }) => ({ ...item, price: unitPrice })),
      value: order.total,
      shipping: order.shippingMethod.fee,
      tax: order.vatContent,
    });
  }, [order]);
  // A card payment that never went through is not a success: the failure page offers to pay.
  if (order?.canPay) return <Navigate to="/order/failure" search={{ order: order.id }} replace />;

  return (
    <OrderResultFrame title="Sikeres rendelés">
      <VStack gap="5" textAlign="center">
        <Box color="green.600">
          <LuCircleCheck size={56} aria-hidden="true" />
        </Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
          Köszönjük a rendelésedet!
        </Heading>
        {loading ? (
          <Skeleton h="24" w="full" maxW="sm" />
        ) : order ? (
          <>
            <Box as="dl">
              <Text as="dt" color="fg.muted" fontSize="sm">
                Rendelésszám
              </Text>
              <Text as="dd" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" letterSpacing="0.02em">
                {order.number}
              </Text>
            </Box>
            <Text color="fg.muted" maxW="lg">
              A rendelés visszaigazolását elküldtük {hungarianArticle(order.customer.email)}{' '}
              <strong>{order.customer.email}</strong> címre.
            </Text>
            <Box w="full" textAlign="start">
              <Heading as="h2" size="md" mb="2">
                Mi történik most?
              </Heading>
              <Stack as="ol" gap="1.5" ps="5" listStyleType="decimal" mb="4">
                {nextSteps(order).map((step, index) => (
                  <Text as="li" key={step}>
                    <PriceText>{(price) => nextSteps(order, price)[index] ?? ''}</PriceText>
                  </Text>
                ))}
              </Stack>
              <OrderFacts order={order} />
            </Box>
          </>
        ) : (
          <Text color="fg.muted" maxW="lg">
            A rendelésedet megkaptuk. A visszaigazolást e-mailben elküldtük; benne találod a rendelés
            részleteit és az azok megtekintéséhez szükséges linket.
          </Text>
        )}
        <Flex gap="3" wrap="wrap" justify="center" w="full" direction={{ base: 'column', sm: 'row' }}>
          {order && (
            <Button asChild colorPalette="brand" size="lg">
              <Link to="/order/$id" params={{ id: String(order.id) }} search={key ? { key } : {}}>
                Rendelés megtekintése
              </Link>
            </Button>
          )}
          {signedIn && (
            <Button asChild variant="outline" size="lg">
              <Link to="/services/account" search={{ tab: 'rendeleseim' }}>
                Rendeléseim
              </Link>
            </Button>
          )}
          <Button asChild variant="outline" size="lg">
            <Link to="/">Vásárlás folytatása</Link>
          </Button>
        </Flex>
      </VStack>
    </OrderResultFrame>
  );
}
