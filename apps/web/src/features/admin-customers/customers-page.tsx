import { Badge, Box, Button, Flex, NativeSelect, Table, Text } from '@chakra-ui/react';
import type { TCustomerListInput } from '@shop/api/schemas';
import { formatDate, formatNumber, formatPrice } from '@shop/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LuDownload, LuMail, LuUsersRound } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { DebouncedSearch, ListToolbar, PagedListBody, SortableHeader } from '../admin/list-controls';
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

const yesNo = (value: boolean | undefined) => (value === undefined ? '' : value ? 'true' : 'false');
const fromYesNo = (value: string) => (value === '' ? undefined : value === 'true');

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <NativeSelect.Root size="md" w={{ base: 'full', sm: 'auto' }} minW={{ sm: '44' }}>
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

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

/** /admin/customer: customers searched, filtered, sorted and paged on the server. */
export function CustomersPage({ search }: { search: CustomerListSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const input = toInput(search);
  const { data, isPending, error } = useQuery({
    ...trpc.customer.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  const { data: groups } = useQuery(trpc.customer.groupList.queryOptions());
  const sort = input.sort;
  const desc = input.order === 'desc';

  const setSearch = (next: CustomerListSearch) =>
    void navigate({ to: '/admin/customer', search: next, replace: true });
  // Any filter change starts again from the first page.
  const filter = (next: Partial<CustomerListSearch>) => setSearch({ ...search, ...next, page: undefined });
  const onSort = (column: CustomerSortKey, nextDesc: boolean) =>
    setSearch({ ...search, sort: column === 'name' ? undefined : column, desc: nextDesc || undefined });
  const filtered = Boolean(
    search.q || search.group || search.newsletter !== undefined || search.orders !== undefined,
  );

  return (
    <AdminPage
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
    >
      <AdminPanel overflow="hidden">
        <ListToolbar>
          <DebouncedSearch
            value={search.q ?? ''}
            onChange={(q) => filter({ q: q.trim() ? q : undefined })}
            label="Keresés a vásárlók között"
            placeholder="Név, e-mail-cím vagy cégnév"
          />
          <FilterSelect
            label="Csoport"
            value={search.group === undefined ? '' : String(search.group)}
            onChange={(value) =>
              filter({ group: value === '' ? undefined : value === 'none' ? 'none' : Number(value) })
            }
          >
            <option value="">Minden csoport</option>
            <option value="none">Csoport nélkül</option>
            {groups?.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Hírlevél"
            value={yesNo(search.newsletter)}
            onChange={(value) => filter({ newsletter: fromYesNo(value) })}
          >
            <option value="">Hírlevél: mindenki</option>
            <option value="true">Feliratkozott</option>
            <option value="false">Nem iratkozott fel</option>
          </FilterSelect>
          <FilterSelect
            label="Rendelések"
            value={yesNo(search.orders)}
            onChange={(value) => filter({ orders: fromYesNo(value) })}
          >
            <option value="">Rendelés: mindenki</option>
            <option value="true">Van rendelése</option>
            <option value="false">Még nem rendelt</option>
          </FilterSelect>
        </ListToolbar>
        <PagedListBody
          data={data}
          isPending={isPending}
          error={error}
          emptyText={filtered ? 'Nincs a feltételeknek megfelelő vásárló.' : 'Még nincs regisztrált vásárló.'}
          unit="vásárló"
          onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        >
          <Table.ScrollArea>
            <Table.Root size="sm" interactive aria-label="Vásárlók">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <SortableHeader
                    column="name"
                    label="Név"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    ps={{ base: '4', md: '6' }}
                  />
                  <SortableHeader
                    column="email"
                    label="E-mail-cím"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    hideBelow="md"
                  />
                  <Table.ColumnHeader hideBelow="md">Csoport</Table.ColumnHeader>
                  <SortableHeader
                    column="orderCount"
                    label="Rendelések"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    textAlign="end"
                  />
                  <Table.ColumnHeader textAlign="end" hideBelow="md">
                    Költés
                  </Table.ColumnHeader>
                  <SortableHeader
                    column="createdAt"
                    label="Regisztrált"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    hideBelow="lg"
                  />
                  <SortableHeader
                    column="lastLoginAt"
                    label="Utolsó belépés"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    hideBelow="lg"
                  />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data?.items.map((customer) => (
                  <Table.Row key={customer.id}>
                    <Table.Cell ps={{ base: '4', md: '6' }} py="3">
                      <Link to="/admin/customer/$id" params={{ id: String(customer.id) }}>
                        <RowTitle>
                          {customer.lastName} {customer.firstName}
                        </RowTitle>
                      </Link>
                      <Text fontSize="xs" color="fg.muted" hideFrom="md" truncate maxW="56">
                        {customer.email}
                      </Text>
                      {customer.companyName && (
                        <Text fontSize="xs" color="fg.muted">
                          {customer.companyName}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell hideBelow="md" color="fg.muted">
                      <Flex align="center" gap="1.5">
                        {customer.email}
                        {customer.newsletter && (
                          <Box as="span" color="brand.fg" title="Feliratkozott a hírlevélre">
                            <LuMail aria-label="Hírlevél" />
                          </Box>
                        )}
                      </Flex>
                    </Table.Cell>
                    <Table.Cell hideBelow="md">
                      {customer.group ? (
                        <Badge colorPalette="purple" variant="subtle">
                          {customer.group.name}
                        </Badge>
                      ) : (
                        <Text as="span" color="fg.subtle">
                          –
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatNumber(customer.orderCount)}</Table.Cell>
                    <Table.Cell textAlign="end" hideBelow="md" whiteSpace="nowrap">
                      {formatPrice(customer.totalSpent)}
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" color="fg.muted" whiteSpace="nowrap">
                      {formatDate(customer.createdAt)}
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" color="fg.muted" whiteSpace="nowrap">
                      {customer.lastLoginAt ? formatDate(customer.lastLoginAt) : '–'}
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
