import { Badge } from '@chakra-ui/react';
import { ORDER_STATUS_LABELS, type TOrderStatus } from '@shop/api/schemas';

const PALETTE: Record<TOrderStatus, string> = {
  awaiting_payment: 'orange',
  received: 'blue',
  processing: 'purple',
  packed: 'purple',
  shipped: 'cyan',
  ready_for_pickup: 'cyan',
  completed: 'green',
  cancelled: 'gray',
  payment_failed: 'red',
  refunded: 'gray',
  partially_refunded: 'yellow',
};

export function OrderStatusBadge({
  status,
  size = 'md',
}: {
  status: TOrderStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" size={size} flexShrink={0}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
