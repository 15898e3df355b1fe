import { Text } from '@chakra-ui/react';
import type { TContactMessage, TInquirySortField } from '@shop/api/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, RowLink, timeColumn } from '../admin/list-page/list-table';
import { InquiryFilters, useInquiryListState } from './inquiry-list-controls';
import type { InquiryListSearch } from './inquiry-search';
import { InquiryStatusBadge } from './inquiry-status';

const COLUMNS: ListColumn<TContactMessage, TInquirySortField>[] = [
  {
    id: 'name',
    header: 'Feladó',
    sort: 'name',
    cell: (message) => (
      <>
        <RowLink to="/admin/inquiry/contact/$id" id={message.id}>
          {message.name}
        </RowLink>
        <Text fontSize="xs" color="fg.muted" truncate maxW={{ base: '44', md: '56' }}>
          {message.email}
        </Text>
        <Text fontSize="sm" hideFrom="md" lineClamp={1} maxW="44">
          {message.subject}
        </Text>
      </>
    ),
  },
  {
    id: 'subject',
    header: 'Tárgy',
    hideBelow: 'md',
    cell: (message) => (
      <Text lineClamp={2} maxW="md">
        {message.subject ?? '–'}
      </Text>
    ),
  },
  {
    id: 'status',
    header: 'Állapot',
    sort: 'status',
    cell: (message) => <InquiryStatusBadge status={message.status} />,
  },
  timeColumn({
    id: 'createdAt',
    header: 'Érkezett',
    sort: 'createdAt',
    hideBelow: 'md',
    time: (message) => message.createdAt,
  }),
];

/** /admin/inquiry/contact: the contact form's messages, searched, filtered, sorted and paged on the server. */
export function ContactMessagesPage({ search }: { search: InquiryListSearch }) {
  const trpc = useTRPC();
  const list = useInquiryListState(search, '/admin/inquiry/contact');
  const { data, isPending, error } = useQuery({
    ...trpc.contact.messageList.queryOptions(list.input),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage
      title="Üzenetek"
      description="A kapcsolatfelvételi űrlapon érkezett üzenetek."
      toolbar={
        <InquiryFilters search={search} filter={list.filter} searchLabel="Keresés az üzenetek között" />
      }
      list={data}
      isPending={isPending}
      error={error}
      emptyText={list.filtered ? 'Nincs a feltételeknek megfelelő üzenet.' : 'Még nem érkezett üzenet.'}
      unit="üzenet"
      onPageChange={list.onPageChange}
      table={{
        label: 'Üzenetek',
        columns: COLUMNS,
        rowKey: (message) => message.id,
        interactive: true,
        sort: { sort: list.sort, desc: list.desc, onSort: list.onSort },
      }}
    />
  );
}
