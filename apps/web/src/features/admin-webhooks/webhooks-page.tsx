import { Badge, Button, Flex, Text, Wrap } from '@chakra-ui/react';
import { type TWebhookEndpoint, WEBHOOK_EVENT_LABELS } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toastError } from '../../lib/error-toast';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, timeColumn } from '../admin/list-page/list-table';
import { wholeList } from '../admin/list-page/local-list';
import { useListSearch } from '../admin/list-page/use-list-search';
import { type CreatedWebhook, CreateWebhookDialog, NewWebhookSecretDialog } from './create-webhook-dialog';
import { DeliveryLog } from './delivery-log';
import type { WebhookSearch } from './webhook-search';

function EventBadges({ events }: { events: TWebhookEndpoint['events'] }) {
  return (
    <Wrap gap="1">
      {events.map((event) => (
        <Badge key={event} variant="subtle" colorPalette={event.startsWith('order.') ? 'blue' : 'purple'}>
          {WEBHOOK_EVENT_LABELS[event]}
        </Badge>
      ))}
    </Wrap>
  );
}

function EndpointActions({
  endpoint,
  logOpen,
  testing,
  onLog,
  onTest,
  onDelete,
}: {
  endpoint: TWebhookEndpoint;
  logOpen: boolean;
  testing: boolean;
  onLog: () => void;
  onTest: () => void;
  onDelete: () => void;
}) {
  return (
    <Flex gap="2" wrap="wrap" justify={{ md: 'flex-end' }}>
      <Button
        size="xs"
        variant={logOpen ? 'solid' : 'outline'}
        colorPalette="brand"
        onClick={onLog}
        aria-pressed={logOpen}
      >
        Napló
      </Button>
      <Button
        size="xs"
        variant="outline"
        loading={testing}
        onClick={onTest}
        aria-label={`Teszt küldése: ${endpoint.url}`}
      >
        Teszt küldése
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        onClick={onDelete}
        aria-label={`${endpoint.url} törlése`}
      >
        Törlés
      </Button>
    </Flex>
  );
}

/** /admin/settings/webhooks: endpoints that hear of orders and stock, their delivery logs and a test button. */
export function WebhooksPage({ search }: { search: WebhookSearch }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const url = useListSearch(search);
  const {
    data: endpoints,
    isPending,
    error,
  } = useQuery(trpc.webhook.list.queryOptions(undefined, { select: selectItems }));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);

  const openLog = (id: number | undefined) => url.set({ endpoint: id });
  const logEndpoint = endpoints?.find((endpoint) => endpoint.id === search.endpoint);

  const remove = useMutation(
    trpc.webhook.delete.mutationOptions({
      meta: { toastError: false },
      onSuccess: (_, input) => {
        toaster.success({ title: 'A végpont törölve.', description: deleting?.url });
        void queryClient.invalidateQueries(trpc.webhook.list.queryFilter());
        if (search.endpoint === input.id) openLog(undefined);
        setDeleting(null);
      },
      onError: (failure) => toastError('A végpont törlése nem sikerült.', failure),
    }),
  );

  const test = useMutation(
    trpc.webhook.test.mutationOptions({
      meta: { toastError: false },
      onSuccess: (result, input) => {
        void queryClient.invalidateQueries(trpc.webhook.deliveries.pathFilter());
        if (search.endpoint !== input.id) openLog(Number(input.id));
        if (result.delivered) {
          toaster.success({ title: `A teszt megérkezett (HTTP ${result.statusCode}).` });
        } else {
          toaster.error({
            title: result.statusCode
              ? `A végpont ${result.statusCode}-as kóddal válaszolt.`
              : 'A végpont nem érhető el.',
            description: result.response?.slice(0, 200) || undefined,
          });
        }
      },
      onError: (failure) => toastError('A teszt nem indult el.', failure),
    }),
  );

  const actionsOf = (endpoint: TWebhookEndpoint) => (
    <EndpointActions
      endpoint={endpoint}
      logOpen={search.endpoint === endpoint.id}
      testing={test.isPending && test.variables?.id === endpoint.id}
      onLog={() => openLog(search.endpoint === endpoint.id ? undefined : endpoint.id)}
      onTest={() => test.mutate({ id: endpoint.id })}
      onDelete={() => setDeleting(endpoint)}
    />
  );

  const columns: ListColumn<TWebhookEndpoint>[] = [
    {
      id: 'url',
      header: 'Cím',
      cellProps: { maxW: { md: 'sm' }, verticalAlign: 'top' },
      cell: (endpoint) => (
        <>
          <Text fontWeight="medium" fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {endpoint.url}
          </Text>
          {/* On a phone the events and buttons sit under the address, so nothing scrolls sideways. */}
          <Flex hideFrom="md" direction="column" gap="2" mt="2">
            <EventBadges events={endpoint.events} />
            {actionsOf(endpoint)}
          </Flex>
        </>
      ),
    },
    {
      id: 'events',
      header: 'Események',
      hideBelow: 'md',
      cellProps: { maxW: 'xs', verticalAlign: 'top', py: '3' },
      cell: (endpoint) => <EventBadges events={endpoint.events} />,
    },
    timeColumn({
      id: 'createdAt',
      header: 'Létrehozva',
      hideBelow: 'lg',
      cellProps: { verticalAlign: 'top', py: '3' },
      time: (endpoint) => endpoint.createdAt,
    }),
    {
      id: 'actions',
      header: 'Műveletek',
      headerHidden: true,
      hideBelow: 'md',
      cellProps: { verticalAlign: 'top', py: '3' },
      cell: actionsOf,
    },
  ];

  return (
    <ListPage
      title="Webhookok"
      description="Külső programok (ERP, számlázó, raktár) itt megadott címére a bolt aláírt JSON-értesítést küld rendelésekről, fizetésekről, termék- és készletváltozásokról; sikertelen kézbesítéskor később újra próbálkozik."
      create={{ label: 'Új végpont', onClick: () => setCreating(true) }}
      list={endpoints && wholeList(endpoints)}
      isPending={isPending}
      error={error}
      emptyText="Még nincs webhook-végpont. Az „Új végpont” gombbal adhatsz meg egyet."
      unit="végpont"
      table={{
        label: 'Webhook-végpontok',
        columns,
        rowKey: (endpoint) => endpoint.id,
        rowProps: (endpoint) => ({
          'aria-label': endpoint.url,
          bg: search.endpoint === endpoint.id ? 'brand.50' : undefined,
        }),
      }}
    >
      {logEndpoint && (
        <DeliveryLog
          endpoint={logEndpoint}
          search={search}
          setSearch={url.set}
          onClose={() => openLog(undefined)}
        />
      )}

      <CreateWebhookDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(endpoint) => {
          setCreating(false);
          setCreated(endpoint);
        }}
      />
      <NewWebhookSecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Törlöd a végpontot?"
        confirmLabel="Törlés"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {withArticle(deleting?.url ?? '', { capital: true })} címre ettől kezdve nem megy értesítés, a még el
        nem küldöttek elmaradnak. A törlés nem vonható vissza; a végpont újra felvehető, de új titkot kap.
      </ConfirmDialog>
    </ListPage>
  );
}
