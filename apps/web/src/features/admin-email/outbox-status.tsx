import { Badge } from '@chakra-ui/react';
import type { TOutboxStatus } from '@shop/api/schemas';

export const OUTBOX_STATUS_LABELS: Record<TOutboxStatus, string> = {
  pending: 'Várakozik',
  sent: 'Elküldve',
  failed: 'Sikertelen',
};

const PALETTE: Record<TOutboxStatus, string> = { pending: 'orange', sent: 'green', failed: 'red' };

export function OutboxStatusBadge({ status }: { status: TOutboxStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle">
      {OUTBOX_STATUS_LABELS[status]}
    </Badge>
  );
}
