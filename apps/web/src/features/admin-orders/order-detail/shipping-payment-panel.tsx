import { Box, Stack, Text } from '@chakra-ui/react';
import { PAYMENT_STATE_LABELS } from '@shop/api/schemas';
import { formatPrice } from '@shop/ui';
import { type Detail, Muted, Panel } from './panel';

export function ShippingPaymentPanel({ detail }: { detail: Detail }) {
  const { order } = detail;
  return (
    <Panel title="Szállítás és fizetés">
      <Stack gap="3" fontSize="sm">
        <Box>
          <Text fontWeight="medium">{order.shippingMethod.name}</Text>
          <Muted>
            {formatPrice(order.shippingMethod.fee)}
            {order.shippingMethod.deliveryTime ? ` · ${order.shippingMethod.deliveryTime}` : ''}
          </Muted>
        </Box>
        <Box>
          <Text fontWeight="medium">{order.paymentMethod.name}</Text>
          <Muted>{PAYMENT_STATE_LABELS[order.paymentState]}</Muted>
        </Box>
      </Stack>
    </Panel>
  );
}
