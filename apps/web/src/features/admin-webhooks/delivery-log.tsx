import { Badge, Box, Button, Code, Flex, Heading, NativeSelect, Table, Text } from '@chakra-ui/react';
import {
  type TWebhookAnyEvent,
  type TWebhookDelivery,
  type TWebhookDeliveryStatus,
  type TWebhookEndpoint,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
} from '@shop/api/schemas';
import { formatDateTime, formatNumber, toaster } from '@shop/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LuRefreshCw, LuSend, LuX } from 'react-icons/lu';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { AdminPanel } from '../admin/admin-page';
import { ListToolbar, PagedListBody } from '../admin/list-controls';
import { DELIVERY_STATUS_KEYS, type WebhookSearch } from './webhook-search';

const PAGE_SIZE = 20;
const PALETTE: Record<TWebhookDeliveryStatus, string> = {
  pending: 'orange',
  delivered: 'green',
  failed: 'red',
};

export function DeliveryStatusBadge({ status }: { status: TWebhookDeliveryStatus }) {
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle">
      {WEBHOOK_DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}

function eventLabel(event: string): string {
  return WEBHOOK_EVENT_LABELS[event as TWebhookAnyEvent] ?? event;
}

function Answer({ delivery }: { delivery: TWebhookDelivery }) {
  if (!delivery.lastResponse) return <Text color="fg.subtle">–</Text>;
  return (
    <Text
      fontSize="xs"
      fontFamily="mono"
      color="fg.muted"
      lineClamp={2}
      wordBreak="break-all"
      title={delivery.lastResponse}
    >
      {delivery.lastResponse}
    </Text>
  );
}

function nextAttempt(delivery: TWebhookDelivery): string | null {
  return delivery.status === 'pending' && delivery.nextAttemptAt
    ? `Következő próba: ${formatDateTime(delivery.nextAttemptAt)}`
    : null;
}

/** One endpoint's deliveries, newest first, paged on the server and filtered by status. */
export function DeliveryLog({
  endpoint,
  search,
  setSearch,
  onClose,
}: {
  endpoint: TWebhookEndpoint;
  search: WebhookSearch;
  setSearch: (next: WebhookSearch) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const { data, isPending, error, refetch, isFetching } = useQuery({
    ...trpc.webhook.deliveries.queryOptions({
      id: endpoint.id,
      status: search.status,
      page: search.page ?? 1,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <AdminPanel overflow="hidden" aria-label="Kézbesítési napló">
      <Flex px={{ base: '4', md: '6' }} pt="4" gap="3" align="flex-start" justify="space-between">
        <Box minW="0">
          <Heading as="h2" size="md">
            Kézbesítési napló
          </Heading>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {endpoint.url}
          </Text>
        </Box>
        <Button size="sm" variant="ghost" onClick={onClose} aria-label="Napló bezárása">
          <LuX />
        </Button>
      </Flex>
      <ListToolbar>
        <NativeSelect.Root w={{ base: 'full', sm: '48' }}>
          <NativeSelect.Field
            aria-label="Kézbesítés állapota"
            value={search.status ?? ''}
            onChange={(event) =>
              setSearch({
                ...search,
                status: DELIVERY_STATUS_KEYS.find((key) => key === event.target.value),
                page: undefined,
              })
            }
          >
            <option value="">Minden állapot</option>
            {DELIVERY_STATUS_KEYS.map((status) => (
              <option key={status} value={status}>
                {WEBHOOK_DELIVERY_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button variant="outline" loading={isFetching && !isPending} onClick={() => void refetch()}>
          <LuRefreshCw /> Frissítés
        </Button>
      </ListToolbar>
      <PagedListBody
        data={data}
        isPending={isPending}
        error={error}
        emptyText={
          search.status
            ? 'Nincs ilyen állapotú kézbesítés.'
            : 'Még nem ment kérés erre a végpontra. A „Teszt küldése” gombbal kipróbálhatod.'
        }
        unit="kézbesítés"
        onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
      >
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label="Kézbesítések">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader hideBelow="md" ps="6">
                  Idő
                </Table.ColumnHeader>
                <Table.ColumnHeader ps={{ base: '4', md: '3' }}>Esemény</Table.ColumnHeader>
                <Table.ColumnHeader>Állapot</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md" textAlign="end">
                  Próbálkozás
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md" textAlign="end">
                  HTTP-kód
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md" pe="6">
                  Válasz
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data?.items.map((delivery) => (
                <Table.Row key={delivery.id}>
                  <Table.Cell
                    hideBelow="md"
                    ps="6"
                    py="3"
                    whiteSpace="nowrap"
                    color="fg.muted"
                    verticalAlign="top"
                  >
                    {formatDateTime(delivery.createdAt)}
                  </Table.Cell>
                  <Table.Cell ps={{ base: '4', md: '3' }} py="3" verticalAlign="top">
                    <Text fontSize="xs" color="fg.muted" hideFrom="md" whiteSpace="nowrap">
                      {formatDateTime(delivery.createdAt)}
                    </Text>
                    <Text fontWeight="medium">{eventLabel(delivery.event)}</Text>
                    <Code size="sm" variant="plain" px="0" color="fg.muted">
                      {delivery.event}
                    </Code>
                  </Table.Cell>
                  <Table.Cell verticalAlign="top" pe={{ base: '4', md: '3' }}>
                    <DeliveryStatusBadge status={delivery.status} />
                    {/* On a phone the attempt, code and answer sit under the status. */}
                    <Box hideFrom="md" mt="1.5" fontSize="xs" color="fg.muted">
                      <Text>
                        {formatNumber(delivery.attempts)} próbálkozás
                        {delivery.lastStatusCode !== null ? ` · HTTP ${delivery.lastStatusCode}` : ''}
                      </Text>
                      <Answer delivery={delivery} />
                    </Box>
                    {nextAttempt(delivery) && (
                      <Text fontSize="xs" color="fg.muted" mt="1">
                        {nextAttempt(delivery)}
                      </Text>
                    )}
                    {delivery.status === 'failed' && (
                      <RedeliverButton endpointId={endpoint.id} delivery={delivery} />
                    )}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" textAlign="end" verticalAlign="top">
                    {formatNumber(delivery.attempts)}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" textAlign="end" verticalAlign="top">
                    {delivery.lastStatusCode ?? '–'}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" pe="6" maxW="xs" verticalAlign="top">
                    <Answer delivery={delivery} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </PagedListBody>
    </AdminPanel>
  );
}

/** A failed delivery back in the queue with fresh attempts: the same event, so a receiver drops a repeat. */
function RedeliverButton({ endpointId, delivery }: { endpointId: number; delivery: TWebhookDelivery }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const redeliver = useMutation(
    trpc.webhook.redeliver.mutationOptions({
      meta: { toastError: false },
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.webhook.deliveries.pathFilter());
        toaster.success({ title: 'Újra sorba állítva: a bolt hamarosan elküldi.' });
      },
      onError: (failure) => toastError('Az újraküldés nem sikerült.', failure),
    }),
  );
  return (
    <Button
      size="xs"
      variant="outline"
      mt="2"
      loading={redeliver.isPending}
      onClick={() => redeliver.mutate({ id: endpointId, delivery: delivery.id })}
      aria-label={`Újraküldés: ${eventLabel(delivery.event)}, ${formatDateTime(delivery.createdAt)}`}
    >
      <LuSend /> Újraküldés
    </Button>
  );
}
