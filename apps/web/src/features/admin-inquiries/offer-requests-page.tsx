import { Table, Text } from '@chakra-ui/react';
import { formatDateTime, formatNumber } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { PagedListBody, SortableHeader } from '../admin/list-controls';
import { InquiryToolbar, useInquiryListState } from './inquiry-list-controls';
import type { InquiryListSearch } from './inquiry-search';
import { InquiryStatusBadge } from './inquiry-status';

/** /admin/inquiry/offer: offer requests, searched, filtered, sorted and paged on the server. */
export function OfferRequestsPage({ search }: { search: InquiryListSearch }) {
  const trpc = useTRPC();
  const list = useInquiryListState(search, '/admin/inquiry/offer');
  const { data, isPending, error } = useQuery({
    ...trpc.contact.offerList.queryOptions(list.input),
    placeholderData: keepPreviousData,
  });
  const header = { sort: list.sort, desc: list.desc, onSort: list.onSort };

  return (
    <AdminPage
      title="Árajánlatkérések"
      description="A termékoldalakról és a kosárból küldött ajánlatkérések; a részleteknél árajánlat készíthető."
    >
      <AdminPanel overflow="hidden">
        <InquiryToolbar search={search} filter={list.filter} searchLabel="Keresés az ajánlatkérések között" />
        <PagedListBody
          data={data}
          isPending={isPending}
          error={error}
          emptyText={
            list.filtered ? 'Nincs a feltételeknek megfelelő ajánlatkérés.' : 'Még nem érkezett ajánlatkérés.'
          }
          unit="ajánlatkérés"
          onPageChange={list.onPageChange}
        >
          <Table.ScrollArea>
            <Table.Root size="sm" interactive aria-label="Árajánlatkérések">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <SortableHeader column="name" label="Kérő" {...header} ps={{ base: '4', md: '6' }} />
                  <Table.ColumnHeader hideBelow="md">Cég</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" hideBelow="sm">
                    Termékek
                  </Table.ColumnHeader>
                  <SortableHeader column="status" label="Állapot" {...header} />
                  <SortableHeader column="createdAt" label="Érkezett" {...header} hideBelow="md" />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data?.items.map((offer) => (
                  <Table.Row key={offer.id}>
                    <Table.Cell ps={{ base: '4', md: '6' }} py="3">
                      <Link to="/admin/inquiry/offer/$id" params={{ id: String(offer.id) }}>
                        <RowTitle>{offer.name}</RowTitle>
                      </Link>
                      <Text fontSize="xs" color="fg.muted" truncate maxW={{ base: '44', md: '56' }}>
                        {offer.email}
                      </Text>
                    </Table.Cell>
                    <Table.Cell hideBelow="md">{offer.companyName ?? '–'}</Table.Cell>
                    <Table.Cell textAlign="end" hideBelow="sm">
                      {formatNumber(offer.lineCount)}
                    </Table.Cell>
                    <Table.Cell>
                      <InquiryStatusBadge status={offer.status} />
                    </Table.Cell>
                    <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                      {formatDateTime(offer.createdAt)}
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
