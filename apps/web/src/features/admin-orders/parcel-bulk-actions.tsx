import { Button } from '@chakra-ui/react';
import { MAX_LABELS_PER_CALL } from '@shop/api/schemas';
import { toaster } from '@shop/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LuPackagePlus, LuTag } from 'react-icons/lu';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { toastError } from '../../lib/error-toast';
import { errorMessage, isUnauthorizedError, useTRPC, useTRPCClient } from '../../lib/trpc';
import { freshQuery, useFileDownload } from '../../lib/use-file-download';
import { useAdminAccess } from '../admin/use-access';

/**
 * The order list's parcel actions for the selected orders: "Csomag feladása" creates each order's parcel
 * in turn (an order that has one answers it, so pressing it twice is harmless) and reports the refused
 * ones with Foxpost's reason; "Címkék nyomtatása" downloads every selected order's label as one PDF.
 * Each shows only to a role the server lets take it (createParcel: shipping:write, parcelLabels:
 * shipping:read), so an accountant reading orders is not offered a parcel the server would refuse.
 */
export function ParcelBulkActions({ ids }: { ids: number[] }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const access = useAdminAccess();

  const ship = useMutation({
    mutationFn: async (orderIds: number[]) => {
      const refused: string[] = [];
      let created = 0;
      for (const id of orderIds) {
        try {
          await client.order.createParcel.mutate({ id });
          created += 1;
        } catch (error) {
          if (isUnauthorizedError(error)) throw error;
          refused.push(`#${id}: ${errorMessage(error)}`);
        }
      }
      return { created, refused };
    },
    meta: { toastError: false },
    onSuccess: ({ created, refused }) => {
      toaster.create({
        type: refused.length ? 'warning' : 'success',
        title: `${created} rendelés csomagja feladva${refused.length ? `, ${refused.length} nem` : ''}.`,
        description: refused.length ? refused.join('\n') : undefined,
      });
      setConfirming(false);
      void queryClient.invalidateQueries(trpc.order.pathFilter());
    },
    onError: (error) => {
      setConfirming(false);
      toastError('A csomagok feladása nem sikerült.', error);
    },
  });

  const { download: print, loading: printing } = useFileDownload(
    () =>
      queryClient.fetchQuery(
        freshQuery(trpc.order.parcelLabels.queryOptions({ ids: ids.slice(0, MAX_LABELS_PER_CALL) })),
      ),
    { encoding: 'base64', errorTitle: 'A címkék letöltése nem sikerült.' },
  );

  const tooMany = ids.length > MAX_LABELS_PER_CALL;
  const mayShip = access.may('shipping:write');
  return (
    <>
      {mayShip && (
        <Button size="sm" variant="outline" bg="white" onClick={() => setConfirming(true)}>
          <LuPackagePlus /> Csomag feladása
        </Button>
      )}
      {access.may('shipping:read') && (
        <Button
          size="sm"
          variant="outline"
          bg="white"
          loading={printing}
          disabled={tooMany}
          title={tooMany ? `Egyszerre legfeljebb ${MAX_LABELS_PER_CALL} címke nyomtatható.` : undefined}
          onClick={() => void print()}
        >
          <LuTag /> Címkék nyomtatása
        </Button>
      )}
      {mayShip && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Csomag feladása"
          confirmLabel="Feladás"
          destructive={false}
          loading={ship.isPending}
          onConfirm={() => ship.mutate(ids)}
        >
          {`${ids.length} rendelés csomagját adjuk fel a Foxpostnál; a feladott rendelések „Átadva a futárnak” állapotba kerülnek, a vásárlók megkapják a követési linket. Amelyiket a Foxpost nem fogadja el (vagy nem Foxpost-automatába megy), az változatlan marad, az okát megmutatjuk.`}
        </ConfirmDialog>
      )}
    </>
  );
}
