import { Badge, Box, Button, Flex, IconButton, Image, Switch, Table, Text } from '@chakra-ui/react';
import type { TProductCard, TProductListFilters } from '@shop/api/schemas';
import { formatPrice, toaster } from '@shop/ui';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import {
  LuChevronDown,
  LuChevronRight,
  LuExternalLink,
  LuEye,
  LuEyeOff,
  LuPlus,
  LuUpload,
} from 'react-icons/lu';
import { ListPagination } from '../../components/pagination';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { AdminPage, AdminPanel, RowTitle } from '../admin/admin-page';
import { DebouncedSearch, FilterSelect, ListToolbar } from '../admin/list-controls';
import {
  BulkActionBar,
  type ListBulk,
  SelectPageCheckbox,
  SelectRowCheckbox,
  useAllowedBulkActions,
} from '../admin/list-page/bulk-actions';
import { useRowSelection } from '../admin/list-page/row-selection';
import { ProductExportMenu } from './product-export-menu';
import type { AdminProductListSearch } from './product-list-search';

const PAGE_SIZE = 25;

const SORT_LABELS = {
  relevance: 'Alapértelmezett',
  name: 'Név',
  'price-asc': 'Ár szerint növekvő',
  'price-desc': 'Ár szerint csökkenő',
  newest: 'Legújabb',
  popularity: 'Népszerű',
} as const;

const STATE_OPTIONS = [
  ['enabled', 'Engedélyezett'],
  ['disabled', 'Letiltott'],
] as const;

/** The orders offered besides the default one, which the empty option stands for. */
const SORT_OPTIONS = (['price-asc', 'price-desc', 'newest', 'popularity', 'name'] as const).map(
  (key) => [key, SORT_LABELS[key]] as const,
);

function EnabledSwitch({ product }: { product: TProductCard }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = {
    onSuccess: () => {
      toaster.success({ title: product.enabled ? 'A termék letiltva.' : 'A termék engedélyezve.' });
      void queryClient.invalidateQueries(trpc.product.pathFilter());
    },
    meta: { errorTitle: 'Az állapot nem változott.' },
  };
  const enable = useMutation(trpc.product.enable.mutationOptions(options));
  const disable = useMutation(trpc.product.disable.mutationOptions(options));
  const pending = enable.isPending || disable.isPending;
  return (
    <Switch.Root
      size="sm"
      colorPalette="green"
      checked={product.enabled}
      disabled={pending}
      onCheckedChange={(details) => (details.checked ? enable : disable).mutate({ id: product.id })}
    >
      {/* No visible label here, so the named input lies (transparent) over the drawn switch: a click
          anywhere on it reaches the element that screen readers and browser automation know by name. */}
      <Switch.HiddenInput
        aria-label={`${product.title}: engedélyezve`}
        style={{
          clip: 'auto',
          inset: 0,
          width: '100%',
          height: '100%',
          margin: 0,
          opacity: 0,
          zIndex: 1,
          cursor: pending ? 'not-allowed' : 'pointer',
        }}
      />
      <Switch.Control />
    </Switch.Root>
  );
}

/**
 * Enabling and disabling the chosen products, one product operation each (there is no bulk one), so
 * each product's own checks and cache updates apply; a disable asks first, as it hides them from the shop.
 */
function useProductBulk(): ListBulk<TProductCard> {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  return {
    label: 'Kijelölt termékek',
    selectPageLabel: 'Az oldal minden termékének kijelölése',
    rowLabel: (product) => product.title,
    actions: [
      {
        label: 'Engedélyezés',
        icon: <LuEye />,
        run: (product) => client.product.enable.mutate({ id: product.id }),
        done: (count) => `${count} termék engedélyezve`,
      },
      {
        label: 'Letiltás',
        icon: <LuEyeOff />,
        confirm: {
          title: 'Termékek letiltása',
          confirmLabel: 'Letiltás',
          question: (count) =>
            `${count} terméket tiltasz le: eltűnnek a boltból, a vásárlók nem találják és nem rendelhetik meg őket, amíg újra nem engedélyezed őket.`,
        },
        run: (product) => client.product.disable.mutate({ id: product.id }),
        done: (count) => `${count} termék letiltva`,
      },
    ],
    onDone: () => void queryClient.invalidateQueries(trpc.product.pathFilter()),
  };
}

/** The rows under an expanded product: each variant's code, values, stock and price (disabled ones too). */
function VariantRows({ productId, selectable }: { productId: number; selectable: boolean }) {
  const trpc = useTRPC();
  const { data: product, isPending } = useQuery(trpc.product.byId.queryOptions({ id: productId }));
  if (isPending || !product) {
    return (
      <Table.Row>
        {selectable && <Table.Cell />}
        <Table.Cell colSpan={5} ps="12" color="fg.muted" fontSize="sm">
          Változatok betöltése…
        </Table.Cell>
      </Table.Row>
    );
  }
  return product.variants.map((variant) => (
    <Table.Row key={variant.id} bg="bg.subtle" data-testid="product-variant-row">
      {selectable && <Table.Cell />}
      <Table.Cell ps={{ base: '8', md: '16' }} py="1.5" fontSize="sm">
        {variant.title}
        {!variant.enabled && (
          <Badge colorPalette="gray" size="xs" ms="2">
            Letiltva
          </Badge>
        )}
        <Text hideFrom="md" fontFamily="mono" fontSize="xs" color="fg.muted">
          {variant.kutiId ?? '–'} · {variant.stock} {product.unit}
        </Text>
      </Table.Cell>
      <Table.Cell hideBelow="md" fontFamily="mono" fontSize="xs" color="fg.muted">
        {variant.kutiId ?? '–'}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" fontSize="sm">
        {formatPrice(variant.price)}
      </Table.Cell>
      <Table.Cell hideBelow="md">
        <Badge colorPalette={variant.inStock ? 'green' : 'gray'}>
          {variant.stock} {product.unit}
        </Badge>
      </Table.Cell>
      <Table.Cell />
    </Table.Row>
  ));
}

/** /admin/catalog/products: the server-side product table with search, category and state filters. */
export function ProductsPage({ search }: { search: AdminProductListSearch }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const { data: categories } = useSuspenseQuery(
    trpc.category.findAll.queryOptions({ page: 1, pageSize: 500, sort: 'path', order: 'asc' }),
  );
  // The export takes the same filters, so it downloads exactly the list on screen.
  const filters: TProductListFilters = {
    search: search.q,
    categoryId: search.category,
    state: search.state ?? 'all',
    sort: search.sort ?? (search.q ? 'relevance' : 'name'),
  };
  const { data, isFetching } = useQuery({
    ...trpc.product.list.queryOptions({ ...filters, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const bulk = useProductBulk();
  const bulkActions = useAllowedBulkActions(bulk, 'catalogue:write');
  const selectable = bulkActions.length > 0;
  const rows = data?.items ?? [];
  const selection = useRowSelection(rows.map((product) => product.id));
  const chosen = rows.filter((product) => selection.isSelected(product.id));

  const setSearch = (next: AdminProductListSearch) => {
    selection.clear();
    void navigate({ to: '/admin/catalog/products', search: next, replace: true });
  };
  const filter = (next: Partial<AdminProductListSearch>) =>
    setSearch({ ...search, ...next, page: undefined });

  return (
    <AdminPage
      title="Termékek"
      description="A katalógus összes terméke: keresés, szűrés, engedélyezés."
      actions={
        <>
          <Button asChild variant="outline" bg="white">
            <Link to="/admin/catalog/products/import">
              <LuUpload /> Importálás
            </Link>
          </Button>
          <ProductExportMenu filters={filters} />
          <Button asChild colorPalette="brand">
            <Link to="/admin/catalog/products/$id" params={{ id: 'new' }}>
              <LuPlus /> Új termék
            </Link>
          </Button>
        </>
      }
    >
      <AdminPanel overflow="hidden">
        <ListToolbar>
          <DebouncedSearch
            value={search.q ?? ''}
            onChange={(q) => filter({ q: q || undefined })}
            label="Keresés a termékek között"
            placeholder="Név vagy cikkszám"
          />
          {/* Sized by their boxes: on a phone the category takes a line, state and order share the next. */}
          <Box w={{ base: 'full', md: '64' }}>
            <FilterSelect
              label="Kategória"
              anyLabel="Minden kategória"
              value={search.category?.toString()}
              options={categories.items.map((category) => [String(category.id), category.path] as const)}
              onChange={(category) => filter({ category: category ? Number(category) : undefined })}
            />
          </Box>
          <Box w={{ base: '48%', md: '44' }}>
            <FilterSelect
              label="Állapot"
              anyLabel="Minden állapot"
              value={search.state}
              options={STATE_OPTIONS}
              onChange={(state) => filter({ state: state as AdminProductListSearch['state'] })}
            />
          </Box>
          <Box w={{ base: '48%', md: '48' }}>
            <FilterSelect
              label="Rendezés"
              anyLabel={search.q ? 'Relevancia' : 'Név'}
              value={search.sort}
              options={SORT_OPTIONS}
              onChange={(sort) => filter({ sort: sort as AdminProductListSearch['sort'] })}
            />
          </Box>
        </ListToolbar>
        {chosen.length > 0 && (
          <BulkActionBar
            label={bulk.label}
            actions={bulkActions}
            rowLabel={bulk.rowLabel}
            onDone={bulk.onDone}
            rows={chosen}
            onClear={selection.clear}
          />
        )}
        <Table.ScrollArea opacity={isFetching ? 0.7 : 1} transition="opacity 0.15s">
          <Table.Root size="sm" interactive aria-label="Termékek">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {selectable && (
                  <Table.ColumnHeader w="10" ps={{ base: '3', md: '4' }}>
                    <SelectPageCheckbox
                      state={selection.page}
                      onChange={selection.togglePage}
                      label={bulk.selectPageLabel}
                      disabled={rows.length === 0}
                    />
                  </Table.ColumnHeader>
                )}
                <Table.ColumnHeader ps={{ base: '3', md: '4' }}>Termék</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Cikkszám</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Ár</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Készlet</Table.ColumnHeader>
                <Table.ColumnHeader>Engedélyezve</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((product) => (
                <Fragment key={product.id}>
                  <Table.Row>
                    {selectable && (
                      <Table.Cell ps={{ base: '3', md: '4' }}>
                        <SelectRowCheckbox
                          checked={selection.isSelected(product.id)}
                          onChange={(checked) => selection.toggle(product.id, checked)}
                          label={`${bulk.rowLabel(product)} kijelölése`}
                        />
                      </Table.Cell>
                    )}
                    <Table.Cell ps={{ base: '3', md: '4' }} py="2">
                      <Flex align="center" gap="3">
                        {product.variantSummary ? (
                          <IconButton
                            size="xs"
                            variant="ghost"
                            aria-expanded={expanded.has(product.id)}
                            aria-label={`${product.title}: változatok ${expanded.has(product.id) ? 'elrejtése' : 'megjelenítése'}`}
                            onClick={() => toggle(product.id)}
                          >
                            {expanded.has(product.id) ? <LuChevronDown /> : <LuChevronRight />}
                          </IconButton>
                        ) : (
                          <Box w="6" flexShrink={0} />
                        )}
                        <Box
                          boxSize="10"
                          flexShrink={0}
                          borderRadius="l2"
                          overflow="hidden"
                          bg="bg.subtle"
                          hideBelow="md"
                        >
                          {product.image && (
                            <Image
                              src={product.image}
                              alt=""
                              width={40}
                              height={40}
                              loading="lazy"
                              objectFit="cover"
                              w="full"
                              h="full"
                            />
                          )}
                        </Box>
                        <Box minW="0" maxW={{ base: '44', md: 'none' }} whiteSpace="normal">
                          <Link to="/admin/catalog/products/$id" params={{ id: String(product.id) }}>
                            <RowTitle>{product.title}</RowTitle>
                          </Link>
                          <Flex gap="1.5" mt="0.5" wrap="wrap">
                            {product.variantSummary && (
                              <Badge colorPalette="blue" size="xs">
                                {product.variantSummary}
                              </Badge>
                            )}
                            {product.featured && (
                              <Badge colorPalette="accent" size="xs">
                                Kiemelt
                              </Badge>
                            )}
                            {product.enabled && (
                              <Text asChild fontSize="xs" color="fg.muted">
                                <a href={`/${product.slug}`} target="_blank" rel="noopener">
                                  Megnyitás{' '}
                                  <LuExternalLink style={{ display: 'inline' }} aria-hidden="true" />
                                </a>
                              </Text>
                            )}
                          </Flex>
                        </Box>
                      </Flex>
                    </Table.Cell>
                    <Table.Cell hideBelow="md" fontFamily="mono" fontSize="xs" color="fg.muted">
                      {product.kutiId ?? '–'}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatPrice(product.price)}
                    </Table.Cell>
                    <Table.Cell hideBelow="md">
                      {product.inStock ? (
                        <Badge colorPalette="green">
                          {product.stock === null ? 'Raktáron' : `${product.stock} ${product.unit}`}
                        </Badge>
                      ) : (
                        <Badge colorPalette="gray">Nincs</Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <EnabledSwitch product={product} />
                    </Table.Cell>
                  </Table.Row>
                  {expanded.has(product.id) && <VariantRows productId={product.id} selectable={selectable} />}
                </Fragment>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {data?.items.length === 0 && (
          <Box p="6" textAlign="center" color="fg.muted">
            Nincs a feltételeknek megfelelő termék.
          </Box>
        )}
        <ListPagination
          unit="termék"
          page={page}
          pageSize={PAGE_SIZE}
          total={data?.total ?? 0}
          onPageChange={(next) => setSearch({ ...search, page: next > 1 ? next : undefined })}
        />
      </AdminPanel>
    </AdminPage>
  );
}
