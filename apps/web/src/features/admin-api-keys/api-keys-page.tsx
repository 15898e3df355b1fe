import { Badge, Button, Flex, Text, Wrap } from '@chakra-ui/react';
import { API_SCOPE_LABELS, type TApiKey, type TApiKeyCreated } from '@shop/api/schemas';
import { formatDateTime, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toastError } from '../../lib/error-toast';
import { selectItems } from '../../lib/select-items';
import { useTRPC } from '../../lib/trpc';
import { FilterSelect } from '../admin/list-controls';
import { ListPage } from '../admin/list-page/list-page';
import type { ListColumn } from '../admin/list-page/list-table';
import { matchesNeedle, pageOf, searchNeedle } from '../admin/list-page/local-list';
import { useListSearch } from '../admin/list-page/use-list-search';
import type { ApiKeyListSearch, ApiKeySortKey } from './api-key-list-search';
import { CreateApiKeyDialog, NewApiKeyDialog } from './create-api-key-dialog';

const PAGE_SIZE = 20;
const KEY_STATUS_OPTIONS = [
  ['active', 'Aktív'],
  ['revoked', 'Visszavont'],
] as const;

/**
 * A shop has a handful of keys, so the whole list comes in one answer and is searched, sorted and paged
 * here; the state still lives in the URL like every admin list's.
 */
function visibleKeys(keys: readonly TApiKey[], search: ApiKeyListSearch) {
  const needle = searchNeedle(search.q);
  const matching = keys.filter(
    (key) =>
      (!search.status || (search.status === 'revoked') === (key.revokedAt !== null)) &&
      matchesNeedle(needle, key.name, key.prefix),
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
  return pageOf(sorted, search.page, PAGE_SIZE);
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
  const url = useListSearch(search);
  const {
    data: keys,
    isPending,
    error,
  } = useQuery(trpc.apikey.list.queryOptions(undefined, { select: selectItems }));
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

  const onSort = (column: ApiKeySortKey, desc: boolean) =>
    url.set({
      ...search,
      sort: column === 'createdAt' ? undefined : column,
      asc: desc ? undefined : true,
      page: undefined,
    });
  const filtered = Boolean(search.q || search.status);

  const columns: ListColumn<TApiKey, ApiKeySortKey>[] = [
    {
      id: 'name',
      header: 'Név',
      sort: 'name',
      cellProps: { minW: '40' },
      cell: (apiKey) => (
        <>
          <Text fontWeight="medium">{apiKey.name}</Text>
          <Text fontSize="xs" color="fg.muted" fontFamily="mono">
            {apiKey.prefix}…
          </Text>
          <Flex hideFrom="md" direction="column" gap="1.5" mt="1.5">
            <ScopeBadges scopes={apiKey.scopes} />
            <Text fontSize="xs" color="fg.muted">
              {apiKey.lastUsedAt ? `Utoljára: ${formatDateTime(apiKey.lastUsedAt)}` : 'Még nem használták'}
            </Text>
          </Flex>
        </>
      ),
    },
    {
      id: 'scopes',
      header: 'Jogosultságok',
      hideBelow: 'md',
      cellProps: { maxW: 'xs' },
      cell: (apiKey) => <ScopeBadges scopes={apiKey.scopes} />,
    },
    {
      id: 'createdAt',
      header: 'Létrehozva',
      sort: 'createdAt',
      hideBelow: 'lg',
      cellProps: { color: 'fg.muted', whiteSpace: 'nowrap' },
      cell: (apiKey) => (
        <>
          <Text>{formatDateTime(apiKey.createdAt)}</Text>
          <Text fontSize="xs">{apiKey.createdBy?.name ?? 'Törölt felhasználó'}</Text>
        </>
      ),
    },
    {
      id: 'lastUsedAt',
      header: 'Utoljára használva',
      sort: 'lastUsedAt',
      hideBelow: 'md',
      cellProps: { color: 'fg.muted', whiteSpace: 'nowrap' },
      cell: (apiKey) => (apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Még nem használták'),
    },
    {
      id: 'status',
      header: 'Állapot',
      headerProps: { pe: { base: '4', md: '3' } },
      cellProps: { pe: { base: '4', md: '3' } },
      cell: (apiKey) => (
        <>
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
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Műveletek',
      headerHidden: true,
      hideBelow: 'md',
      cellProps: { textAlign: 'end' },
      cell: (apiKey) =>
        !apiKey.revokedAt && <RevokeButton apiKey={apiKey} onClick={() => setRevoking(apiKey)} />,
    },
  ];

  return (
    <ListPage
      title="API-kulcsok"
      description="Külső programok (ERP, számlázó, piactér) ezekkel érik el a bolt REST API-ját, admin jelszó nélkül. Egy kulcs csak azt teheti, amit a jogosultságai engednek."
      create={{ label: 'Új kulcs', onClick: () => setCreating(true) }}
      searchBox={{
        label: 'Keresés a kulcsok között',
        placeholder: 'Név vagy a kulcs eleje (kbk_…)',
        value: search.q,
        onChange: (q) => url.filter({ q }),
      }}
      toolbar={
        <FilterSelect
          label="Állapot"
          anyLabel="Minden kulcs"
          value={search.status}
          options={KEY_STATUS_OPTIONS}
          onChange={(status) =>
            url.filter({ status: status === 'active' || status === 'revoked' ? status : undefined })
          }
        />
      }
      list={keys && visibleKeys(keys, search)}
      isPending={isPending}
      error={error}
      emptyText={
        filtered
          ? 'Nincs a feltételeknek megfelelő kulcs.'
          : 'Még nincs API-kulcs. Az „Új kulcs” gombbal hozhatsz létre egyet.'
      }
      unit="kulcs"
      onPageChange={url.setPage}
      table={{
        label: 'API-kulcsok',
        columns,
        rowKey: (apiKey) => apiKey.id,
        rowProps: (apiKey) => ({ 'aria-label': apiKey.name, opacity: apiKey.revokedAt ? 0.7 : 1 }),
        sort: { sort: search.sort ?? 'createdAt', desc: !search.asc, onSort },
      }}
    >
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
    </ListPage>
  );
}
