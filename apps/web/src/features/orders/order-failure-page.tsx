import { Box, Button, Flex, Heading, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import type { TOrder } from '@shop/api/schemas';
import { Link } from '@tanstack/react-router';
import { LuCreditCard } from 'react-icons/lu';
import { Price } from '../catalog/price-display';
import { OrderResultFrame } from './order-frame';
import { PaymentOptions } from './payment-options';
import { useOrderRef } from './use-order-ref';

function OrderLink({ order, accessKey, label }: { order: TOrder; accessKey?: string; label: string }) {
  return (
    <Button asChild variant="outline" size="lg">
      <Link to="/order/$id" params={{ id: String(order.id) }} search={accessKey ? { key: accessKey } : {}}>
        {label}
      </Link>
    </Button>
  );
}

/** The order no longer waits for a card payment: it was paid, is being paid, or got another method. */
function Settled({ order, accessKey }: { order: TOrder; accessKey?: string }) {
  const pending = order.paymentState === 'pending';
  return (
    <Stack gap="4" textAlign="center" align="center">
      <Text color="fg.muted" maxW="lg">
        {pending
          ? 'Ennek a rendelésnek a fizetése még folyamatban van. Az eredményről e-mailben értesítünk.'
          : 'Ez a rendelés már nem vár kártyás fizetésre: a fizetése rendben van, vagy más fizetési módot választottál.'}
      </Text>
      <OrderLink order={order} accessKey={accessKey} label="Rendelés megtekintése" />
    </Stack>
  );
}

/**
 * /order/failure?order=<id>: the card payment did not go through. The order and its products are
 * kept; the shopper pays again by card or picks cash on delivery or transfer.
 */
export function OrderFailurePage({ orderId }: { orderId: number | undefined }) {
  const { order, key, loading } = useOrderRef(orderId);

  return (
    <OrderResultFrame title="Sikertelen fizetés">
      <VStack gap="5" textAlign="center">
        <Flex
          boxSize="16"
          borderRadius="full"
          bg="orange.50"
          color="orange.600"
          align="center"
          justify="center"
        >
          <LuCreditCard size={32} aria-hidden="true" />
        </Flex>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.01em">
          A fizetés most nem sikerült
        </Heading>
        {loading ? (
          <Skeleton h="40" w="full" />
        ) : order ? (
          <>
            <Text color="fg.muted" maxW="lg">
              Semmi gond: a fizetés nem jött létre, így terhelés sem történt. A rendelésedet megőriztük; ha
              újra fizetsz vagy másik fizetési módot választasz, a termékeket – amíg készleten vannak – ismét
              lefoglaljuk neked.
            </Text>
            <Flex as="dl" gap={{ base: '4', sm: '10' }} justify="center" wrap="wrap">
              <Box>
                <Text as="dt" fontSize="sm" color="fg.muted">
                  Rendelésszám
                </Text>
                <Text as="dd" fontSize="2xl" fontWeight="bold">
                  {order.number}
                </Text>
              </Box>
              <Box>
                <Text as="dt" fontSize="sm" color="fg.muted">
                  Végösszeg
                </Text>
                <Text as="dd" fontSize="2xl" fontWeight="bold">
                  <Price forints={order.total} />
                </Text>
              </Box>
            </Flex>
            {order.canPay ? (
              <Box w="full" textAlign="start" borderTopWidth="1px" pt="5">
                <PaymentOptions order={order} accessKey={key} />
              </Box>
            ) : (
              <Settled order={order} accessKey={key} />
            )}
          </>
        ) : (
          <Text color="fg.muted" maxW="lg">
            A rendelésedet megőriztük. A visszaigazoló e-mailben található linken bármikor megnyithatod,
            kifizetheted bankkártyával, vagy választhatsz másik fizetési módot.
          </Text>
        )}
        <Button asChild variant="ghost" color="fg.muted">
          <Link to="/">Vissza a főoldalra</Link>
        </Button>
      </VStack>
    </OrderResultFrame>
  );
}
