import { Table, Text } from '@chakra-ui/react';
import { formatDateTime } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { PagedListBody, SortableHeader } from '../admin/list-controls';
import { InquiryToolbar, useInquiryListState } from './inquiry-list-controls';
import type { InquiryListSearch } from './inquiry-search';
import { InquiryStatusBadge } from './inquiry-status';

/** /admin/inquiry/contact: the contact form's messages, searched, filtered, sorted and paged on the server. */
export function ContactMessagesPage({ search }: { search: InquiryListSearch }) {
  const trpc = useTRPC();
  const list = useInquiryListState(search, '/admin/inquiry/contact');
  const { data, isPending, error } = useQuery({
    ...trpc.contact.messageList.queryOptions(list.input),
    placeholderData: keepPreviousData,
  });
  const header = { sort: list.sort, desc: list.desc, onSort: list.onSort };

  return (
    <AdminPage title="Üzenetek" description="A kapcsolatfelvételi űrlapon érkezett üzenetek.">
      <AdminPanel overflow="hidden">
        <InquiryToolbar search={search} filter={list.filter} searchLabel="Keresés az üzenetek között" />
        <PagedListBody
          data={data}
          isPending={isPending}
          error={error}
          emptyText={list.filtered ? 'Nincs a feltételeknek megfelelő üzenet.' : 'Még nem érkezett üzenet.'}
          unit="üzenet"
          onPageChange={list.onPageChange}
        >
          <Table.ScrollArea>
            <Table.Root size="sm" interactive aria-label="Üzenetek">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <SortableHeader column="name" label="Feladó" {...header} ps={{ base: '4', md: '6' }} />
                  <Table.ColumnHeader hideBelow="md">Tárgy</Table.ColumnHeader>
                  <SortableHeader column="status" label="Állapot" {...header} />
                  <SortableHeader column="createdAt" label="Érkezett" {...header} hideBelow="md" />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data?.items.map((message) => (
                  <Table.Row key={message.id}>
                    <Table.Cell ps={{ base: '4', md: '6' }} py="3">
                      <Link to="/admin/inquiry/contact/$id" params={{ id: String(message.id) }}>
                        <RowTitle>{message.name}</RowTitle>
                      </Link>
                      <Text fontSize="xs" color="fg.muted" truncate maxW={{ base: '44', md: '56' }}>
                        {message.email}
                      </Text>
                      <Text fontSize="sm" hideFrom="md" lineClamp={1} maxW="44">
                        {message.subject}
                      </Text>
                    </Table.Cell>
                    <Table.Cell hideBelow="md">
                      <Text lineClamp={2} maxW="md">
                        {message.subject ?? '–'}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <InquiryStatusBadge status={message.status} />
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
