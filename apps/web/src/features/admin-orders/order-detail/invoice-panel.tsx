import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { TOrderInvoicesOutput } from '@shop/api/schemas/invoice';
import { formatDateTime, formatPrice, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LuReceipt, LuRotateCw } from 'react-icons/lu';
import { toastError } from '../../../lib/error-toast';
import { useTRPC } from '../../../lib/trpc';
import { AdminPanel } from '../../admin/admin-page';
import { useAdminAccess } from '../../admin/use-access';
import { InvoiceDownloadButton } from '../../orders/invoice-download';

type Document = TOrderInvoicesOutput['items'][number];

const STATUS = {
  pending: { label: 'Kiállításra vár', color: 'orange' },
  issued: { label: 'Kiállítva', color: 'green' },
  failed: { label: 'Sikertelen', color: 'red' },
} as const;

function DocumentRow({ orderId, document }: { orderId: number; document: Document }) {
  const status = STATUS[document.status];
  const title = document.kind === 'storno' ? 'Sztornó számla' : 'Számla';
  return (
    <Box
      borderWidth="1px"
      borderRadius="l2"
      p="3"
      borderColor={document.status === 'failed' ? 'red.300' : 'border'}
    >
      <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
        <Box minW="0">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="medium">{title}</Text>
            <Badge colorPalette={status.color}>{status.label}</Badge>
          </Flex>
          {document.number && (
            <Text fontSize="lg" fontWeight="semibold" mt="1" data-testid={`invoice-number-${document.kind}`}>
              {document.number}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            {document.issuedAt
              ? `${formatDateTime(document.issuedAt)}${document.grossTotal !== null ? ` · bruttó ${formatPrice(document.grossTotal)}` : ''}`
              : document.status === 'pending'
                ? `Próbálkozások: ${document.attempts} / 5${document.nextAttemptAt ? ` · következő: ${formatDateTime(document.nextAttemptAt)}` : ''}`
                : `Próbálkozások: ${document.attempts}`}
          </Text>
        </Box>
        {document.url && (
          <InvoiceDownloadButton
            orderId={orderId}
            kind={document.kind}
            label={document.kind === 'storno' ? 'Sztornó PDF' : 'Számla PDF'}
          />
        )}
      </Flex>
      {document.lastError && document.status !== 'issued' && (
        <Text fontSize="sm" color="red.700" mt="2" role="alert">
          {document.lastError}
        </Text>
      )}
    </Box>
  );
}

/** The order's invoice and storno at the provider, with "Számla kiállítása" / "Újrapróbálás" by hand. */
export function OrderInvoicePanel({ orderId }: { orderId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A role without invoices:read (a warehouse) sees that the panel is not theirs, not a refused request.
  const access = useAdminAccess();
  const mayRead = access.may('invoices:read');
  const mayIssue = access.may('invoices:write');
  const invoices = useQuery({
    ...trpc.order.invoices.queryOptions({ id: orderId }),
    enabled: mayRead,
    // A queued document is issued by the worker within moments: look again while one waits.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 5_000 : false,
  });
  const issue = useMutation(
    trpc.order.issueInvoice.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.order.invoices.queryKey({ id: orderId }), data);
        toaster.success({ title: 'A számla kiállítását elindítottuk.' });
      },
      onError: (error) => toastError('A számla nem állítható ki.', error),
    }),
  );
  const items = invoices.data?.items ?? [];
  const hasFailure = items.some((item) => item.status === 'failed');
  return (
    <AdminPanel as="section" aria-labelledby="order-invoice" p={{ base: '4', md: '5' }}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="3">
        <Heading as="h2" size="md" id="order-invoice">
          Számla
        </Heading>
        {invoices.data?.canIssue && mayIssue && (
          <Button
            size="sm"
            colorPalette="brand"
            loading={issue.isPending}
            onClick={() => issue.mutate({ id: orderId })}
          >
            {hasFailure ? <LuRotateCw /> : <LuReceipt />} {hasFailure ? 'Újrapróbálás' : 'Számla kiállítása'}
          </Button>
        )}
      </Flex>
      {!mayRead ? (
        <Text fontSize="sm" color="fg.muted">
          {access.reasonNot('invoices:read')}
        </Text>
      ) : invoices.isPending ? (
        <Text fontSize="sm" color="fg.muted">
          Betöltés…
        </Text>
      ) : items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Még nincs számla. A bankkártyás rendelés számlája a sikeres fizetéskor, az átutalásos és utánvétes a
          számlázási beállítások szerint készül.
        </Text>
      ) : (
        <Stack gap="3">
          {items.map((item) => (
            <DocumentRow key={item.kind} orderId={orderId} document={item} />
          ))}
        </Stack>
      )}
    </AdminPanel>
  );
}
