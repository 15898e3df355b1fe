import { z } from 'zod';
import { ZFeedReportOutput } from '../schemas/feed';
import { feedReport } from '../services/feeds';
import { router, scopedAdminProcedure } from '../trpc';

const tags = ['Termékfeedek'];

export const feedRouter = router({
  report: scopedAdminProcedure('catalogue:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/feed/report',
        tags,
        protect: true,
        summary: 'A termékfeedek állapota',
        description:
          'A specifikáción túli művelet az /admin/feeds oldalhoz: az Árukereső, a Google Merchant Center és a Facebook (Meta) feed címe (GET /feeds/arukereso.xml, /feeds/google.xml, /feeds/facebook.xml), hány terméket és tételt visz, a vásárlóknak látható termékek közül melyik marad ki és miért (nincs képe, nincs leírása, kihagyva kézzel), és melyik kerül be hiányosan (nincs EAN/GTIN, márka vagy kategória). A készlethiány nem ok a kihagyásra: a termék „nincs készleten” állapottal kerül be.',
      },
    })
    .input(z.void())
    .output(ZFeedReportOutput)
    .query(({ ctx }) => feedReport(ctx, ctx.publicUrl)),
});
