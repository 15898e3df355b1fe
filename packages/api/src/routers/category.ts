import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import {
  ZCategory,
  ZCategoryBySlugInput,
  ZCategoryCreateInput,
  ZCategoryFindAllInput,
  ZCategoryFindAllOutput,
  ZCategoryTreeOutput,
  ZCategoryUpdateInput,
  ZIdInput,
  ZOkOutput,
} from '../schemas';
import {
  createCategory,
  deleteCategory,
  findCategories,
  getCategoryById,
  getCategoryBySlug,
  getCategoryTree,
  updateCategory,
} from '../services/category';
import { isAdmin, publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Kategóriák'];

export const categoryRouter = router({
  tree: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/category',
        tags,
        protect: false,
        summary: 'Kategóriafa',
        description:
          'Az engedélyezett kategóriák fája a menühöz. Memóriában gyorsítótárazva, változáskor frissül.',
      },
      publicCache: true,
    })
    .input(z.void())
    .output(ZCategoryTreeOutput)
    .query(async ({ ctx }) => ({ items: await getCategoryTree(ctx) })),

  findAll: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/category/findall',
        tags,
        protect: false,
        summary: 'Kategóriák keresése és lapozása',
        description:
          'Lapos lista kereséssel, szülő szerinti szűréssel és rendezéssel. A rejtett kategóriákat csak admin látja.',
      },
    })
    .input(ZCategoryFindAllInput)
    .output(ZCategoryFindAllOutput)
    .query(({ ctx, input }) => findCategories(ctx, input, isAdmin(ctx, 'catalogue:read'))),

  bySlug: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/category/getBySlug',
        tags,
        protect: false,
        summary: 'Kategória URL-név vagy URL-útvonal alapján',
        description:
          'Egy URL-név ("bogrek") vagy a teljes útvonal ("konyha/bogrek"). 404, ha nincs ilyen kategória.',
      },
    })
    .input(ZCategoryBySlugInput)
    .output(ZCategory)
    .query(({ ctx, input }) => getCategoryBySlug(ctx, input.slug, isAdmin(ctx, 'catalogue:read'))),

  byId: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/category/{id}',
        tags,
        protect: false,
        summary: 'Kategória azonosító alapján',
      },
    })
    .input(ZIdInput)
    .output(ZCategory)
    .query(({ ctx, input }) => getCategoryById(ctx, input.id, isAdmin(ctx, 'catalogue:read'))),

  create: scopedAdminProcedure('catalogue:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/category',
        tags,
        protect: true,
        summary: 'Kategória létrehozása',
        description:
          'A `parent` a szülőkategória azonosítója (null vagy hiányzik: főkategória). A `descriptions` nyelvenként egy leírás; az URL-név a magyar címből készül, ha nincs megadva.',
      },
    })
    .input(ZCategoryCreateInput)
    .output(ZCategory)
    .mutation(({ ctx, input }) => createCategory(ctx, input)),

  update: scopedAdminProcedure('catalogue:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/category',
        tags,
        protect: true,
        summary: 'Kategória módosítása vagy áthelyezése',
        description:
          'A `descriptions` lista minden eleme felülírja a saját nyelvű leírást, a többi nyelvé megmarad. A `parent` (szülő azonosító, vagy null a főszinthez) módosítása áthelyezi a kategóriát (saját alkategóriája alá nem kerülhet).',
      },
    })
    .input(ZCategoryUpdateInput)
    .output(ZCategory)
    .mutation(async ({ ctx, input }) =>
      updateCategory(
        ctx,
        await withoutReadOnly(ZCategoryUpdateInput, input, () => getCategoryById(ctx, input.id, true)),
      ),
    ),

  delete: scopedAdminProcedure('catalogue:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'DELETE',
        path: '/category/{id}',
        tags,
        protect: true,
        summary: 'Kategória törlése',
        description: 'Alkategóriával rendelkező kategória nem törölhető (409).',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteCategory(ctx, input.id);
      return { ok: true as const };
    }),
});
