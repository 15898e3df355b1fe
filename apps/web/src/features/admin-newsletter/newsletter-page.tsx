import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  CloseButton,
  Dialog,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  NEWSLETTER_EVENT_LABELS,
  NEWSLETTER_SOURCE_LABELS,
  NEWSLETTER_STATUS_LABELS,
  type TNewsletterListOutput,
  type TNewsletterStatus,
} from '@shop/api/schemas';
import { formatDateTime } from '@shop/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LuDownload } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';
import { FilterSelect } from '../admin/list-controls';
import { ListPage } from '../admin/list-page/list-page';
import { type ListColumn, timeColumn } from '../admin/list-page/list-table';
import { useListSearch } from '../admin/list-page/use-list-search';
import { AbandonedCartCard } from './abandoned-cart-card';
import { NEWSLETTER_STATUS_KEYS, type NewsletterListSearch } from './newsletter-search';
import { NewsletterSyncCard } from './newsletter-sync-card';

type Subscriber = TNewsletterListOutput['items'][number];

const STATUS_COLOURS: Record<TNewsletterStatus, string> = {
  pending: 'orange',
  confirmed: 'green',
  unsubscribed: 'gray',
};

function RegisterLink({ email }: { email: string }) {
  const navigate = useNavigate();
  return (
    <ChakraLink asChild color="brand.fg" fontWeight="medium" textDecoration="underline" wordBreak="break-all">
      <button
        type="button"
        onClick={() =>
          void navigate({ to: '.', search: ((previous: object) => ({ ...previous, email })) as never })
        }
      >
        {email}
      </button>
    </ChakraLink>
  );
}

const COLUMNS: ListColumn<Subscriber>[] = [
  { id: 'email', header: 'E-mail-cím', cell: (row) => <RegisterLink email={row.email} /> },
  {
    id: 'status',
    header: 'Állapot',
    cell: (row) => (
      <Badge colorPalette={STATUS_COLOURS[row.status]}>{NEWSLETTER_STATUS_LABELS[row.status]}</Badge>
    ),
  },
  {
    id: 'source',
    header: 'Forrás',
    hideBelow: 'md',
    cellProps: { color: 'fg.muted' },
    cell: (row) => NEWSLETTER_SOURCE_LABELS[row.source],
  },
  timeColumn({ id: 'requestedAt', header: 'Kérés ideje', hideBelow: 'md', time: (row) => row.requestedAt }),
  timeColumn({
    id: 'confirmedAt',
    header: 'Megerősítés ideje',
    hideBelow: 'lg',
    time: (row) => row.confirmedAt,
  }),
];

function CsvButton({ search }: { search: NewsletterListSearch }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { download, loading } = useFileDownload(
    () =>
      queryClient.fetchQuery(
        freshQuery(trpc.newsletter.download.queryOptions({ search: search.q, status: search.status })),
      ),
    { encoding: 'text', errorTitle: 'A letöltés nem sikerült.' },
  );
  return (
    <Button variant="outline" bg="white" loading={loading} onClick={() => void download()}>
      <LuDownload /> Letöltés (CSV)
    </Button>
  );
}

/**
 * /admin/customer/newsletter: the newsletter list with its states, the consent register of one address
 * (who agreed to which text, how and when: Grt. 6. §) and the list as CSV.
 */
export function NewsletterPage({ search }: { search: NewsletterListSearch }) {
  const trpc = useTRPC();
  const url = useListSearch(search);
  const { data, isPending, error } = useQuery({
    ...trpc.newsletter.list.queryOptions({ search: search.q, status: search.status, page: search.page ?? 1 }),
    placeholderData: keepPreviousData,
  });

  return (
    <ListPage
      title="Hírlevél"
      description="A hírlevélre feliratkozott címek. Hírlevelet csak a megerősített címek kapnak; egy címre kattintva látod a hozzájárulási nyilvántartását."
      actions={<CsvButton search={search} />}
      searchBox={{
        label: 'Keresés a feliratkozók között',
        placeholder: 'E-mail-cím',
        value: search.q,
        onChange: (q) => url.filter({ q }),
      }}
      toolbar={
        <FilterSelect
          label="Állapot"
          anyLabel="Minden állapot"
          value={search.status}
          options={NEWSLETTER_STATUS_KEYS.map(
            (status) => [status, NEWSLETTER_STATUS_LABELS[status]] as const,
          )}
          onChange={(status) => url.filter({ status: NEWSLETTER_STATUS_KEYS.find((key) => key === status) })}
        />
      }
      list={data}
      isPending={isPending}
      error={error}
      emptyText={
        search.q || search.status ? 'Nincs a feltételeknek megfelelő cím.' : 'Még senki nem iratkozott fel.'
      }
      unit="cím"
      onPageChange={url.setPage}
      table={{ label: 'Hírlevél-feliratkozók', columns: COLUMNS, rowKey: (row) => row.id }}
    >
      <AbandonedCartCard />
      <NewsletterSyncCard />
      {search.email && (
        <RegisterDialog email={search.email} onClose={() => url.set({ ...search, email: undefined })} />
      )}
    </ListPage>
  );
}

function RegisterDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.newsletter.register.queryOptions({ email }));
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Hozzájárulási nyilvántartás: {email}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {error ? (
                <Text color="fg.error">A nyilvántartást nem sikerült betölteni.</Text>
              ) : !data ? (
                <Text color="fg.muted">Betöltés…</Text>
              ) : data.events.length === 0 ? (
                <Text color="fg.muted">Ehhez a címhez nincs bejegyzés.</Text>
              ) : (
                <Stack as="ol" gap="3" listStyleType="none" aria-label="Bejegyzések időrendben">
                  {data.events.map((entry) => (
                    <Box as="li" key={entry.id} borderWidth="1px" rounded="md" p="3">
                      <Text fontWeight="semibold">
                        {NEWSLETTER_EVENT_LABELS[entry.event]} · {formatDateTime(entry.createdAt)}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        Forrás: {NEWSLETTER_SOURCE_LABELS[entry.source]} · Szöveg verziója:{' '}
                        {entry.consentVersion}
                        {entry.userId ? ` · Vásárló #${entry.userId}` : ''}
                      </Text>
                      <Text fontSize="sm" mt="1">
                        „{entry.consentText}”
                      </Text>
                    </Box>
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Bezárás" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
