import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import { ZPopup, ZPopupOutput, ZPopupSaveInput } from '../schemas';
import { getPopup, savePopup } from '../services/banner/popup';
import { isAdmin, publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Kezdőlap'];

export const popupRouter = router({
  get: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/popup',
        tags,
        protect: false,
        summary: 'A felugró ablak',
        description:
          'Vásárlónak a most neki szóló felugró ablak (bekapcsolt, aktív időszakán belül, és a célközönségbe tartozik: vendég vagy bejelentkezett vásárló), különben null. Az admin a beállított ablakot kapja bármely állapotában.',
      },
    })
    .input(z.void())
    .output(ZPopupOutput)
    .query(({ ctx }) => getPopup(ctx.prisma, { admin: isAdmin(ctx), signedIn: ctx.session !== null })),

  save: scopedAdminProcedure('content:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/popup',
        tags,
        protect: true,
        summary: 'A felugró ablak mentése',
        description:
          'Az egész ablakot menti (tartalom, kép, hivatkozás, aktív időszak, célközönség, gyakoriság); a szöveg HTML-jét a szerver a megengedett elemekre szűri.',
      },
    })
    .input(ZPopupSaveInput)
    .output(ZPopup)
    .mutation(async ({ ctx, input }) =>
      savePopup(
        ctx.prisma,
        await withoutReadOnly(ZPopupSaveInput, input, () =>
          getPopup(ctx.prisma, { admin: true, signedIn: true }),
        ),
      ),
    ),
});
