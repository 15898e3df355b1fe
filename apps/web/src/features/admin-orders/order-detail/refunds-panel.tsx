import { Badge, Box, Button, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import {
  PAYMENT_PROVIDER_LABELS,
  REFUND_STATUS_LABELS,
  type TOrderRefunds,
  type TWithdrawal,
  WITHDRAWAL_STATUS_LABELS,
} from '@shop/api/schemas';
import { formatDate, formatDateTime, formatPrice } from '@shop/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { AdminPanel } from '../../admin/admin-page';
import { useAdminAccess } from '../../admin/use-access';
import { RefundDialog } from './refund-dialog';

const REFUND_STATUS_PALETTE = { pending: 'orange', succeeded: 'green', failed: 'red' } as const;

function WithdrawalCase({
  withdrawal,
  canRefund,
  onComplete,
}: {
  withdrawal: TWithdrawal;
  canRefund: boolean;
  onComplete: () => void;
}) {
  const overdue = withdrawal.status === 'open' && Date.parse(withdrawal.refundDeadline) < Date.now();
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderColor={withdrawal.status === 'open' ? 'orange.300' : 'border'}
      bg={withdrawal.status === 'open' ? 'orange.50' : undefined}
      borderRadius="l2"
      p="3"
    >
      <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
        <Box minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="medium">Elállás: {formatDateTime(withdrawal.createdAt)}</Text>
            <Badge colorPalette={withdrawal.status === 'open' ? 'orange' : 'green'}>
              {WITHDRAWAL_STATUS_LABELS[withdrawal.status]}
            </Badge>
          </Flex>
          <Text fontSize="sm" color={overdue ? 'fg.error' : 'fg.muted'}>
            {withdrawal.status === 'open'
              ? `Visszatérítési határidő: ${formatDate(withdrawal.refundDeadline)}${overdue ? ' (lejárt)' : ''}`
              : `Lezárva: ${withdrawal.completedAt ? formatDateTime(withdrawal.completedAt) : '–'}`}
          </Text>
          <List.Root ps="5" fontSize="sm" mt="1">
            {withdrawal.lines.map((line) => (
              <List.Item key={line.line}>
                {line.title} – {line.quantity} db
              </List.Item>
            ))}
          </List.Root>
          {withdrawal.reason && (
            <Text fontSize="sm" mt="1">
              Indoklás: {withdrawal.reason}
            </Text>
          )}
        </Box>
        {withdrawal.status === 'open' && (
          <Button size="sm" colorPalette="brand" onClick={onComplete} disabled={!canRefund}>
            Lezárás visszatérítéssel
          </Button>
        )}
      </Flex>
    </Box>
  );
}

function RefundList({ refunds }: { refunds: TOrderRefunds['refunds'] }) {
  if (refunds.length === 0) return <Text color="fg.muted">Még nem volt visszatérítés.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none">
      {refunds.map((refund) => (
        <Flex as="li" key={refund.id} justify="space-between" gap="3" wrap="wrap" borderTopWidth="1px" pt="2">
          <Box minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Text fontWeight="medium">{formatPrice(refund.amount)}</Text>
              <Badge colorPalette={REFUND_STATUS_PALETTE[refund.status]}>
                {REFUND_STATUS_LABELS[refund.status]}
              </Badge>
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(refund.createdAt)} · {PAYMENT_PROVIDER_LABELS[refund.provider]}
              {refund.createdBy && ` · ${refund.createdBy}`}
            </Text>
            {refund.lines.length > 0 && (
              <Text fontSize="sm">
                {refund.lines.map((line) => `${line.title} × ${line.quantity}`).join(', ')}
              </Text>
            )}
            {refund.bankAccount && <Text fontSize="sm">Bankszámla: {refund.bankAccount}</Text>}
            {refund.note && <Text fontSize="sm">{refund.note}</Text>}
          </Box>
        </Flex>
      ))}
    </Stack>
  );
}

/**
 * The admin order page's refunds and withdrawals: what was paid and refunded, open withdrawal cases
 * with the day the refund is due, and the refund dialog (also to complete a withdrawal).
 */
export function OrderRefundsPanel({ orderId }: { orderId: number }) {
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.order.refunds.queryOptions({ id: orderId }));
  const [dialog, setDialog] = useState<{ withdrawal?: TWithdrawal } | null>(null);
  // A role without refunds:write sees the figures but not a button the server would refuse.
  const noRefundReason = useAdminAccess().reasonNot('refunds:write');
  const canRefund = Boolean(data?.canRefund) && !noRefundReason;

  return (
    <AdminPanel p={{ base: '4', md: '5' }} aria-labelledby="order-refunds-heading" as="section">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading as="h2" size="md" id="order-refunds-heading">
          Visszatérítések és elállások
        </Heading>
        {data && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => setDialog({})}
            disabled={!canRefund}
            title={noRefundReason ?? undefined}
          >
            Visszatérítés
          </Button>
        )}
      </Flex>
      {error && <Text color="fg.error">{error.message}</Text>}
      {data && (
        <Stack gap="4">
          <Flex gap={{ base: '4', sm: '8' }} wrap="wrap">
            <Box>
              <Text fontSize="xs" color="fg.muted">
                Fizetve
              </Text>
              <Text fontWeight="medium">{formatPrice(data.paid)}</Text>
            </Box>
            <Box>
              <Text fontSize="xs" color="fg.muted">
                Visszatérítve
              </Text>
              <Text fontWeight="medium" data-testid="refunded-total">
                {formatPrice(data.refundedTotal)}
              </Text>
            </Box>
            <Box>
              <Text fontSize="xs" color="fg.muted">
                Még visszatéríthető
              </Text>
              <Text fontWeight="medium">{formatPrice(data.refundable)}</Text>
            </Box>
          </Flex>
          {noRefundReason && (
            <Text fontSize="sm" color="fg.muted">
              {noRefundReason}
            </Text>
          )}
          {data.blockedReason && data.refunds.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              {data.blockedReason}
            </Text>
          )}
          {data.withdrawals.length > 0 && (
            <Stack as="ul" gap="2" listStyleType="none" aria-label="Elállások">
              {data.withdrawals.map((withdrawal) => (
                <WithdrawalCase
                  key={withdrawal.id}
                  withdrawal={withdrawal}
                  canRefund={canRefund}
                  onComplete={() => setDialog({ withdrawal })}
                />
              ))}
            </Stack>
          )}
          <RefundList refunds={data.refunds} />
        </Stack>
      )}
      {dialog && data && (
        <RefundDialog refunds={data} withdrawal={dialog.withdrawal} onClose={() => setDialog(null)} />
      )}
    </AdminPanel>
  );
}
