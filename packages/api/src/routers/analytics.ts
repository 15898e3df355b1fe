import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import { ZAnalyticsSettings, ZAnalyticsSettingsUpdateInput } from '../schemas';
import { getAnalyticsSettings, updateAnalyticsSettings } from '../services/analytics/settings';
import { router, staffProcedure } from '../trpc';

const tags = ['Analitika'];

export const analyticsRouter = router({
  get: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/analyticssetting',
        tags,
        protect: true,
        summary: 'Google Analytics és Meta Pixel beállításai',
        description:
          'A specifikáción túli művelet. A Conversions API tokenje soha nem szerepel a válaszban, csak az, hogy van-e mentve (`metaCapiTokenSet`).',
      },
    })
    .input(z.void())
    .output(ZAnalyticsSettings)
    .query(({ ctx }) =>
      getAnalyticsSettings({ prisma: ctx.prisma, encryptionKey: ctx.barionSetup.encryptionKey }),
    ),

  update: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/analyticssetting',
        tags,
        protect: true,
        summary: 'Google Analytics és Meta Pixel beállításainak mentése',
        description:
          'A specifikáción túli művelet. Bekapcsolt szolgáltatás azonosítója minden bolti lap fejlécébe kerül, a böngésző azonban csak a látogató hozzájárulása után tölti be (statisztika: GA4, marketing: Meta). A `metaCapiToken` elhagyva megtartja a mentett tokent, üres szöveg vagy null törli, más érték lecseréli; mentéséhez a szerveren titkosítási kulcs kell.',
      },
      examples: {
        input: {
          ga4Enabled: true,
          ga4MeasurementId: 'G-AB12CD34EF',
          metaPixelEnabled: true,
          metaPixelId: '123456789012345',
        },
      },
    })
    .input(ZAnalyticsSettingsUpdateInput)
    .output(ZAnalyticsSettings)
    .mutation(async ({ ctx, input }) => {
      const deps = { prisma: ctx.prisma, cache: ctx.cache, encryptionKey: ctx.barionSetup.encryptionKey };
      return updateAnalyticsSettings(
        deps,
        await withoutReadOnly(ZAnalyticsSettingsUpdateInput, input, () => getAnalyticsSettings(deps)),
      );
    }),
});
