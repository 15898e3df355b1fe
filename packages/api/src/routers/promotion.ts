import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import {
  ZCodeGenerateInput,
  ZCodeGenerateOutput,
  ZFileOutput,
  ZIdInput,
  ZOkOutput,
  ZPromotion,
  ZPromotionCreateInput,
  ZPromotionListOutput,
  ZPromotionPauseInput,
  ZPromotionUpdateInput,
} from '../schemas';
import {
  createPromotion,
  deletePromotion,
  downloadCodes,
  generateCodes,
  getPromotion,
  listPromotions,
  setPromotionPaused,
  updatePromotion,
} from '../services/promotions/promotion-admin';
import { router, scopedAdminProcedure } from '../trpc';

const tags = ['Akciók és kuponok'];

export const promotionRouter = router({
  list: scopedAdminProcedure('promotions:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/promotion',
        tags,
        protect: true,
        summary: 'Akciók és kuponos kedvezmények (admin)',
        description:
          'A specifikáción túli művelet: minden akció, a legújabb elöl, az állapotával (fut, ütemezett, lejárt, szünetel), a felhasználásaival, az adott kedvezménnyel és a hozott bevétellel.',
      },
    })
    .input(z.void())
    .output(ZPromotionListOutput)
    .query(({ ctx }) => listPromotions(ctx.prisma)),

  byId: scopedAdminProcedure('promotions:read')
    .meta({
      openapi: { method: 'GET', path: '/promotion/{id}', tags, protect: true, summary: 'Egy akció (admin)' },
    })
    .input(ZIdInput)
    .output(ZPromotion)
    .query(({ ctx, input }) => getPromotion(ctx.prisma, input.id)),

  create: scopedAdminProcedure('promotions:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/promotion',
        tags,
        protect: true,
        summary: 'Új akció (admin)',
        description:
          'Automatikus akció (`automatic: true`, kód nélkül jár) vagy kuponos kedvezmény (`code` az első kódja). A fajták: percent (value %), amount (value Ft), free_shipping, second_half (minden második darab féláron). A kedvezmény a tételekre a bruttó értékük arányában oszlik el, legnagyobb maradék szerint forintra kerekítve. Foglalt kódra 409.',
      },
    })
    .input(ZPromotionCreateInput)
    .output(ZPromotion)
    .mutation(({ ctx, input }) => createPromotion(ctx, input)),

  update: scopedAdminProcedure('promotions:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/promotion/{id}',
        tags,
        protect: true,
        summary: 'Akció módosítása (admin)',
        description:
          'Minden mezőt újra megad (a kódok maradnak). Minden szerveren legfeljebb egy másodpercen belül érvényes. A már leadott rendelések kedvezménye nem változik.',
      },
    })
    .input(ZPromotionUpdateInput)
    .output(ZPromotion)
    .mutation(async ({ ctx, input }) =>
      updatePromotion(
        ctx,
        await withoutReadOnly(ZPromotionUpdateInput, input, () => getPromotion(ctx.prisma, input.id)),
      ),
    ),

  pause: scopedAdminProcedure('promotions:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/promotion/{id}/pause',
        tags,
        protect: true,
        summary: 'Akció szüneteltetése vagy folytatása (admin)',
      },
    })
    .input(ZPromotionPauseInput)
    .output(ZPromotion)
    .mutation(({ ctx, input }) => setPromotionPaused(ctx, input.id, input.paused)),

  delete: scopedAdminProcedure('promotions:write')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/promotion/{id}',
        tags,
        protect: true,
        summary: 'Akció törlése (admin)',
        description: 'A kódjaival együtt. A leadott rendelések a kedvezményüket megtartják.',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deletePromotion(ctx, input.id);
      return { ok: true as const };
    }),

  generateCodes: scopedAdminProcedure('promotions:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/promotion/{id}/codes',
        tags,
        protect: true,
        summary: 'Kuponkódok generálása (admin)',
        description:
          'Egyszerre legfeljebb 10 000 egyedi, véletlen kód (`PREFIX-XXXXXXXX`, összetéveszthető karakterek nélkül), kódonként `usageLimit` felhasználással (alapból 1). Automatikus akcióhoz 409.',
      },
    })
    .input(ZCodeGenerateInput)
    .output(ZCodeGenerateOutput)
    .mutation(({ ctx, input }) => generateCodes(ctx.prisma, input)),

  downloadCodes: scopedAdminProcedure('promotions:read')
    .meta({
      download: true,
      openapi: {
        method: 'GET',
        path: '/promotion/{id}/codes',
        tags,
        protect: true,
        summary: 'Az akció kuponkódjai CSV-ben (admin)',
        description:
          'Minden kód a felhasználhatóságával és a felhasználásaival. Magyar Excelben közvetlenül megnyitható CSV (UTF-8 BOM, `;`). REST-en fájlként érkezik, tRPC-n `{ filename, contentType, content }`.',
      },
    })
    .input(ZIdInput)
    .output(ZFileOutput)
    .query(({ ctx, input }) => downloadCodes(ctx.prisma, input.id)),
});
