import { z } from 'zod';
import type { Context } from '../context';
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_CONSENT_VERSION,
  ZFileOutput,
  ZNewsletterAccepted,
  ZNewsletterConfirmOutput,
  ZNewsletterConsentText,
  ZNewsletterListInput,
  ZNewsletterListOutput,
  ZNewsletterMine,
  ZNewsletterRegisterInput,
  ZNewsletterRegisterOutput,
  ZNewsletterSendInput,
  ZNewsletterSendOutput,
  ZNewsletterSetMineInput,
  ZNewsletterSubscribeInput,
  ZNewsletterTokenInput,
  ZNewsletterUnsubscribeOutput,
} from '../schemas';
import { downloadSubscribersCsv, listSubscribers, subscriberRegister } from '../services/newsletter/admin';
import { sendNewsletter } from '../services/newsletter/marketing-mail';
import {
  confirmSubscription,
  mySubscription,
  setMySubscription,
  subscribe,
  unsubscribeByToken,
} from '../services/newsletter/subscriptions';
import { protectedProcedure, publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Hírlevél'];

function signupClient(ctx: Context) {
  return {
    ip: ctx.ip,
    userId: ctx.session?.user.id ?? null,
    limits: ctx.requestLimits,
    publicUrl: ctx.publicUrl,
  };
}

/** Beyond the spec (#29): the newsletter list with double opt-in and the consent register (Grt. 6. §). */
export const newsletterRouter = router({
  consentText: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/newsletter/consent-text',
        tags,
        protect: false,
        summary: 'A hírlevél hozzájárulási szövege és verziója',
        description:
          'Ezt a szöveget kell a feliratkozó űrlap mellett megmutatni, és a verzióját a feliratkozással elküldeni: a nyilvántartás ezt a szöveget rögzíti.',
      },
    })
    .input(z.void())
    .output(ZNewsletterConsentText)
    .query(() => ({ version: NEWSLETTER_CONSENT_VERSION, text: NEWSLETTER_CONSENT_TEXT })),

  subscribe: publicProcedure
    .meta({
      errors: ['rate_limited'],
      openapi: {
        method: 'POST',
        path: '/newsletter/subscribe',
        tags,
        protect: false,
        summary: 'Feliratkozás a hírlevélre (megerősítő e-maillel)',
        description:
          'A címre megerősítő levél megy; a hozzájárulás csak a levélben lévő link megnyitása után érvényes (kettős megerősítés). A válasz mindig ugyanaz, akár ismert a cím, akár nem, akár már feliratkozott. Hálózatonként és címenként korlátozott (429).',
      },
    })
    .input(ZNewsletterSubscribeInput)
    .output(ZNewsletterAccepted)
    .mutation(({ ctx, input }) => subscribe(ctx.prisma, signupClient(ctx), input)),

  confirm: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/newsletter/confirm',
        tags,
        protect: false,
        summary: 'Feliratkozás megerősítése a levélben kapott tokennel',
        description:
          'A megerősítő levél linkjének tokenje. Ismételt megerősítésre ugyanaz a válasz; lejárt, ismeretlen vagy leiratkozás után használt tokenre 404.',
      },
    })
    .input(ZNewsletterTokenInput)
    .output(ZNewsletterConfirmOutput)
    .mutation(({ ctx, input }) => confirmSubscription(ctx.prisma, input.token)),

  unsubscribe: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/newsletter/unsubscribe',
        tags,
        protect: false,
        summary: 'Leiratkozás a hírlevélről a levélben kapott tokennel',
        description:
          'A hírlevelek leiratkozó linkjének tokenje; ismételt leiratkozásra ugyanaz a válasz, ismeretlen tokenre 404. A levelezőprogramok egykattintásos leiratkozása (RFC 8058, `List-Unsubscribe=One-Click` űrlaptörzs) a `POST /api/newsletter/one-click/{token}` címre érkezik.',
      },
    })
    .input(ZNewsletterTokenInput)
    .output(ZNewsletterUnsubscribeOutput)
    .mutation(({ ctx, input }) => unsubscribeByToken(ctx.prisma, input.token)),

  mine: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/newsletter/mine',
        tags,
        protect: true,
        summary: 'A saját hírlevél-feliratkozás állapota',
      },
    })
    .input(z.void())
    .output(ZNewsletterMine)
    .query(({ ctx }) => mySubscription(ctx.prisma, ctx.session.user.id)),

  setMine: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/newsletter/mine',
        tags,
        protect: true,
        summary: 'Saját feliratkozás be- vagy kikapcsolása',
        description:
          'Bekapcsoláskor megerősítő levél megy a fiók címére (a `consentVersion` kötelező), kikapcsoláskor a leiratkozás azonnali.',
      },
    })
    .input(ZNewsletterSetMineInput)
    .output(ZNewsletterMine)
    .mutation(({ ctx, input }) => setMySubscription(ctx.prisma, ctx.session.user.id, input, ctx.publicUrl)),

  list: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/newsletter',
        tags,
        protect: true,
        summary: 'Hírlevél-feliratkozók listája',
        description:
          'Legújabb kérés elöl, oldalanként 25; `search` az e-mail-címben keres, `status` szűr (pending: megerősítésre vár, confirmed: feliratkozott, unsubscribed: leiratkozott).',
      },
    })
    .input(ZNewsletterListInput)
    .output(ZNewsletterListOutput)
    .query(({ ctx, input }) => listSubscribers(ctx.prisma, input)),

  register: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/newsletter/register',
        tags,
        protect: true,
        summary: 'Egy cím hozzájárulási nyilvántartása',
        description:
          'A cím minden feliratkozási kérése, megerősítése és visszavonása időrendben, a mutatott hozzájárulási szöveggel, verzióval és forrással (Grt. 6. §).',
      },
    })
    .input(ZNewsletterRegisterInput)
    .output(ZNewsletterRegisterOutput)
    .query(({ ctx, input }) => subscriberRegister(ctx.prisma, input.email)),

  download: scopedAdminProcedure('customers:read')
    .meta({
      download: true,
      openapi: {
        method: 'GET',
        path: '/newsletter/download',
        tags,
        protect: true,
        summary: 'Hírlevél-feliratkozók letöltése CSV-ben',
        description:
          'Magyar Excelben közvetlenül megnyitható CSV (UTF-8 BOM-mal, `;` elválasztóval, magyar fejléccel), a lista szűrőivel. REST-en fájlként érkezik (`text/csv`), tRPC-n `{ filename, contentType, content }`.',
      },
    })
    .input(ZNewsletterListInput.omit({ page: true }))
    .output(ZFileOutput)
    .query(({ ctx, input }) => downloadSubscribersCsv(ctx.prisma, input)),

  send: scopedAdminProcedure('customers:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/newsletter/send',
        tags,
        protect: true,
        summary: 'Hírlevél küldése a megerősített feliratkozóknak',
        description:
          'Csak a megerősített címekre megy; minden levél végén leiratkozó link, fejlécében `List-Unsubscribe` és `List-Unsubscribe-Post` (RFC 8058). A szöveg HTML, a sablonokéval azonos szűrésen megy át.',
      },
    })
    .input(ZNewsletterSendInput)
    .output(ZNewsletterSendOutput)
    .mutation(({ ctx, input }) => sendNewsletter(ctx.prisma, input, ctx.publicUrl)),
});
