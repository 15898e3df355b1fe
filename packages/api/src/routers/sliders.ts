import { z } from 'zod';
import { listOf, ZSlider } from '../schemas';
import { listBanners } from '../services/banner/banners';
import { publicProcedure, router } from '../trpc';
import { bannerProcedures } from './banner-procedures';

const tag = 'Kezdőlap';

export const slidersRouter = router({
  // Before `byId`, so /sliders/getActive is not read as /sliders/{id}.
  getActive: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sliders/getActive',
        tags: [tag],
        protect: false,
        summary: 'A most aktív diák',
        description:
          'A kezdőlap körhintájának diái sorrendben: bekapcsoltak, és a mostani idő az aktív időszakukon belül van. Mindenkinek ugyanaz.',
      },
    })
    .input(z.void())
    .output(listOf(ZSlider))
    .query(async ({ ctx }) => ({
      items: await listBanners(ctx.prisma, 'slider', { includeInactive: false }),
    })),
  ...bannerProcedures({ kind: 'slider', path: '/sliders', tag, one: 'Dia', many: 'Diák' }),
});
