import { ZMedia, ZMediaListInput, ZMediaListOutput, ZMediaUploadInput } from '../schemas';
import { listMedia, uploadMedia } from '../services/media';
import { router, scopedAdminProcedure } from '../trpc';

const tags = ['Képek'];

export const mediaRouter = router({
  upload: scopedAdminProcedure('media:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/media',
        tags,
        protect: true,
        summary: 'Kép vagy PDF feltöltése',
        description:
          'JSON törzs: {fileName, mimeType, dataBase64, alt?}. A típust a fájl tartalma dönti el (JPEG, PNG, WebP, GIF; SVG nem), a kép legfeljebb 8 MB. A kép 160, 480 és 1200 px széles WebP változatokban tárolódik (/media/{id}/thumb, card, full), az eredeti a /media/{id}/original címen. PDF (katalógushoz) legfeljebb 30 MB: csak megnyitható PDF kerül be, változatlanul, és a /media/{id}/original címen application/pdf típussal, a böngészőben megnyitva szolgáljuk ki. Túl nagy fájl: 413; se kép, se PDF, vagy sérült PDF: 400.',
      },
    })
    .input(ZMediaUploadInput)
    .output(ZMedia)
    .mutation(({ ctx, input }) => uploadMedia(ctx.prisma, input)),

  list: scopedAdminProcedure('media:read')
    .meta({
      openapi: {
        method: 'POST',
        path: '/media/list',
        tags,
        protect: true,
        summary: 'Képtár lapozva',
        description:
          'A specifikáción túli művelet az /admin/catalog/media oldalhoz: a feltöltött képek, a legújabb elöl.',
      },
    })
    .input(ZMediaListInput)
    .output(ZMediaListOutput)
    .query(({ ctx, input }) => listMedia(ctx.prisma, input.page, input.pageSize)),
});
