import { Badge, Button, Flex, NativeSelect, Table, Text, Wrap } from '@chakra-ui/react';
import { API_SCOPE_LABELS, type TApiKey, type TApiKeyCreated } from '@shop/api/schemas';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';
import { DebouncedSearch, ListToolbar, PagedListBody, SortableHeader } from '../admin/list-controls';
import type { ApiKeyListSearch, ApiKeySortKey } from './api-key-list-search';
import { CreateApiKeyDialog, NewApiKeyDialog } from './create-api-key-dialog';

const PAGE_SIZE = 20;

/**
 * A shop has a handful of keys, so the whole list comes in one answer and is searched, sorted and paged
 * here; the state still lives in the URL like every admin list's.
 */
function visibleKeys(keys: readonly TApiKey[], search: ApiKeyListSearch) {
  const needle = search.q?.trim().toLocaleLowerCase('hu');
  const matching = keys.filter(
    (key) =>
      (!search.status || (search.status === 'revoked') === (key.revokedAt !== null)) &&
      (!needle ||
        key.name.toLocaleLowerCase('hu').includes(needle) ||
        key.prefix.toLowerCase().includes(needle)),
  );
  const sort = search.sort ?? 'createdAt';
  const direction = search.asc ? 1 : -1;
  const sorted = [...matching].sort((a, b) => {
    if (sort === 'name') return -direction * a.name.localeCompare(b.name, 'hu');
    // Never used sorts as the oldest use.
    const left = (sort === 'lastUsedAt' ? a.lastUsedAt : a.createdAt) ?? '';
    const right = (sort === 'lastUsedAt' ? b.lastUsedAt : b.createdAt) ?? '';
    return direction * left.localeCompare(right) || b.id - a.id;
  });
  const pageCount = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const page = Math.min(search.page ?? 1, pageCount);
  return {
    items: sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    page,
    pageSize: PAGE_SIZE,
    total: sorted.length,
  };
}

function ScopeBadges({ scopes }: { scopes: TApiKey['scopes'] }) {
  return (
    <Wrap gap="1">
      {scopes.map((scope) => (
        <Badge key={scope} variant="subtle" colorPalette={scope.endsWith(':write') ? 'orange' : 'blue'}>
          {API_SCOPE_LABELS[scope]}
        </Badge>
      ))}
    </Wrap>
  );
}

function StatusBadge({ apiKey }: { apiKey: TApiKey }) {
  return apiKey.revokedAt ? (
    <Badge colorPalette="red" variant="subtle" title={`Visszavonva: ${formatDateTime(apiKey.revokedAt)}`}>
      Visszavonva
    </Badge>
  ) : (
    <Badge colorPalette="green" variant="subtle">
      Aktív
    </Badge>
  );
}

function RevokeButton({ apiKey, onClick }: { apiKey: TApiKey; onClick: () => void }) {
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="red"
      onClick={onClick}
      aria-label={`${apiKey.name} visszavonása`}
    >
      Visszavonás
    </Button>
  );
}

/** /admin/settings/api-keys: keys for integrators, created with scopes, shown once, revoked here. */
export function ApiKeysPage({ search }: { search: ApiKeyListSearch }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: keys, isPending, error } = useQuery(trpc.apikey.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<(TApiKeyCreated & { name: string }) | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);

  const revoke = useMutation(
    trpc.apikey.revoke.mutationOptions({
      meta: { toastError: false },
      onSuccess: (_, input) => {
        const name = keys?.find((key) => key.id === input.id)?.name;
        toaster.success({ title: 'A kulcs visszavonva.', description: name });
        void queryClient.invalidateQueries(trpc.apikey.list.queryFilter());
        setRevoking(null);
      },
      onError: (failure) => toastError('A kulcs visszavonása nem sikerült.', failure),
    }),
  );

  const setSearch = (next: ApiKeyListSearch) =>
    void navigate({ to: '/admin/settings/api-keys', search: next, replace: true });
  const filter = (next: Partial<ApiKeyListSearch>) => setSearch({ ...search, ...next, page: undefined });
  const sort = search.sort ?? 'createdAt';
  const desc = !search.asc;
  const onSort = (column: ApiKeySortKey, nextDesc: boolean) =>
    setSearch({
      ...search,
      sort: column === 'createdAt' ? undefined : column,
      asc: nextDesc ? undefined : true,
      page: undefined,
    });
  const list = keys ? visibleKeys(keys, search) : undefined;
  const filtered = Boolean(search.q || search.status);

  return (
    <AdminPage
      title="API-kulcsok"
      description="Külső programok (ERP, számlázó, piactér) ezekkel érik el a bolt REST API-ját, admin jelszó nélkül. Egy kulcs csak azt teheti, amit a jogosultságai engednek."
      actions={
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          <LuPlus /> Új kulcs
        </Button>
      }
    >
      <AdminPanel overflow="hidden">
        <ListToolbar>
          <DebouncedSearch
            value={search.q ?? ''}
            onChange={(q) => filter({ q: q.trim() ? q : undefined })}
            label="Keresés a kulcsok között"
            placeholder="Név vagy a kulcs eleje (kbk_…)"
          />
          <NativeSelect.Root size="md" w={{ base: 'full', sm: 'auto' }} minW={{ sm: '44' }}>
            <NativeSelect.Field
              aria-label="Állapot"
              value={search.status ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                filter({ status: value === 'active' || value === 'revoked' ? value : undefined });
              }}
            >
              <option value="">Minden kulcs</option>
              <option value="active">Aktív</option>
              <option value="revoked">Visszavont</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </ListToolbar>
        <PagedListBody
          data={list}
          isPending={isPending}
          error={error}
          emptyText={
            filtered
              ? 'Nincs a feltételeknek megfelelő kulcs.'
              : 'Még nincs API-kulcs. Az „Új kulcs” gombbal hozhatsz létre egyet.'
          }
          unit="kulcs"
          onPageChange={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        >
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="API-kulcsok">
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
                  <Table.ColumnHeader hideBelow="md">Jogosultságok</Table.ColumnHeader>
                  <SortableHeader
                    column="createdAt"
                    label="Létrehozva"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    hideBelow="lg"
                  />
                  <SortableHeader
                    column="lastUsedAt"
                    label="Utoljára használva"
                    sort={sort}
                    desc={desc}
                    onSort={onSort}
                    hideBelow="md"
                  />
                  <Table.ColumnHeader pe={{ base: '4', md: '3' }}>Állapot</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md" pe="6">
                    <Text srOnly>Műveletek</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list?.items.map((apiKey) => (
                  <Table.Row key={apiKey.id} aria-label={apiKey.name} opacity={apiKey.revokedAt ? 0.7 : 1}>
                    <Table.Cell ps={{ base: '4', md: '6' }} py="3" minW="40">
                      <Text fontWeight="medium">{apiKey.name}</Text>
                      <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                        {apiKey.prefix}…
                      </Text>
                      <Flex hideFrom="md" direction="column" gap="1.5" mt="1.5">
                        <ScopeBadges scopes={apiKey.scopes} />
                        <Text fontSize="xs" color="fg.muted">
                          {apiKey.lastUsedAt
                            ? `Utoljára: ${formatDateTime(apiKey.lastUsedAt)}`
                            : 'Még nem használták'}
                        </Text>
                      </Flex>
                    </Table.Cell>
                    <Table.Cell hideBelow="md" maxW="xs">
                      <ScopeBadges scopes={apiKey.scopes} />
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" color="fg.muted" whiteSpace="nowrap">
                      <Text>{formatDateTime(apiKey.createdAt)}</Text>
                      <Text fontSize="xs">{apiKey.createdBy?.name ?? 'Törölt felhasználó'}</Text>
                    </Table.Cell>
                    <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                      {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Még nem használták'}
                    </Table.Cell>
                    <Table.Cell pe={{ base: '4', md: '3' }}>
                      <StatusBadge apiKey={apiKey} />
                      {apiKey.revokedAt && (
                        <Text fontSize="xs" color="fg.muted" mt="1" whiteSpace="nowrap">
                          {formatDateTime(apiKey.revokedAt)}
                        </Text>
                      )}
                      {/* On a phone the button sits under the status, so the row needs no sideways scrolling. */}
                      {!apiKey.revokedAt && (
                        <Flex hideFrom="md" mt="2">
                          <RevokeButton apiKey={apiKey} onClick={() => setRevoking(apiKey)} />
                        </Flex>
                      )}
                    </Table.Cell>
                    <Table.Cell hideBelow="md" pe="6" textAlign="end">
                      {!apiKey.revokedAt && (
                        <RevokeButton apiKey={apiKey} onClick={() => setRevoking(apiKey)} />
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </PagedListBody>
      </AdminPanel>

      <CreateApiKeyDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <NewApiKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Visszavonod ezt a kulcsot: „${revoking?.name ?? ''}”?`}
        confirmLabel="Visszavonás"
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      >
        A kulcsot használó program ettől kezdve minden kérésére 401-es hibát kap. A visszavonás nem vonható
        vissza; szükség esetén hozz létre új kulcsot.
      </ConfirmDialog>
    </AdminPage>
  );
}
