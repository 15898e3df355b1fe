import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import { ZBarionPixelSetting, ZBarionPixelUpdateInput } from '../schemas';
import { getBarionPixelSetting, updateBarionPixelId } from '../services/barion-pixel';
import { router, staffProcedure } from '../trpc';

const tags = ['Fizetési beállítások'];

export const barionPixelRouter = router({
  get: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/barionpixel',
        tags,
        protect: true,
        summary: 'Barion Pixel-azonosító',
        description: 'A specifikáción túli művelet. A bolt lapjaira írt Barion Pixel azonosítója.',
      },
    })
    .input(z.void())
    .output(ZBarionPixelSetting)
    .query(({ ctx }) => getBarionPixelSetting(ctx.prisma)),

  update: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/barionpixel',
        tags,
        protect: true,
        summary: 'Barion Pixel-azonosító mentése',
        description:
          'A specifikáción túli művelet. Beállított azonosítóval a szerver minden bolti lap fejlécébe beírja a Pixel alapkódját (a marketing-hozzájárulás alapból elutasítva), és a tartalombiztonsági szabály (CSP) engedi a Pixel címét; null vagy üres szöveg leveszi a Pixelt a lapokról.',
      },
      examples: { input: { barionPixelId: 'BP-0123456789-01' } },
    })
    .input(ZBarionPixelUpdateInput)
    .output(ZBarionPixelSetting)
    .mutation(async ({ ctx, input }) =>
      updateBarionPixelId(
        ctx,
        await withoutReadOnly(ZBarionPixelUpdateInput, input, () => getBarionPixelSetting(ctx.prisma)),
      ),
    ),
});
