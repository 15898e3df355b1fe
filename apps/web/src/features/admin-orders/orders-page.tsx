import { Box, Button, Flex, Input, Menu, NativeSelect, Portal, Table, Text } from '@chakra-ui/react';
import {
  ORDER_SEARCH_MIN_LENGTH,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAID_STATUS_LABELS,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
  SYSTEM_ONLY_STATUSES,
  type TOrderListInput,
  type TOrderStatus,
} from '@shop/api/schemas';
import { formatDateTime, formatPrice, toaster } from '@shop/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { LuChevronDown, LuClipboardList, LuDownload, LuPrinter } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useTRPC } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { DebouncedSearch, ListToolbar, PagedListBody, SortableHeader } from '../admin/list-controls';
import { BulkActionBar, SelectPageCheckbox, SelectRowCheckbox } from '../admin/list-page/bulk-actions';
import { useRowSelection } from '../admin/list-page/row-selection';
import { useAdminAccess } from '../admin/use-access';
import { OrderStatusBadge } from '../orders/order-status-badge';
import type { OrderListSearch, OrderSortKey } from './order-list-search';
import { ParcelBulkActions } from './parcel-bulk-actions';

const PAGE_SIZE = 25;

/** The list's filters as the API takes them (the CSV export takes the same ones). */
function toFilters(search: OrderListSearch) {
  return {
    search: search.q,
    status: search.status,
    paymentState: search.payment,
    shippingMethod: search.shipping,
    from: search.from,
    to: search.to,
  };
}

function toInput(search: OrderListSearch): TOrderListInput {
  return {
    ...toFilters(search),
    page: search.page ?? 1,
    pageSize: PAGE_SIZE,
    sort: search.sort ?? 'createdAt',
    order: search.asc ? 'asc' : 'desc',
  };
}

/** A search the API can answer: empty, or with a word long enough for the search index. */
function searchable(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length === 0 || words.some((word) => word.length >= ORDER_SEARCH_MIN_LENGTH);
}

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

function StatusFilter({
  value,
  onChange,
}: {
  value: TOrderStatus[];
  onChange: (value: TOrderStatus[] | undefined) => void;
}) {
  const label =
    value.length === 0
      ? 'Minden állapot'
      : value.length === 1
        ? ORDER_STATUS_LABELS[value[0] as TOrderStatus]
        : `${value.length} állapot`;
  const toggle = (status: TOrderStatus, checked: boolean) => {
    const next = checked ? [...value, status] : value.filter((item) => item !== status);
    onChange(next.length ? ORDER_STATUSES.filter((item) => next.includes(item)) : undefined);
  };
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button variant="outline" bg="white" w={{ base: 'full', sm: 'auto' }} justifyContent="space-between">
          Állapot: {label} <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {ORDER_STATUSES.map((status) => (
              <Menu.CheckboxItem
                key={status}
                value={status}
                checked={value.includes(status)}
                onCheckedChange={(checked) => toggle(status, checked)}
              >
                {ORDER_STATUS_LABELS[status]}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
            {value.length > 0 && (
              <Menu.Item value="all" onClick={() => onChange(undefined)} color="fg.muted">
                Szűrés törlése
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: string;
  onChange: (value?: string) => void;
}) {
  return (
    <Flex
      as="label"
      align="center"
      gap="2"
      flex={{ base: '1 1 100%', sm: 'none' }}
      fontSize="sm"
      color="fg.muted"
    >
      {label}
      <Input
        type="date"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
        w={{ base: 'full', sm: '40' }}
        bg="white"
        color="fg"
      />
    </Flex>
  );
}

function CsvButton({ search }: { search: OrderListSearch }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { download, loading } = useFileDownload(
    () => queryClient.fetchQuery(freshQuery(trpc.order.download.queryOptions(toFilters(search)))),
    { encoding: 'text', errorTitle: 'A letöltés nem sikerült.' },
  );
  return (
    <Button variant="outline" bg="white" loading={loading} onClick={() => void download()}>
      <LuDownload /> Letöltés (CSV)
    </Button>
  );
}

/** Statuses an admin may set by hand on any order; each order still refuses what its own status forbids. */
const BULK_STATUSES = ORDER_STATUSES.filter(
  (status) =>
    !SYSTEM_ONLY_STATUSES.includes(status) && status !== 'awaiting_payment' && status !== 'received',
);

/**
 * The order list's own controls in the bulk bar: a status for the chosen orders in one call (the
 * server's bulk operation, which refuses per order what its status forbids; only with orders:write),
 * their packing slips and picking list, and the parcel actions.
 */
function OrderBulkControls({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const trpc = useTRPC();
  const access = useAdminAccess();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TOrderStatus | ''>('');
  const [confirming, setConfirming] = useState(false);
  const change = useMutation(
    trpc.order.setStatusBulk.mutationOptions({
      onSuccess: (result) => {
        const refused = result.results.filter((item) => item.outcome === 'refused');
        toaster.create({
          type: refused.length ? 'warning' : 'success',
          title: `${result.changed} rendelés állapota módosult${result.unchanged ? `, ${result.unchanged} már ilyen volt` : ''}.`,
          description: refused.length
            ? refused.map((item) => `${item.number ?? item.id}: ${item.message}`).join('\n')
            : undefined,
        });
        setConfirming(false);
        onDone();
        void queryClient.invalidateQueries(trpc.order.pathFilter());
      },
      meta: { errorTitle: 'Az állapot módosítása nem sikerült.' },
      onError: () => setConfirming(false),
    }),
  );
  const printLink = (kind: 'packing' | 'picking') => ({
    to: '/admin/order/print' as const,
    search: { ids: ids.join(','), kind },
  });
  const mayChange = access.may('orders:write');
  return (
    <>
      {mayChange && (
        <>
          <NativeSelect.Root size="sm" w={{ base: 'full', sm: '52' }}>
            <NativeSelect.Field
              aria-label="Új állapot a kijelölteknek"
              value={status}
              onChange={(event) => setStatus(event.target.value as TOrderStatus | '')}
              bg="white"
            >
              <option value="">Állapot módosítása…</option>
              {BULK_STATUSES.map((item) => (
                <option key={item} value={item}>
                  {ORDER_STATUS_LABELS[item]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button size="sm" colorPalette="brand" disabled={!status} onClick={() => setConfirming(true)}>
            Alkalmaz
          </Button>
        </>
      )}
      <Button asChild size="sm" variant="outline" bg="white">
        <Link {...printLink('picking')} target="_blank">
          <LuClipboardList /> Összekészítési lista
        </Link>
      </Button>
      <Button asChild size="sm" variant="outline" bg="white">
        <Link {...printLink('packing')} target="_blank">
          <LuPrinter /> Szállítólevelek
        </Link>
      </Button>
      <ParcelBulkActions ids={ids} />
      {mayChange && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Állapot módosítása"
          confirmLabel="Módosítás"
          destructive={status === 'cancelled'}
          loading={change.isPending}
          onConfirm={() => status && change.mutate({ ids, status })}
        >
          {status &&
            `${ids.length} rendelés kerül „${ORDER_STATUS_LABELS[status]}” állapotba, és a vásárlók megkapják az állapot e-mailjét.${status === 'cancelled' ? ' A törölt rendelések készlete visszakerül.' : ''} Amelyiknél ez nem megengedett, az változatlan marad.`}
        </ConfirmDialog>
      )}
    </>
  );
}

/** /admin/order: orders searched, filtered, sorted and paged on the server. */
export function OrdersPage({ search }: { search: OrderListSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const input = toInput(search);
  const { data, isPending, error } = useQuery({
    ...trpc.order.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  const { data: shippingMethods } = useQuery(trpc.checkout.shippingList.queryOptions());
  const access = useAdminAccess();
  const [typed, setTyped] = useState(search.q ?? '');
  const pageIds = data?.items.map((item) => item.id) ?? [];
  const selection = useRowSelection(pageIds);

  const setSearch = (next: OrderListSearch) => {
    selection.clear();
    void navigate({ to: '/admin/order', search: next, replace: true });
  };
  const filter = (next: Partial<OrderListSearch>) => setSearch({ ...search, ...next, page: undefined });
  const onSort = (column: OrderSortKey, desc: boolean) =>
    setSearch({ ...search, sort: column === 'createdAt' ? undefined : column, asc: !desc || undefined });
  // What every sortable column header needs to know about the list's order.
  const sorting = { sort: input.sort, desc: input.order === 'desc', onSort };
  const filtered = Boolean(
    search.q || search.status || search.payment || search.shipping || search.from || search.to,
  );

  return (
    <AdminPage
      title="Rendelések"
      description="A beérkezett rendelések keresése, szűrése és kezelése; a sorra kattintva nyílik a rendelés."
      actions={<CsvButton search={search} />}
    >
      <AdminPanel overflow="hidden">
        <ListToolbar>
          <Box flex="1" minW={{ base: 'full', md: '64' }} maxW={{ md: 'md' }}>
            <DebouncedSearch
              value={search.q ?? ''}
              onChange={(q) => {
                setTyped(q);
                if (searchable(q)) filter({ q: q.trim() ? q : undefined });
              }}
              label="Keresés a rendelések között"
              placeholder={
                // The search matches e-mail addresses only for whom the list shows them (order-list.ts).
                access.may('customers:read') ? 'Rendelésszám, név vagy e-mail-cím' : 'Rendelésszám vagy név'
              }
            />
            {!searchable(typed) && (
              <Text fontSize="xs" color="fg.muted" mt="1">
                Legalább {ORDER_SEARCH_MIN_LENGTH} karakter kell a kereséshez.
              </Text>
            )}
          </Box>
          <StatusFilter value={search.status ?? []} onChange={(status) => filter({ status })} />
          <FilterSelect
            label="Fizetés állapota"
            value={search.payment ?? ''}
            onChange={(value) => filter({ payment: (value || undefined) as OrderListSearch['payment'] })}
          >
            <option value="">Fizetés: mind</option>
            {PAYMENT_STATES.map((state) => (
              <option key={state} value={state}>
                {PAYMENT_STATE_LABELS[state]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Szállítási mód"
            value={search.shipping ? String(search.shipping) : ''}
            onChange={(value) => filter({ shipping: value ? Number(value) : undefined })}
          >
            <option value="">Szállítás: mind</option>
            {shippingMethods?.items.map((method) => (
              <option key={method.id} value={method.id}>
                {method.name}
              </option>
            ))}
          </FilterSelect>
          <Flex gap="3" align="center" wrap="wrap" w={{ base: 'full', sm: 'auto' }}>
            <DateFilter label="Ettől" value={search.from} onChange={(from) => filter({ from })} />
            <DateFilter label="Eddig" value={search.to} onChange={(to) => filter({ to })} />
          </Flex>
        </ListToolbar>
        {selection.keys.length > 0 && (
          <BulkActionBar label="Kijelölt rendelések" rows={selection.keys} onClear={selection.clear}>
            <OrderBulkControls ids={selection.keys} onDone={selection.clear} />
          </BulkActionBar>
        )}
        <PagedListBody
          data={data}
          isPending={isPending}
          error={error}
          emptyText={filtered ? 'Nincs a feltételeknek megfelelő rendelés.' : 'Még nem érkezett rendelés.'}
          unit="rendelés"
          onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        >
          {data?.totalCapped && (
            <Text px={{ base: '3', md: '4' }} py="2" fontSize="sm" color="fg.muted" borderBottomWidth="1px">
              Több mint {data.total.toLocaleString('hu-HU')} rendelés felel meg a feltételeknek; az első{' '}
              {data.total.toLocaleString('hu-HU')} lapozható. Szűkítsd a keresést a többihez.
            </Text>
          )}
          <Table.ScrollArea>
            <Table.Root size="sm" interactive aria-label="Rendelések">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader w="10" ps={{ base: '3', md: '4' }}>
                    <SelectPageCheckbox
                      state={selection.page}
                      onChange={selection.togglePage}
                      label="Az oldal minden rendelésének kijelölése"
                      disabled={pageIds.length === 0}
                    />
                  </Table.ColumnHeader>
                  <SortableHeader column="number" label="Rendelés" {...sorting} />
                  <SortableHeader column="createdAt" label="Dátum" {...sorting} hideBelow="md" />
                  <SortableHeader column="customer" label="Vásárló" {...sorting} hideBelow="md" />
                  <SortableHeader column="status" label="Állapot" {...sorting} />
                  <Table.ColumnHeader hideBelow="lg">Fizetés</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="lg">Szállítás</Table.ColumnHeader>
                  <SortableHeader
                    column="total"
                    label="Végösszeg"
                    {...sorting}
                    textAlign="end"
                    pe={{ base: '3', md: '6' }}
                    hideBelow="sm"
                  />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data?.items.map((order) => (
                  <Table.Row
                    key={order.id}
                    cursor="pointer"
                    onClick={() =>
                      void navigate({ to: '/admin/order/$id', params: { id: String(order.id) } })
                    }
                  >
                    <Table.Cell ps={{ base: '3', md: '4' }} onClick={(event) => event.stopPropagation()}>
                      <SelectRowCheckbox
                        checked={selection.isSelected(order.id)}
                        onChange={(checked) => selection.toggle(order.id, checked)}
                        label={`${order.number} kijelölése`}
                      />
                    </Table.Cell>
                    <Table.Cell py="3" whiteSpace="nowrap">
                      <Link
                        to="/admin/order/$id"
                        params={{ id: String(order.id) }}
                        onClick={(event) => event.stopPropagation()}
                      >
                        <RowTitle>{order.number}</RowTitle>
                      </Link>
                      <Text fontSize="xs" color="fg.muted" hideFrom="md">
                        {order.name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" hideFrom="md">
                        {formatDateTime(order.createdAt)}
                      </Text>
                      <Text fontSize="xs" hideFrom="sm">
                        {formatPrice(order.total)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                      {formatDateTime(order.createdAt)}
                    </Table.Cell>
                    <Table.Cell hideBelow="md">
                      <Text>{order.name}</Text>
                      {/* Not sent to a role without customers:read. */}
                      {order.email && (
                        <Text fontSize="xs" color="fg.muted" truncate maxW="56">
                          {order.email}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <OrderStatusBadge status={order.status} size="sm" />
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" fontSize="xs">
                      <Text>{order.paymentMethod}</Text>
                      <Text color={order.paidStatus === 'paid' ? 'fg.muted' : 'fg.warning'}>
                        {PAID_STATUS_LABELS[order.paidStatus]}
                        {order.paymentState !== 'none' &&
                          order.paymentState !== 'succeeded' &&
                          ` · ${PAYMENT_STATE_LABELS[order.paymentState]}`}
                      </Text>
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" fontSize="xs">
                      {order.shippingMethod}
                    </Table.Cell>
                    <Table.Cell
                      textAlign="end"
                      whiteSpace="nowrap"
                      pe={{ base: '3', md: '6' }}
                      hideBelow="sm"
                    >
                      {formatPrice(order.total)}
                      <Text fontSize="xs" color="fg.muted">
                        {order.itemCount} db
                      </Text>
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
