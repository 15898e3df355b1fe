import { Button, Code, Text } from '@chakra-ui/react';
import type { TOutboxListInput, TOutboxListOutput } from '@shop/api/schemas';
import { formatNumber } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuRefreshCw, LuSettings } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { type ListColumn, RowLink, timeColumn } from '../admin/list-page/list-table';
import { StatusFilteredListPage } from '../admin/list-page/status-filtered-list-page';
import { OUTBOX_STATUS_KEYS, type OutboxSearch } from './outbox-search';
import { OUTBOX_STATUS_LABELS, OutboxStatusBadge } from './outbox-status';

const PAGE_SIZE = 20;

const COLUMNS: ListColumn<TOutboxListOutput['items'][number]>[] = [
  {
    id: 'subject',
    header: 'Tárgy',
    cellProps: { maxW: 'md' },
    cell: (message) => (
      <>
        <RowLink to="/admin/other/email-outbox/$id" id={message.id} lineClamp={1}>
          {message.subject}
        </RowLink>
        <Text fontSize="xs" color="fg.muted" hideFrom="md" truncate>
          {message.to}
        </Text>
        {message.templateKey && (
          <Code size="sm" variant="plain" px="0" color="fg.muted" hideBelow="md">
            {message.templateKey}
          </Code>
        )}
      </>
    ),
  },
  {
    id: 'to',
    header: 'Címzett',
    hideBelow: 'md',
    cellProps: { color: 'fg.muted' },
    cell: (message) => message.to,
  },
  { id: 'status', header: 'Állapot', cell: (message) => <OutboxStatusBadge status={message.status} /> },
  {
    id: 'attempts',
    header: 'Próbálkozás',
    hideBelow: 'lg',
    align: 'end',
    cell: (message) => formatNumber(message.attempts),
  },
  timeColumn({
    id: 'createdAt',
    header: 'Létrejött',
    hideBelow: 'md',
    time: (message) => message.createdAt,
  }),
];

/** /admin/other/email-outbox: every message the shop sent or is about to send, newest first. */
export function OutboxPage({ search }: { search: OutboxSearch }) {
  const trpc = useTRPC();
  const input: TOutboxListInput = {
    status: search.status,
    search: search.q,
    page: search.page ?? 1,
    pageSize: PAGE_SIZE,
  };
  const list = useQuery({
    ...trpc.email.outboxList.queryOptions(input),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  return (
    <StatusFilteredListPage
      title="Kimenő levelek"
      description="Minden levél, amit a webáruház elküldött vagy küldeni készül. SMTP-kiszolgáló nélkül itt olvashatók."
      actions={
        <>
          <Button
            variant="outline"
            bg="white"
            loading={list.isFetching && !list.isPending}
            onClick={() => void list.refetch()}
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
      search={search}
      query={list}
      searchBox={{ label: 'Keresés a kimenő levelek között', placeholder: 'Címzett vagy tárgy' }}
      statuses={OUTBOX_STATUS_KEYS}
      statusLabels={OUTBOX_STATUS_LABELS}
      emptyText={{ filtered: 'Nincs a feltételeknek megfelelő levél.', none: 'Még nem készült levél.' }}
      unit="levél"
      table={{
        label: 'Kimenő levelek',
        columns: COLUMNS,
        rowKey: (message) => message.id,
        interactive: true,
      }}
    />
  );
}
