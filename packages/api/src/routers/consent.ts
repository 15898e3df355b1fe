import { ZConsentInput, ZConsentRecord } from '../schemas';
import { recordConsent } from '../services/consent';
import { publicProcedure, router } from '../trpc';

export const consentRouter = router({
  record: publicProcedure
    .meta({
      errors: ['rate_limited'],
      // A signed-in shopper's token links the record to their account.
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/consent',
        tags: ['Sütik'],
        protect: false,
        summary: 'Sütiválasztás rögzítése',
        description:
          'A specifikáción túli művelet. A sütisáv minden döntése (mindet elfogadja, mindet elutasítja, egyéni beállítás) ide kerül, hogy a bolt igazolni tudja a hozzájárulást: melyik kategóriák, melyik tájékoztató-verzió, mikor. A böngésző a választását maga tárolja; a bejelentkezett vásárló fiókjához is kötjük. Címenként korlátozott (429).',
      },
      examples: {
        input: {
          consentId: '3f1c9f0e-6a0b-4c53-9a4f-2b7d51c0e8a1',
          statistics: false,
          marketing: true,
          policyVersion: '2026-11-29',
        },
      },
    })
    .input(ZConsentInput)
    .output(ZConsentRecord)
    .mutation(({ ctx, input }) =>
      recordConsent(
        ctx.prisma,
        { ip: ctx.ip, userAgent: ctx.userAgent, userId: ctx.session?.user.id ?? null },
        input,
      ),
    ),
});
