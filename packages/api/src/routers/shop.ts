import { z } from 'zod';
import { ZShopDetails, ZShopDetailsInput } from '../schemas';
import { getShopDetails, saveShopDetails } from '../services/shop-setting';
import { publicProcedure, router, staffProcedure } from '../trpc';

const tags = ['Bolt adatai'];

export const shopRouter = router({
  details: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/shop',
        tags,
        protect: false,
        summary: 'A bolt nyilvános adatai',
        description:
          'A specifikáción túli művelet: az üzemeltető cég neve, címe, adószáma, elérhetőségei és a térképhivatkozás, ahogy a /contact oldal mutatja.',
      },
    })
    .input(z.void())
    .output(ZShopDetails)
    .query(({ ctx }) => getShopDetails(ctx.prisma)),

  update: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/shop',
        tags,
        protect: true,
        summary: 'A bolt adatainak mentése',
        description:
          'A specifikáción túli művelet: minden mezőt a mentendő értékkel kell küldeni (a `vatExempt` elhagyható: akkor nem változik). A Barion Pixel azonosítója külön beállítás. Az alanyi adómentesség átkapcsolása a már leadott rendeléseket nem érinti.',
      },
    })
    .input(ZShopDetailsInput)
    .output(ZShopDetails)
    .mutation(({ ctx, input }) => saveShopDetails(ctx, input)),
});
