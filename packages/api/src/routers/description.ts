import { ZIdInput, ZOkOutput } from '../schemas';
import { deleteDescription } from '../services/description';
import { adminProcedure, router } from '../trpc';

export const descriptionRouter = router({
  delete: adminProcedure
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
