import { withoutReadOnly } from '../input-guard';
import {
  ZCart,
  ZIdInput,
  ZOkOutput,
  ZQuote,
  ZQuoteCreateInput,
  ZQuoteListInput,
  ZQuoteListOutput,
  ZQuoteProposal,
  ZQuoteProposalInput,
  ZQuoteTokenInput,
  ZQuoteUpdateInput,
  ZQuoteView,
} from '../schemas';
import { loadShopper } from '../services/catalogue/pricing';
import {
  createQuote,
  deleteQuote,
  getQuote,
  listQuotes,
  proposeQuote,
  sendQuote,
  updateQuote,
} from '../services/quotes/quote-admin';
import { acceptQuote, viewQuote } from '../services/quotes/quote-customer';
import { protectedProcedure, publicProcedure, router, scopedAdminProcedure, staffProcedure } from '../trpc';

const tags = ['Árajánlatok'];

/** Beyond the spec: an offer request (POST /contact/offer) answered with prices the customer can order at. */
export const quoteRouter = router({
  list: scopedAdminProcedure('inquiries:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/quote',
        tags,
        protect: true,
        summary: 'Árajánlatok listája',
        description: 'Legújabb elöl, oldalanként 20; `offerRequest` megadásával egy ajánlatkérés ajánlatai.',
      },
    })
    .input(ZQuoteListInput)
    .output(ZQuoteListOutput)
    .query(({ ctx, input }) => listQuotes(ctx, input)),

  proposal: scopedAdminProcedure('inquiries:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/quote/proposal',
        tags,
        protect: true,
        summary: 'Javaslat új árajánlathoz',
        description:
          'Az ajánlatkérés tételei a kért mennyiség listaárával, és 14 nap érvényesség; az admin ebből indul. A termék nélküli (megszűnt) tételek az `unmatched` listában. A kért változat a `variant`-ban; ha a változat azóta nem kapható (vagy a kérés nem nevezett meg változatot), a tétel `variant: null`-lal, a kért névvel érkezik, és az adminnak kell változatot választania.',
      },
    })
    .input(ZQuoteProposalInput)
    .output(ZQuoteProposal)
    .query(({ ctx, input }) => proposeQuote(ctx, input.offerRequest)),

  view: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/quote/view',
        tags,
        protect: false,
        summary: 'Árajánlat a levélben kapott link alapján',
        description:
          'A `/quote/{token}` oldal hívja. A tételeket bárki láthatja, akinél a link van; a `blockedBy` mondja meg, a hívó kosárba teheti-e. Ismeretlen vagy lecserélt linkre 404.',
      },
    })
    .input(ZQuoteTokenInput)
    .output(ZQuoteView)
    .query(async ({ ctx, input }) =>
      viewQuote(ctx, input.token, ctx.session, await loadShopper(ctx.prisma, ctx.session)),
    ),

  accept: protectedProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/quote/accept',
        tags,
        protect: true,
        summary: 'Árajánlat tételei a kosárba',
        description:
          'Csak annak a vásárlónak, akinek az ajánlat szól (a fiókja, vagy az e-mail-címe egyezik), különben 403. Lejárt vagy felhasznált ajánlatra 409. A tételek az ajánlott mennyiséggel (változatos terméknél az ajánlott változattal, `variant`) kerülnek a kosárba, és az ajánlott áron szerepelnek, amíg az ajánlat érvényes és nem készült belőle rendelés; ugyanannak a terméknek más változata a bolt árán.',
      },
    })
    .input(ZQuoteTokenInput)
    .output(ZCart)
    .mutation(async ({ ctx, input }) =>
      acceptQuote(ctx, ctx.session, await loadShopper(ctx.prisma, ctx.session), input.token),
    ),

  byId: scopedAdminProcedure('inquiries:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/quote/{id}',
        tags,
        protect: true,
        summary: 'Árajánlat azonosító alapján',
      },
    })
    .input(ZIdInput)
    .output(ZQuote)
    .query(({ ctx, input }) => getQuote(ctx, input.id)),

  create: staffProcedure('inquiries:write')
    .meta({
      errors: ['not_found'],
      openapi: {
        method: 'POST',
        path: '/quote',
        tags,
        protect: true,
        summary: 'Árajánlat készítése ajánlatkérésből',
        description:
          'Tételenként bruttó darabár egész forintban; a `validUntil` az utolsó érvényes nap (budapesti idő). Elküldeni a POST /quote/send teszi. Változatos terméknél a tétel a `variant`-tal egy engedélyezett változatot nevez meg (nélküle 400), egyféle terméknél nem (400); más termék, letiltott vagy ismeretlen változata 404. Az ajánlott ár a kosárban és a rendelésben csak erre a termékre és változatra él. Ismeretlen ajánlatkérés: 404.',
      },
    })
    .input(ZQuoteCreateInput)
    .output(ZQuote)
    .mutation(({ ctx, input }) => createQuote(ctx, ctx.session.user.id, input)),

  update: scopedAdminProcedure('inquiries:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/quote',
        tags,
        protect: true,
        summary: 'Árajánlat módosítása',
        description:
          'A tételek, az érvényesség és a megjegyzés cseréje; rendelésben felhasznált ajánlatra 409. Az elküldött link az új árakat mutatja. A tételekre (és a `variant`-ra) ugyanaz érvényes, mint létrehozáskor; a már ajánlott termék és változat tétele megmarad, így a kosárban lévő is az új áron szerepel, más változatra cserélt tétel új tétel.',
      },
    })
    .input(ZQuoteUpdateInput)
    .output(ZQuote)
    .mutation(async ({ ctx, input }) =>
      updateQuote(ctx, await withoutReadOnly(ZQuoteUpdateInput, input, () => getQuote(ctx, input.id))),
    ),

  send: scopedAdminProcedure('inquiries:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/quote/send',
        tags,
        protect: true,
        summary: 'Árajánlat elküldése e-mailben',
        description:
          'A `quote_sent` levél a tételekkel, árakkal, érvényességgel és a `/quote/{token}` linkkel; minden küldés új linket ad, a régi érvényét veszti. Lejárt vagy felhasznált ajánlatra 409.',
      },
    })
    .input(ZIdInput)
    .output(ZQuote)
    .mutation(({ ctx, input }) => sendQuote(ctx, input.id)),

  delete: scopedAdminProcedure('inquiries:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'DELETE',
        path: '/quote/{id}',
        tags,
        protect: true,
        summary: 'Árajánlat törlése',
        description: 'Rendelésben felhasznált ajánlat nem törölhető (409).',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteQuote(ctx.prisma, input.id);
      return { ok: true as const };
    }),
});
