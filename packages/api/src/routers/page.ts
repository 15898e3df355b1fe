import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import {
  ZIdInput,
  ZOkOutput,
  ZPage,
  ZPageBySlugInput,
  ZPageCreateInput,
  ZPageListOutput,
  ZPageUpdateInput,
} from '../schemas';
import { createPage, deletePage, getPageById, getPageBySlug, listPages, updatePage } from '../services/page';
import { isAdmin, publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Oldalak'];

export const pageRouter = router({
  list: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/page',
        tags,
        protect: false,
        summary: 'Statikus oldalak listája',
        description: 'A vásárlók a közzétett oldalakat látják, az admin mindet.',
      },
    })
    .input(z.void())
    .output(ZPageListOutput)
    .query(async ({ ctx }) => ({ items: await listPages(ctx.prisma, isAdmin(ctx)) })),

  bySlug: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/page/by-slug',
        tags,
        protect: false,
        summary: 'Oldal URL-név alapján',
        description: "404 'A keresett tartalom nem található.', ha nincs ilyen közzétett oldal.",
      },
    })
    .input(ZPageBySlugInput)
    .output(ZPage)
    .query(({ ctx, input }) => getPageBySlug(ctx.prisma, input.slug, isAdmin(ctx))),

  byId: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/page/{id}',
        tags,
        protect: false,
        summary: 'Oldal azonosító alapján',
      },
    })
    .input(ZIdInput)
    .output(ZPage)
    .query(({ ctx, input }) => getPageById(ctx.prisma, input.id, isAdmin(ctx))),

  create: scopedAdminProcedure('content:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/page',
        tags,
        protect: true,
        summary: 'Oldal létrehozása',
        description:
          'A `descriptions` nyelvenként egy leírás (cím és HTML-tartalom); az URL-név a magyar címből készül, ha nincs megadva.',
      },
    })
    .input(ZPageCreateInput)
    .output(ZPage)
    .mutation(({ ctx, input }) => createPage(ctx.prisma, input)),

  update: scopedAdminProcedure('content:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/page',
        tags,
        protect: true,
        summary: 'Oldal módosítása',
        description:
          'A `descriptions` lista minden eleme felülírja a saját nyelvű leírást, a többi nyelvé megmarad.',
      },
    })
    .input(ZPageUpdateInput)
    .output(ZPage)
    .mutation(async ({ ctx, input }) =>
      updatePage(
        ctx.prisma,
        await withoutReadOnly(ZPageUpdateInput, input, () => getPageById(ctx.prisma, input.id, true)),
      ),
    ),

  delete: scopedAdminProcedure('content:write')
    .meta({
      openapi: { method: 'DELETE', path: '/page/{id}', tags, protect: true, summary: 'Oldal törlése' },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deletePage(ctx.prisma, input.id);
      return { ok: true as const };
    }),
});
