import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import {
  listOf,
  type TBanner,
  ZBannerCreateInput,
  ZBannerUpdateInput,
  ZHero,
  ZIdInput,
  ZOkOutput,
  ZSlider,
} from '../schemas';
import {
  type BannerKind,
  createBanner,
  deleteBanner,
  getBanner,
  listBanners,
  updateBanner,
} from '../services/banner/banners';
import { isAdmin, publicProcedure, scopedAdminProcedure } from '../trpc';

/** How one kind of banner is named on REST and in the API reference. */
type BannerNames = { kind: BannerKind; path: `/${string}`; tag: string; one: string; many: string };

/**
 * GET, GET {id}, POST, PUT and DELETE {id} of heroes and of slides (README.md, "The REST API"): the same
 * operations on two tables, so they are written once.
 */
export function bannerProcedures({ kind, path, tag, one, many }: BannerNames) {
  const tags = [tag];
  const output = kind === 'hero' ? ZHero : ZSlider;
  return {
    list: publicProcedure
      .meta({
        sessionAware: true,
        openapi: {
          method: 'GET',
          path,
          tags,
          protect: false,
          summary: `${many} listája`,
          description: `A vásárlók a most aktív ${many.toLowerCase()}t látják sorrendben (bekapcsolt, és az aktív időszakán belül), az admin mindet.`,
        },
      })
      .input(z.void())
      .output(listOf(output))
      .query(
        async ({ ctx }): Promise<{ items: TBanner[] }> => ({
          items: await listBanners(ctx.prisma, kind, { includeInactive: isAdmin(ctx) }),
        }),
      ),

    byId: publicProcedure
      .meta({
        sessionAware: true,
        openapi: {
          method: 'GET',
          path: `${path}/{id}` as const,
          tags,
          protect: false,
          summary: `${one} azonosító alapján`,
          description: "Vásárlónak a most nem aktív elem is 404 'A keresett tartalom nem található.'",
        },
      })
      .input(ZIdInput)
      .output(output)
      .query(({ ctx, input }) => getBanner(ctx.prisma, kind, input.id, { includeInactive: isAdmin(ctx) })),

    create: scopedAdminProcedure('content:write')
      .meta({
        openapi: {
          method: 'POST',
          path,
          tags,
          protect: true,
          summary: `${one} létrehozása`,
          description:
            'A `descriptions` nyelvenként a cím és a rövid szöveg (`body`); a képek a médiatár azonosítói (`imageId` asztali, `mobileImageId` telefonos). Az aktív időszak vége a kezdete után legyen.',
        },
      })
      .input(ZBannerCreateInput)
      .output(output)
      .mutation(({ ctx, input }) => createBanner(ctx.prisma, kind, input)),

    update: scopedAdminProcedure('content:write')
      .meta({
        openapi: {
          method: 'PUT',
          path,
          tags,
          protect: true,
          summary: `${one} módosítása`,
          description:
            'A hiányzó mezők megmaradnak, a `null` törli az értéket; a `descriptions` elemei a saját nyelvük leírását írják felül.',
        },
      })
      .input(ZBannerUpdateInput)
      .output(output)
      .mutation(async ({ ctx, input }) =>
        updateBanner(
          ctx.prisma,
          kind,
          await withoutReadOnly(ZBannerUpdateInput, input, () =>
            getBanner(ctx.prisma, kind, input.id, { includeInactive: true }),
          ),
        ),
      ),

    delete: scopedAdminProcedure('content:write')
      .meta({
        openapi: {
          method: 'DELETE',
          path: `${path}/{id}` as const,
          tags,
          protect: true,
          summary: `${one} törlése`,
        },
      })
      .input(ZIdInput)
      .output(ZOkOutput)
      .mutation(async ({ ctx, input }) => {
        await deleteBanner(ctx.prisma, kind, input.id);
        return { ok: true as const };
      }),
  };
}
