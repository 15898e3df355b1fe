import { Button, Code, NativeSelect, Table, Text } from '@chakra-ui/react';
import type { TOutboxListInput } from '@shop/api/schemas';
import { formatDateTime, formatNumber } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { LuRefreshCw, LuSettings } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { DebouncedSearch, ListToolbar, PagedListBody } from '../admin/list-controls';
import { OUTBOX_STATUS_KEYS, type OutboxSearch } from './outbox-search';
import { OUTBOX_STATUS_LABELS, OutboxStatusBadge } from './outbox-status';

const PAGE_SIZE = 20;

export function useOutboxList(input: TOutboxListInput) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.email.outboxList.queryOptions(input),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** /admin/other/email-outbox: every message the shop sent or is about to send, newest first. */
export function OutboxPage({ search }: { search: OutboxSearch }) {
  const navigate = useNavigate();
  const input: TOutboxListInput = {
    status: search.status,
    search: search.q,
    page: search.page ?? 1,
    pageSize: PAGE_SIZE,
  };
  const { data, isPending, error, refetch, isFetching } = useOutboxList(input);
  const setSearch = (next: OutboxSearch) =>
    void navigate({ to: '/admin/other/email-outbox', search: next, replace: true });

  return (
    <AdminPage
      title="Kimenő levelek"
      description="Minden levél, amit a webáruház elküldött vagy küldeni készül. SMTP-kiszolgáló nélkül itt olvashatók."
      actions={
        <>
          <Button
            variant="outline"
            bg="white"
            loading={isFetching && !isPending}
            onClick={() => void refetch()}
          >
            <LuRefreshCw /> Frissítés
          </Button>
          <Button asChild variant="outline" bg="white">
            <Link to="/admin/other/email-settings">
              <LuSettings /> Beállítások
            </Link>
          </Button>
        </>
      }
    >
      <AdminPanel overflow="hidden">
        <ListToolbar>
          <DebouncedSearch
            value={search.q ?? ''}
            onChange={(q) => setSearch({ ...search, q: q.trim() ? q : undefined, page: undefined })}
            label="Keresés a kimenő levelek között"
            placeholder="Címzett vagy tárgy"
          />
          <NativeSelect.Root w={{ base: 'full', sm: '48' }}>
            <NativeSelect.Field
              aria-label="Állapot"
              value={search.status ?? ''}
              onChange={(event) =>
                setSearch({
                  ...search,
                  status: OUTBOX_STATUS_KEYS.find((key) => key === event.target.value),
                  page: undefined,
                })
              }
            >
              <option value="">Minden állapot</option>
              {OUTBOX_STATUS_KEYS.map((status) => (
                <option key={status} value={status}>
                  {OUTBOX_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </ListToolbar>
        <PagedListBody
          data={data}
          isPending={isPending}
          error={error}
          emptyText={
            search.q || search.status ? 'Nincs a feltételeknek megfelelő levél.' : 'Még nem készült levél.'
          }
          unit="levél"
          onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        >
          <Table.ScrollArea>
            <Table.Root size="sm" interactive aria-label="Kimenő levelek">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader ps={{ base: '4', md: '6' }}>Tárgy</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Címzett</Table.ColumnHeader>
                  <Table.ColumnHeader>Állapot</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="lg" textAlign="end">
                    Próbálkozás
                  </Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Létrejött</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data?.items.map((message) => (
                  <Table.Row key={message.id}>
                    <Table.Cell ps={{ base: '4', md: '6' }} py="3" maxW="md">
                      <Link to="/admin/other/email-outbox/$id" params={{ id: String(message.id) }}>
                        <RowTitle lineClamp={1}>{message.subject}</RowTitle>
                      </Link>
                      <Text fontSize="xs" color="fg.muted" hideFrom="md" truncate>
                        {message.to}
                      </Text>
                      {message.templateKey && (
                        <Code size="sm" variant="plain" px="0" color="fg.muted" hideBelow="md">
                          {message.templateKey}
                        </Code>
                      )}
                    </Table.Cell>
                    <Table.Cell hideBelow="md" color="fg.muted">
                      {message.to}
                    </Table.Cell>
                    <Table.Cell>
                      <OutboxStatusBadge status={message.status} />
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" textAlign="end">
                      {formatNumber(message.attempts)}
                    </Table.Cell>
                    <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                      {formatDateTime(message.createdAt)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </PagedListBody>
      </AdminPanel>
    </AdminPage>
  );
}
