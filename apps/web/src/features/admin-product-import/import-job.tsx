import { Alert, Box, Button, Flex, Heading, Progress, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { TProductImportOutcome } from '@shop/api/schemas';
import { formatNumber } from '@shop/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { LuDownload, LuPencil, LuPlay } from 'react-icons/lu';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';
import { AdminPanel } from '../admin/admin-page';
import { ImportRows, OutcomeCounts } from './import-rows';
import type { ProductImportSearch } from './import-search';
import { ImportSteps } from './import-steps';
import type { ImportJobView } from './import-types';
import { MappingStep, type UploadExtras } from './mapping-step';

const STEP_OF_STATUS: Record<ImportJobView['status'], number> = {
  uploaded: 2,
  checked: 3,
  pending: 4,
  done: 4,
  failed: 4,
};

/** "Jelentés letöltése (CSV)": every row's outcome, changes and note, as Hungarian Excel opens it. */
function ReportButton({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { download, loading } = useFileDownload(
    () => queryClient.fetchQuery(freshQuery(trpc.productImport.report.queryOptions({ id }))),
    { encoding: 'text', errorTitle: 'A jelentés letöltése nem sikerült.' },
  );
  return (
    <Button variant="outline" bg="white" loading={loading} onClick={() => void download()}>
      <LuDownload /> Jelentés letöltése (CSV)
    </Button>
  );
}

/** Step 4 while the worker applies the rows: how far it got, asked again every second. */
function ApplyProgress({ job }: { job: ImportJobView }) {
  const value = job.totalRows ? Math.round((job.processedRows / job.totalRows) * 100) : 0;
  return (
    <AdminPanel p={{ base: '4', md: '6' }}>
      <Stack gap="3">
        <Heading as="h2" size="md">
          Importálás folyamatban
        </Heading>
        <Progress.Root value={value} colorPalette="brand" aria-label="Az import haladása">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text role="status">
          {formatNumber(job.processedRows)} / {formatNumber(job.totalRows)} sor feldolgozva
        </Text>
        <Text fontSize="sm" color="fg.muted">
          A háttérben fut: bezárhatod ezt az oldalt, és később visszatérhetsz hozzá a Termékimport legutóbbi
          importjai közül.
        </Text>
      </Stack>
    </AdminPanel>
  );
}

/** One import at its step: mapping, the dry run's result, the progress, or the outcome. */
export function ImportJob({
  search,
  extras,
}: {
  search: ProductImportSearch & { id: number };
  extras: UploadExtras | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: job, error } = useQuery({
    ...trpc.productImport.get.queryOptions({ id: search.id }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
  });
  const [editingMapping, setEditingMapping] = useState(false);
  const setRowsSearch = (next: { outcome?: TProductImportOutcome; page?: number }) =>
    void navigate({
      to: '/admin/catalog/products/import',
      search: {
        id: search.id,
        outcome: next.outcome,
        page: next.page && next.page > 1 ? next.page : undefined,
      },
      replace: true,
    });
  const start = useMutation(
    trpc.productImport.start.mutationOptions({
      meta: { errorTitle: 'Az import nem indult el.' },
      onSuccess: (started) => {
        queryClient.setQueryData(trpc.productImport.get.queryKey({ id: started.id }), started);
        void queryClient.invalidateQueries(trpc.productImport.list.pathFilter());
        // The finished import's rows are shown whole, not through the dry run's filter.
        setRowsSearch({});
      },
    }),
  );

  // When a run ends on this screen, its rows, the import list and the product lists are read anew.
  const status = job?.status;
  const previousStatus = useRef(status);
  useEffect(() => {
    if (previousStatus.current === 'pending' && status !== 'pending') {
      void queryClient.invalidateQueries(trpc.productImport.rows.pathFilter());
      void queryClient.invalidateQueries(trpc.productImport.list.pathFilter());
      void queryClient.invalidateQueries(trpc.product.pathFilter());
    }
    previousStatus.current = status;
  }, [status, queryClient, trpc]);

  if (error && !job) {
    return (
      <AdminPanel p="6" color="red.600">
        {errorMessage(error)}
      </AdminPanel>
    );
  }
  if (!job) {
    return (
      <AdminPanel p="6">
        <Skeleton h="32" />
      </AdminPanel>
    );
  }

  const rows = (
    <>
      <OutcomeCounts job={job} outcome={search.outcome} onOutcome={(outcome) => setRowsSearch({ outcome })} />
      <ImportRows
        job={job}
        outcome={search.outcome}
        page={search.page ?? 1}
        onPage={(page) => setRowsSearch({ outcome: search.outcome, page })}
      />
    </>
  );
  const mapping = job.status === 'uploaded' || (job.status === 'checked' && editingMapping);

  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <ImportSteps current={mapping ? 2 : STEP_OF_STATUS[job.status]} />
      <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
        <Text as="span" fontWeight="medium" color="fg">
          {job.fileName}
        </Text>{' '}
        · {formatNumber(job.totalRows)} sor
      </Text>

      {mapping && (
        <MappingStep
          job={job}
          extras={extras}
          onChecked={() => {
            setEditingMapping(false);
            setRowsSearch({});
          }}
          onCancel={job.status === 'checked' ? () => setEditingMapping(false) : undefined}
        />
      )}

      {job.status === 'checked' && !editingMapping && (
        <>
          <AdminPanel p={{ base: '4', md: '6' }}>
            <Stack gap="3">
              <Heading as="h2" size="md">
                A próba eredménye
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                Így változna a bolt, ha most importálnád. A katalógusban még semmi nem változott.
              </Text>
              <Flex gap="2" wrap="wrap">
                <Button
                  colorPalette="brand"
                  disabled={job.created + job.changed === 0}
                  loading={start.isPending}
                  onClick={() => start.mutate({ id: job.id })}
                >
                  <LuPlay /> Importálás indítása
                </Button>
                <ReportButton id={job.id} />
                <Button variant="outline" bg="white" onClick={() => setEditingMapping(true)}>
                  <LuPencil /> Hozzárendelés módosítása
                </Button>
              </Flex>
              {job.created + job.changed === 0 && (
                <Text fontSize="sm" color="fg.muted">
                  Nincs új vagy módosuló sor, így nincs mit importálni.
                </Text>
              )}
            </Stack>
          </AdminPanel>
          {rows}
        </>
      )}

      {job.status === 'pending' && <ApplyProgress job={job} />}

      {job.status === 'done' && (
        <>
          <Alert.Root status="success">
            <Alert.Indicator />
            <Box>
              <Alert.Title>Az import elkészült.</Alert.Title>
              <Alert.Description>
                {formatNumber(job.created)} új és {formatNumber(job.changed)} módosult termék;{' '}
                {formatNumber(job.refused)} sor elutasítva.
              </Alert.Description>
            </Box>
          </Alert.Root>
          <Flex gap="2" wrap="wrap">
            <Button asChild colorPalette="brand">
              <Link to="/admin/catalog/products">Termékek megtekintése</Link>
            </Button>
            <ReportButton id={job.id} />
          </Flex>
          {rows}
        </>
      )}

      {job.status === 'failed' && (
        <>
          <Alert.Root status="error">
            <Alert.Indicator />
            <Box>
              <Alert.Title>Az import megállt.</Alert.Title>
              <Alert.Description>{job.error}</Alert.Description>
            </Box>
          </Alert.Root>
          <Flex gap="2" wrap="wrap">
            <ReportButton id={job.id} />
          </Flex>
          {rows}
        </>
      )}
    </Stack>
  );
}
