import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import {
  catalogueUpdate,
  ZCatalogue,
  ZCatalogueCreateInput,
  ZCatalogueListOutput,
  ZCatalogueUpdateInput,
  ZIdInput,
  ZOkOutput,
} from '../schemas';
import {
  createCatalogue,
  deleteCatalogue,
  getCatalogue,
  listCatalogues,
  updateCatalogue,
} from '../services/pdf-catalogue/catalogues';
import { isAdmin, publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Katalógusok'];

export const catalogueRouter = router({
  list: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/catalogue',
        tags,
        protect: false,
        summary: 'PDF-katalógusok listája',
        description:
          'A vásárlók az érvényes katalógusokat látják (bekapcsolt, van PDF-je, és most van az érvényességi időszakában), sorrend szerint; az admin mindet.',
      },
    })
    .input(z.void())
    .output(ZCatalogueListOutput)
    .query(async ({ ctx }) => ({ items: await listCatalogues(ctx.prisma, isAdmin(ctx, 'catalogue:read')) })),

  byId: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/catalogue/{id}',
        tags,
        protect: false,
        summary: 'Katalógus azonosító alapján',
        description: "404 'A keresett tartalom nem található.', ha nincs ilyen érvényes katalógus.",
      },
    })
    .input(ZIdInput)
    .output(ZCatalogue)
    .query(({ ctx, input }) => getCatalogue(ctx.prisma, input.id, isAdmin(ctx, 'catalogue:read'))),

  create: scopedAdminProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/catalogue',
        tags,
        protect: true,
        summary: 'Katalógus létrehozása',
        description:
          'Előbb a PDF-et töltsd fel a POST /api/media címre (application/pdf), és annak azonosítóját add meg `file`-ként. Borítókép (`image`) nélkül a borító a PDF első oldalából készül.',
      },
    })
    .input(ZCatalogueCreateInput)
    .output(ZCatalogue)
    .mutation(({ ctx, input }) => createCatalogue(ctx.prisma, input)),

  update: scopedAdminProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/catalogue',
        tags,
        protect: true,
        summary: 'Katalógus módosítása',
        description:
          'A kihagyott mezők nem változnak. Új PDF borítókép nélkül, vagy `image: null`: a borító a PDF első oldalából készül újra.',
      },
    })
    .input(ZCatalogueUpdateInput)
    .output(ZCatalogue)
    .mutation(async ({ ctx, input }) =>
      updateCatalogue(
        ctx.prisma,
        catalogueUpdate(
          await withoutReadOnly(ZCatalogueUpdateInput, input, () => getCatalogue(ctx.prisma, input.id, true)),
        ),
      ),
    ),

  delete: scopedAdminProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/catalogue/{id}',
        tags,
        protect: true,
        summary: 'Katalógus törlése',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteCatalogue(ctx.prisma, input.id);
      return { ok: true as const };
    }),
});
