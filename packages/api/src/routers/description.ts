import { ZIdInput, ZOkOutput } from '../schemas';
import { deleteDescription } from '../services/description';
import { router, scopedAdminProcedure } from '../trpc';

export const descriptionRouter = router({
  delete: scopedAdminProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/description/{id}',
        tags: ['Leírások'],
        protect: true,
        summary: 'Leírás törlése',
        description: 'Egy nyelvi leírás törlése. A tulajdonos utolsó leírása nem törölhető (409).',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteDescription(ctx.prisma, input.id, ctx.cache);
      return { ok: true as const };
    }),
});
