import { Text } from '@chakra-ui/react';
import type { TInquirySortField, TOfferRequestSummary } from '@shop/api/schemas';
import { formatNumber } from '@shop/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, RowLink, timeColumn } from '../admin/list-page/list-table';
import { InquiryFilters, useInquiryListState } from './inquiry-list-controls';
import type { InquiryListSearch } from './inquiry-search';
import { InquiryStatusBadge } from './inquiry-status';

const COLUMNS: ListColumn<TOfferRequestSummary, TInquirySortField>[] = [
  {
    id: 'name',
    header: 'Kérő',
    sort: 'name',
    cell: (offer) => (
      <>
        <RowLink to="/admin/inquiry/offer/$id" id={offer.id}>
          {offer.name}
        </RowLink>
        <Text fontSize="xs" color="fg.muted" truncate maxW={{ base: '44', md: '56' }}>
          {offer.email}
        </Text>
      </>
    ),
  },
  { id: 'company', header: 'Cég', hideBelow: 'md', cell: (offer) => offer.companyName ?? '–' },
  {
    id: 'lines',
    header: 'Termékek',
    align: 'end',
    hideBelow: 'sm',
    cell: (offer) => formatNumber(offer.lineCount),
  },
  {
    id: 'status',
    header: 'Állapot',
    sort: 'status',
    cell: (offer) => <InquiryStatusBadge status={offer.status} />,
  },
  timeColumn({
    id: 'createdAt',
    header: 'Érkezett',
    sort: 'createdAt',
    hideBelow: 'md',
    time: (offer) => offer.createdAt,
  }),
];

/** /admin/inquiry/offer: offer requests, searched, filtered, sorted and paged on the server. */
export function OfferRequestsPage({ search }: { search: InquiryListSearch }) {
  const trpc = useTRPC();
  const list = useInquiryListState(search, '/admin/inquiry/offer');
  const { data, isPending, error } = useQuery({
    ...trpc.contact.offerList.queryOptions(list.input),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage
      title="Árajánlatkérések"
      description="A termékoldalakról és a kosárból küldött ajánlatkérések; a részleteknél árajánlat készíthető."
      toolbar={
        <InquiryFilters search={search} filter={list.filter} searchLabel="Keresés az ajánlatkérések között" />
      }
      list={data}
      isPending={isPending}
      error={error}
      emptyText={
        list.filtered ? 'Nincs a feltételeknek megfelelő ajánlatkérés.' : 'Még nem érkezett ajánlatkérés.'
      }
      unit="ajánlatkérés"
      onPageChange={list.onPageChange}
      table={{
        label: 'Árajánlatkérések',
        columns: COLUMNS,
        rowKey: (offer) => offer.id,
        interactive: true,
        sort: { sort: list.sort, desc: list.desc, onSort: list.onSort },
      }}
    />
  );
}
