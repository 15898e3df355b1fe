import { createFileRoute, notFound } from '@tanstack/react-router';
import { ensureFound } from '../../../../../lib/ensure-found';

/** `new` or a catalogue id; the screen is in the .lazy file. */
export const Route = createFileRoute('/_admin-dashboard/admin/other/catalogue/$id')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    if (params.id === 'new') return;
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) throw notFound();
    await ensureFound(queryClient.ensureQueryData(trpc.catalogue.byId.queryOptions({ id })));
  },
});
