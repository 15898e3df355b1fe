import { Alert, Button } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LuArrowLeft, LuPlus } from 'react-icons/lu';
import { useTRPC } from '../../lib/trpc';
import { AdminPage } from '../admin/admin-page';
import { useAdminAccess } from '../admin/use-access';
import { ImportJob } from './import-job';
import type { ProductImportSearch } from './import-search';
import { ImportSteps } from './import-steps';
import type { UploadedImport } from './import-types';
import type { UploadExtras } from './mapping-step';
import { RecentImports } from './recent-imports';
import { UploadPanel } from './upload-panel';

const DESCRIPTION =
  'Termékek felvétele és frissítése táblázatból: feltöltés, oszlopok hozzárendelése, próba, majd importálás.';

/**
 * /admin/catalog/products/import: without an id the upload and the recent imports; with one
 * (?id=…) that import at its step, so a reload or a later visit comes back to it.
 */
export function ProductImportPage({ search }: { search: ProductImportSearch }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The sample rows come only with the upload's answer; they are kept while this screen stays open.
  const [extras, setExtras] = useState<(UploadExtras & { id: number }) | null>(null);
  // Reading the catalogue lists the imports; only its write permission uploads one (the server says the same).
  const uploadRefused = useAdminAccess().reasonNot('catalogue:write');

  const uploaded = (job: UploadedImport) => {
    const { sample, mappingRemembered, ...view } = job;
    setExtras({ id: job.id, sample, mappingRemembered });
    queryClient.setQueryData(trpc.productImport.get.queryKey({ id: job.id }), view);
    void queryClient.invalidateQueries(trpc.productImport.list.pathFilter());
    void navigate({ to: '/admin/catalog/products/import', search: { id: job.id } });
  };

  return (
    <AdminPage
      title="Termékimport"
      description={DESCRIPTION}
      actions={
        <>
          <Button asChild variant="outline" bg="white">
            <Link to="/admin/catalog/products">
              <LuArrowLeft /> Termékek
            </Link>
          </Button>
          {search.id && !uploadRefused && (
            <Button asChild variant="outline" bg="white">
              <Link to="/admin/catalog/products/import">
                <LuPlus /> Új import
              </Link>
            </Button>
          )}
        </>
      }
    >
      {search.id ? (
        <ImportJob
          key={search.id}
          search={{ ...search, id: search.id }}
          extras={extras?.id === search.id ? extras : null}
        />
      ) : (
        <>
          {uploadRefused ? (
            <Alert.Root status="info" mb="4">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Importálni nem tudsz.</Alert.Title>
                <Alert.Description>{uploadRefused} A korábbi importokat megnézheted.</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <>
              <ImportSteps current={1} />
              <UploadPanel onUploaded={uploaded} />
            </>
          )}
          <RecentImports />
        </>
      )}
    </AdminPage>
  );
}
