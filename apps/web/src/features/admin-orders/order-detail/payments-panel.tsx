import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATE_LABELS,
  type TPaymentProvider,
  type TPaymentState,
} from '@shop/api/schemas';
import { formatDateTime, formatPrice } from '@shop/ui';
import { useState } from 'react';
import { text } from '../audit-summary';
import { type Detail, Muted, Panel } from './panel';
import { canRecordPayment, PaidStatusBadge, RecordPaymentDialog } from './record-payment';

const EVENT_LABELS: Record<string, string> = {
  start: 'Fizetés indítása',
  callback: 'Visszahívás a Bariontól',
  state: 'Állapotlekérdezés',
  refund: 'Visszatérítés',
  expired: 'Lejárt',
  recorded: 'Befizetés rögzítve',
};

/** What the order was paid, the payments one by one, and "Fizetés rögzítése" for cash on delivery and transfer. */
export function PaymentsPanel({ detail }: { detail: Detail }) {
  const { order } = detail;
  const [recording, setRecording] = useState(false);
  const offline = order.paymentMethod.provider !== 'barion';
  return (
    <Panel
      title="Fizetések"
      actions={
        offline && (
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => setRecording(true)}
            disabled={!canRecordPayment(order)}
          >
            Fizetés rögzítése
          </Button>
        )
      }
    >
      <Flex gap={{ base: '3', sm: '8' }} wrap="wrap" align="center" mb="4" data-testid="paid-summary">
        <PaidStatusBadge status={order.paidStatus} />
        <Box>
          <Text fontSize="xs" color="fg.muted">
            Fizetve
          </Text>
          <Text fontWeight="medium">
            {formatPrice(order.paidTotal)} / {formatPrice(order.total)}
          </Text>
        </Box>
        {order.paidStatus !== 'paid' && (
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Még fizetendő
            </Text>
            <Text fontWeight="medium">{formatPrice(order.total - order.paidTotal)}</Text>
          </Box>
        )}
        {order.paidAt && (
          <Box>
            <Text fontSize="xs" color="fg.muted">
              Teljes kifizetés
            </Text>
            <Text fontWeight="medium">{formatDateTime(order.paidAt)}</Text>
          </Box>
        )}
      </Flex>
      {detail.payments.length === 0 ? (
        <Muted>
          {offline
            ? `${order.paymentMethod.name}: még nincs rögzített befizetés.${
                order.paymentMethod.provider === 'cash_on_delivery'
                  ? ' A teljesítés (kézbesítés vagy átvétel) rögzíti a beszedett összeget.'
                  : ''
              }`
            : 'Még nem indult bankkártyás fizetés.'}
        </Muted>
      ) : (
        <Stack gap="4">
          {detail.payments.map((payment) => (
            <Box key={payment.id} borderWidth="1px" borderRadius="l2" p="3" fontSize="sm">
              <Flex justify="space-between" gap="2" wrap="wrap">
                <Text fontWeight="medium">
                  {formatPrice(payment.amount)} ·{' '}
                  {PAYMENT_PROVIDER_LABELS[payment.provider as TPaymentProvider] ?? payment.provider} ·{' '}
                  {formatDateTime(payment.completedAt ?? payment.createdAt)}
                </Text>
                <Badge variant="subtle">
                  {PAYMENT_STATE_LABELS[payment.status as TPaymentState] ?? payment.status}
                </Badge>
              </Flex>
              {payment.providerPaymentId && (
                <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                  Barion PaymentId: {payment.providerPaymentId}
                </Text>
              )}
              <Stack as="ol" gap="1" mt="2" ps="3" borderStartWidth="2px" listStyleType="none">
                {payment.events.map((event) => (
                  <Box as="li" key={event.id}>
                    <Text>
                      <Text as="span" color="fg.muted">
                        {formatDateTime(event.at)}
                      </Text>{' '}
                      {EVENT_LABELS[event.kind] ?? event.kind}
                      {event.kind === 'recorded'
                        ? event.detail.reason === 'completed'
                          ? ': beszedve a teljesítéskor'
                          : text(event.detail.note) && `: ${text(event.detail.note)}`
                        : event.providerStatus
                          ? `: ${event.providerStatus}`
                          : ''}
                      {typeof event.detail.repeats === 'number' && ` (még ${event.detail.repeats}×)`}
                    </Text>
                  </Box>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {recording && <RecordPaymentDialog order={order} onClose={() => setRecording(false)} />}
    </Panel>
  );
}
