import { Badge, Box, Button, Flex, Text } from '@chakra-ui/react';
import type { TCustomerListInput, TCustomerListOutput } from '@shop/api/schemas';
import { formatDate, formatNumber, formatPrice } from '@shop/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LuDownload, LuMail, LuUsersRound } from 'react-icons/lu';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';
import { FilterSelect } from '../admin/list-controls';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, RowLink } from '../admin/list-page/list-table';
import { useListSearch } from '../admin/list-page/use-list-search';
import type { CustomerListSearch, CustomerSortKey } from './customer-list-search';

const PAGE_SIZE = 25;

function toInput(search: CustomerListSearch): TCustomerListInput {
  return {
    search: search.q,
    groupId: search.group === 'none' ? null : search.group,
    newsletter: search.newsletter,
    hasOrders: search.orders,
    page: search.page ?? 1,
    pageSize: PAGE_SIZE,
    sort: search.sort ?? 'name',
    order: search.desc ? 'desc' : 'asc',
  };
}

const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');
const fromYesNo = (value: string | undefined) => (value === undefined ? undefined : value === 'true');

function CsvButton({ search }: { search: CustomerListSearch }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { download, loading } = useFileDownload(
    () =>
      queryClient.fetchQuery(
        freshQuery(
          trpc.user.download.queryOptions({
            search: search.q,
            groupId: typeof search.group === 'number' ? search.group : undefined,
            role: 'customer',
          }),
        ),
      ),
    { encoding: 'text', errorTitle: 'A letöltés nem sikerült.' },
  );

  return (
    <Button variant="outline" bg="white" loading={loading} onClick={() => void download()}>
      <LuDownload /> Letöltés (CSV)
    </Button>
  );
}

const COLUMNS: ListColumn<TCustomerListOutput['items'][number], CustomerSortKey>[] = [
  {
    id: 'name',
    header: 'Név',
    sort: 'name',
    cell: (customer) => (
      <>
        <RowLink to="/admin/customer/$id" id={customer.id}>
          {customer.lastName} {customer.firstName}
        </RowLink>
        <Text fontSize="xs" color="fg.muted" hideFrom="md" truncate maxW="56">
          {customer.email}
        </Text>
        {customer.companyName && (
          <Text fontSize="xs" color="fg.muted">
            {customer.companyName}
          </Text>
        )}
      </>
    ),
  },
  {
    id: 'email',
    header: 'E-mail-cím',
    sort: 'email',
    hideBelow: 'md',
    cellProps: { color: 'fg.muted' },
    cell: (customer) => (
      <Flex align="center" gap="1.5">
        {customer.email}
        {customer.newsletter && (
          <Box as="span" color="brand.fg" title="Feliratkozott a hírlevélre">
            <LuMail aria-label="Hírlevél" />
          </Box>
        )}
      </Flex>
    ),
  },
  {
    id: 'group',
    header: 'Csoport',
    hideBelow: 'md',
    cell: (customer) =>
      customer.group ? (
        <Badge colorPalette="purple" variant="subtle">
          {customer.group.name}
        </Badge>
      ) : (
        <Text as="span" color="fg.subtle">
          –
        </Text>
      ),
  },
  {
    id: 'orderCount',
    header: 'Rendelések',
    sort: 'orderCount',
    align: 'end',
    cell: (customer) => formatNumber(customer.orderCount),
  },
  {
    id: 'totalSpent',
    header: 'Költés',
    align: 'end',
    hideBelow: 'md',
    cellProps: { whiteSpace: 'nowrap' },
    cell: (customer) => formatPrice(customer.totalSpent),
  },
  {
    id: 'createdAt',
    header: 'Regisztrált',
    sort: 'createdAt',
    hideBelow: 'lg',
    cellProps: { color: 'fg.muted', whiteSpace: 'nowrap' },
    cell: (customer) => formatDate(customer.createdAt),
  },
  {
    id: 'lastLoginAt',
    header: 'Utolsó belépés',
    sort: 'lastLoginAt',
    hideBelow: 'lg',
    cellProps: { color: 'fg.muted', whiteSpace: 'nowrap' },
    cell: (customer) => (customer.lastLoginAt ? formatDate(customer.lastLoginAt) : '–'),
  },
];

/** /admin/customer: customers searched, filtered, sorted and paged on the server. */
export function CustomersPage({ search }: { search: CustomerListSearch }) {
  const trpc = useTRPC();
  const url = useListSearch(search);
  const input = toInput(search);
  const { data, isPending, error } = useQuery({
    ...trpc.customer.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  const { data: groups } = useQuery(trpc.customer.groupList.queryOptions(undefined, { select: selectItems }));
  const filtered = Boolean(
    search.q || search.group || search.newsletter !== undefined || search.orders !== undefined,
  );

  return (
    <ListPage
      title="Vásárlók"
      description="A regisztrált vásárlók, rendeléseik száma és összege (a lemondott rendelések nélkül)."
      actions={
        <>
          <Button asChild variant="outline" bg="white">
            <Link to="/admin/customer/group">
              <LuUsersRound /> Csoportok
            </Link>
          </Button>
          <CsvButton search={search} />
        </>
      }
      searchBox={{
        label: 'Keresés a vásárlók között',
        placeholder: 'Név, e-mail-cím vagy cégnév',
        value: search.q,
        onChange: (q) => url.filter({ q }),
      }}
      toolbar={
        <>
          <FilterSelect
            label="Csoport"
            anyLabel="Minden csoport"
            value={search.group === undefined ? undefined : String(search.group)}
            options={[
              ['none', 'Csoport nélkül'],
              ...(groups ?? []).map((group) => [String(group.id), group.name] as const),
            ]}
            onChange={(value) =>
              url.filter({
                group: value === undefined ? undefined : value === 'none' ? 'none' : Number(value),
              })
            }
          />
          <FilterSelect
            label="Hírlevél"
            anyLabel="Hírlevél: mindenki"
            value={yesNo(search.newsletter)}
            options={[
              ['true', 'Feliratkozott'],
              ['false', 'Nem iratkozott fel'],
            ]}
            onChange={(value) => url.filter({ newsletter: fromYesNo(value) })}
          />
          <FilterSelect
            label="Rendelések"
            anyLabel="Rendelés: mindenki"
            value={yesNo(search.orders)}
            options={[
              ['true', 'Van rendelése'],
              ['false', 'Még nem rendelt'],
            ]}
            onChange={(value) => url.filter({ orders: fromYesNo(value) })}
          />
        </>
      }
      list={data}
      isPending={isPending}
      error={error}
      emptyText={filtered ? 'Nincs a feltételeknek megfelelő vásárló.' : 'Még nincs regisztrált vásárló.'}
      unit="vásárló"
      onPageChange={url.setPage}
      table={{
        label: 'Vásárlók',
        columns: COLUMNS,
        rowKey: (customer) => customer.id,
        interactive: true,
        sort: {
          sort: input.sort,
          desc: input.order === 'desc',
          onSort: (column, desc) =>
            url.set({ ...search, sort: column === 'name' ? undefined : column, desc: desc || undefined }),
        },
      }}
    />
  );
}
