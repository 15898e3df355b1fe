import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { orderFeeVatClass, type TOrder } from '@shop/api/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuCreditCard } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { Price } from '../catalog/price-display';
import { orderTotals } from '../checkout/checkout-totals';
import { allowedPaymentMethods } from '../checkout/checkout-values';
import { MethodOption, MethodOptions } from '../checkout/method-option';
import { useOrderPayment } from './use-order-payment';

/**
 * For an order whose card payment did not happen: pay again by card, or pick cash on delivery or
 * transfer, with the total that method gives (its fee; cash is rounded to 5 Ft) shown before choosing.
 */
export function PaymentOptions({
  order,
  accessKey,
  cardLabel = 'Fizetés újra bankkártyával',
}: {
  order: TOrder;
  accessKey: string | undefined;
  cardLabel?: string;
}) {
  const trpc = useTRPC();
  const shippingList = useQuery(trpc.checkout.shippingList.queryOptions());
  const paymentList = useQuery(trpc.checkout.paymentList.queryOptions());
  const { payByCard, switchTo, running, busy } = useOrderPayment(order, accessKey);
  const [choice, setChoice] = useState<number | null>(null);

  const shipping = shippingList.data?.items.find((method) => method.id === order.shippingMethod.id);
  const others = allowedPaymentMethods(shipping, paymentList.data?.items ?? []).filter(
    (method) => method.provider !== 'barion',
  );
  const totalWith = (method: (typeof others)[number]) =>
    orderTotals({
      itemsTotal: order.itemsTotal,
      itemsVat: 0,
      shippingFee: order.shippingMethod.fee,
      payment: method,
      feeVatClass: orderFeeVatClass(order.lines.map((line) => line.vatClass)),
    }).total;

  return (
    <Stack gap="5">
      <Button
        colorPalette="accent"
        size="lg"
        alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        onClick={payByCard}
        loading={running === 'card'}
        disabled={busy}
      >
        <LuCreditCard /> {cardLabel}
      </Button>
      {others.length > 0 && (
        <Box as="section" aria-labelledby="masik-fizetesi-mod">
          <Heading as="h2" size="md" id="masik-fizetesi-mod">
            Vagy válassz másik fizetési módot
          </Heading>
          <Text fontSize="sm" color="fg.muted" mt="1" mb="3">
            A rendelés ugyanaz marad; csak a fizetés módja és az esetleges díja változik.
          </Text>
          <MethodOptions label="Másik fizetési mód" value={choice} onValueChange={setChoice}>
            {others.map((method) => (
              <MethodOption
                key={method.id}
                value={method.id}
                title={method.name}
                description={method.description}
                details={
                  <Text>
                    Végösszeg ezzel:{' '}
                    <strong>
                      <Price forints={totalWith(method)} />
                    </strong>
                  </Text>
                }
                price={
                  method.fee > 0 ? (
                    <>
                      +<Price forints={method.fee} />
                    </>
                  ) : (
                    <Text color="fg.muted">díjmentes</Text>
                  )
                }
              />
            ))}
          </MethodOptions>
          <Button
            mt="4"
            variant="outline"
            colorPalette="brand"
            bg="white"
            size="lg"
            w={{ base: 'full', sm: 'auto' }}
            disabled={choice === null || busy}
            loading={running !== null && running !== 'card'}
            onClick={() => choice !== null && switchTo(choice)}
          >
            Fizetési mód módosítása
          </Button>
        </Box>
      )}
    </Stack>
  );
}
