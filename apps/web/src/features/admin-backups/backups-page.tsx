import { Alert, Badge, Button, DataList, Grid, Heading, Spinner, Text } from '@chakra-ui/react';
import type { TBackupEntry } from '@shop/api/schemas';
import { formatDateTime, formatFileSize, toaster } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LuDatabaseBackup } from 'react-icons/lu';
import { toastError } from '../../lib/error-toast';
import { useTRPC } from '../../lib/trpc';
import { AdminPage, AdminPanel } from '../admin/admin-page';

const TRIGGER_LABELS: Record<TBackupEntry['trigger'], string> = {
  daily: 'Napi mentés',
  manual: 'Kézi mentés',
};

const STATUS_BADGES: Record<TBackupEntry['status'], { label: string; palette: string }> = {
  succeeded: { label: 'Sikeres', palette: 'green' },
  running: { label: 'Folyamatban', palette: 'blue' },
  failed: { label: 'Sikertelen', palette: 'red' },
};

function BackupDetails({ title, backup }: { title: string; backup: TBackupEntry }) {
  const badge = STATUS_BADGES[backup.status];
  const rows: [string, React.ReactNode][] = [
    ['Időpont', formatDateTime(backup.startedAt)],
    [
      'Állapot',
      <Badge key="status" colorPalette={badge.palette} variant="subtle">
        {badge.label}
      </Badge>,
    ],
    ['Méret', backup.sizeBytes === null ? '–' : formatFileSize(backup.sizeBytes)],
    [
      'Fájl',
      <Text key="file" as="span" fontFamily="mono" fontSize="xs">
        {backup.fileName}
      </Text>,
    ],
    [
      'Hely',
      <Text key="where" as="span" fontFamily="mono" fontSize="xs">
        {backup.directory}{' '}
        <Text as="span" fontFamily="body" color="fg.muted">
          ({backup.host} szerveren)
        </Text>
      </Text>,
    ],
    ['Fajta', TRIGGER_LABELS[backup.trigger]],
  ];
  if (backup.error) rows.push(['Hiba', backup.error]);
  return (
    <AdminPanel p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="4">
        {title}
      </Heading>
      <DataList.Root size="sm" gap="3" orientation="horizontal">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </AdminPanel>
  );
}

/** /admin/settings/backups: the last backup, a warning when it is old or failed, and "Mentés most". */
export function BackupsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: status, isPending, error } = useQuery(trpc.backup.status.queryOptions());
  const backupNow = useMutation(
    trpc.backup.run.mutationOptions({
      meta: { toastError: false },
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.backup.status.queryKey(), next);
        if (next.last?.status === 'succeeded') {
          toaster.success({ title: 'A mentés elkészült.', description: next.last.fileName });
        } else {
          toaster.error({ title: 'A mentés nem sikerült.', description: next.last?.error ?? undefined });
        }
      },
      onError: (failure) => toastError('A mentés nem sikerült.', failure),
    }),
  );

  const last = status?.last ?? null;
  const lastSucceeded = status?.lastSucceeded ?? null;
  return (
    <AdminPage
      title="Mentések"
      description="A bolt adatbázisa (rendelések, számlák, képek) és beállításai egy tömörített fájlban. A napi mentést a szerver magától elkészíti; visszaállítás üres helyre: npm run restore <fájl>."
      actions={
        <Button
          colorPalette="brand"
          loading={backupNow.isPending}
          loadingText="Mentés folyamatban…"
          onClick={() => backupNow.mutate()}
        >
          <LuDatabaseBackup /> Mentés most
        </Button>
      }
    >
      {isPending && <Spinner aria-label="Betöltés" />}
      {error && (
        <Alert.Root status="error" borderRadius="l3">
          <Alert.Indicator />
          <Alert.Title>{error.message}</Alert.Title>
        </Alert.Root>
      )}
      {status?.warning && (
        <Alert.Root status={last?.status === 'failed' ? 'error' : 'warning'} borderRadius="l3" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Figyelem: a mentés nem friss</Alert.Title>
            <Alert.Description>{status.warning}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {status && (
        <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, 1fr)' }} gap="4" alignItems="start">
          {lastSucceeded ? (
            <BackupDetails title="Legutóbbi sikeres mentés" backup={lastSucceeded} />
          ) : (
            <AdminPanel p={{ base: '4', md: '6' }}>
              <Text fontSize="sm">
                Még nem készült mentés. A „Mentés most” gombbal most készíthetsz egyet.
              </Text>
            </AdminPanel>
          )}
          {last && last.id !== lastSucceeded?.id && (
            <BackupDetails title="Legutóbbi próbálkozás" backup={last} />
          )}
          <AdminPanel p={{ base: '4', md: '6' }}>
            <Heading as="h2" size="md" mb="2">
              Napi mentés
            </Heading>
            <Text fontSize="sm">
              {status.enabled
                ? `Bekapcsolva: naponta ${status.dailyHour ?? 0} óra után egy mentés ide: ${status.directory ?? ''}. Megőrzés: az utolsó ${status.retention?.daily ?? 0} nap, ${status.retention?.weekly ?? 0} hét és ${status.retention?.monthly ?? 0} hónap legfrissebb mentése, a mai napé mind.`
                : 'Ezen a szerveren kikapcsolva (BACKUPS=false). Kézi mentés a fenti gombbal vagy az npm run backup paranccsal.'}
            </Text>
            <Text fontSize="sm" color="fg.muted" mt="2">
              A mentés a szerver gépén marad: másold rendszeresen egy másik helyre (másik gép, felhő), hogy
              egy lemezhiba ne vigye el a mentéseket is.
            </Text>
          </AdminPanel>
        </Grid>
      )}
    </AdminPage>
  );
}
