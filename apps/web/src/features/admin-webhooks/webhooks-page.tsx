import { Badge, Button, Flex, Table, Text, Wrap } from '@chakra-ui/react';
import { type TWebhookEndpoint, WEBHOOK_EVENT_LABELS } from '@shop/api/schemas';
import { withArticle } from '@shop/api/schemas/hungarian';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { PagedListBody } from '../admin/list-controls';
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
  const navigate = useNavigate();
  const { data: endpoints, isPending, error } = useQuery(trpc.webhook.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);

  const setSearch = (next: WebhookSearch) =>
    void navigate({ to: '/admin/settings/webhooks', search: next, replace: true });
  const openLog = (id: number | undefined) => setSearch({ endpoint: id });
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

  const list = endpoints && {
    items: endpoints,
    page: 1,
    pageSize: Math.max(endpoints.length, 1),
    total: endpoints.length,
  };

  return (
    <AdminPage
      title="Webhookok"
      description="Külső programok (ERP, számlázó, raktár) itt megadott címére a bolt aláírt JSON-értesítést küld rendelésekről, fizetésekről, termék- és készletváltozásokról; sikertelen kézbesítéskor később újra próbálkozik."
      actions={
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          <LuPlus /> Új végpont
        </Button>
      }
    >
      <AdminPanel overflow="hidden">
        <PagedListBody
          data={list}
          isPending={isPending}
          error={error}
          emptyText="Még nincs webhook-végpont. Az „Új végpont” gombbal adhatsz meg egyet."
          unit="végpont"
          onPageChange={() => undefined}
        >
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Webhook-végpontok">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader ps={{ base: '4', md: '6' }}>Cím</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Események</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="lg">Létrehozva</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md" pe="6">
                    <Text srOnly>Műveletek</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {endpoints?.map((endpoint) => {
                  const actions = (
                    <EndpointActions
                      endpoint={endpoint}
                      logOpen={search.endpoint === endpoint.id}
                      testing={test.isPending && test.variables?.id === endpoint.id}
                      onLog={() => openLog(search.endpoint === endpoint.id ? undefined : endpoint.id)}
                      onTest={() => test.mutate({ id: endpoint.id })}
                      onDelete={() => setDeleting(endpoint)}
                    />
                  );
                  return (
                    <Table.Row
                      key={endpoint.id}
                      aria-label={endpoint.url}
                      bg={search.endpoint === endpoint.id ? 'brand.50' : undefined}
                    >
                      <Table.Cell ps={{ base: '4', md: '6' }} py="3" maxW={{ md: 'sm' }} verticalAlign="top">
                        <Text fontWeight="medium" fontFamily="mono" fontSize="sm" wordBreak="break-all">
                          {endpoint.url}
                        </Text>
                        {/* On a phone the events and buttons sit under the address, so nothing scrolls sideways. */}
                        <Flex hideFrom="md" direction="column" gap="2" mt="2">
                          <EventBadges events={endpoint.events} />
                          {actions}
                        </Flex>
                      </Table.Cell>
                      <Table.Cell hideBelow="md" maxW="xs" verticalAlign="top" py="3">
                        <EventBadges events={endpoint.events} />
                      </Table.Cell>
                      <Table.Cell
                        hideBelow="lg"
                        color="fg.muted"
                        whiteSpace="nowrap"
                        verticalAlign="top"
                        py="3"
                      >
                        {formatDateTime(endpoint.createdAt)}
                      </Table.Cell>
                      <Table.Cell hideBelow="md" pe="6" verticalAlign="top" py="3">
                        {actions}
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </PagedListBody>
      </AdminPanel>

      {logEndpoint && (
        <DeliveryLog
          endpoint={logEndpoint}
          search={search}
          setSearch={setSearch}
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
    </AdminPage>
  );
}
