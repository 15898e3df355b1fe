import { z } from 'zod';
import type { Context } from '../context';
import { withoutReadOnly } from '../input-guard';
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
import {
  ZNewsletterSyncRunOutput,
  ZNewsletterSyncSettings,
  ZNewsletterSyncSettingsInput,
} from '../schemas/newsletter-sync';
import { downloadSubscribersCsv, listSubscribers, subscriberRegister } from '../services/newsletter/admin';
import { sendNewsletter } from '../services/newsletter/marketing-mail';
import {
  confirmSubscription,
  mySubscription,
  setMySubscription,
  subscribe,
  unsubscribeByToken,
} from '../services/newsletter/subscriptions';
import {
  getNewsletterSyncSettings,
  newsletterSyncSetupFor,
  updateNewsletterSyncSettings,
} from '../services/newsletter/sync-settings';
import { syncNewsletterNow } from '../services/newsletter/sync-worker';
import { protectedProcedure, publicProcedure, router, scopedAdminProcedure, staffProcedure } from '../trpc';

const tags = ['Hírlevél'];

function signupClient(ctx: Context) {
  return {
    ip: ctx.ip,
    userId: ctx.session?.user.id ?? null,
    limits: ctx.requestLimits,
    publicUrl: ctx.publicUrl,
  };
}

/**
 * The sync's setup as this request's server has it: stand-ins are on exactly when the context has a
 * Számlázz.hu stand-in (the server turns every stand-in off together, stand-in-mount.ts providerFallbacks).
 */
function syncSetup(ctx: Context) {
  return newsletterSyncSetupFor({
    publicUrl: ctx.publicUrl,
    standIns: ctx.invoicing.standInUrl !== null,
    encryptionKey: ctx.barionSetup.encryptionKey,
  });
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
          'Csak a megerősített címekre megy; minden levél végén leiratkozó link, fejlécében `List-Unsubscribe` és `List-Unsubscribe-Post` (RFC 8058). A szöveg HTML, a sablonokéval azonos szűrésen megy át. Ugyanaz a tárgy és szöveg újraküldve (például egy megszakadt küldés után) csak azokhoz megy, akiknek még nem ment el: aki az elmúlt 90 napban már megkapta, nem kapja meg kétszer.',
      },
    })
    .input(ZNewsletterSendInput)
    .output(ZNewsletterSendOutput)
    .mutation(({ ctx, input }) => sendNewsletter(ctx.prisma, input, ctx.publicUrl)),
  syncSettings: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/newsletter/sync',
        tags,
        protect: true,
        summary: 'A hírlevél-lista szinkronizálásának beállításai és állapota (MailerLite, Mailchimp)',
        description:
          'Az API-kulcs soha nem szerepel a válaszban, csak az, hogy van-e mentve, és az utolsó négy karaktere. A legutóbbi futás ideje és magyar hibaüzenete is itt olvasható.',
      },
    })
    .input(z.void())
    .output(ZNewsletterSyncSettings)
    .query(({ ctx }) => getNewsletterSyncSettings(ctx.prisma, syncSetup(ctx))),

  updateSyncSettings: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/newsletter/sync',
        tags,
        protect: true,
        summary: 'A hírlevél-lista szinkronizálásának mentése',
        description:
          'A megerősített feliratkozók és a leiratkozások a választott szolgáltatóhoz mennek (MailerLite: `POST /api/subscribers`, Mailchimp: `PUT /3.0/lists/{list_id}/members/{hash}`). Az `apiKey` elhagyva megtartja a mentett kulcsot, üres szöveg vagy null törli, más érték lecseréli; mentéséhez a szerveren titkosítási kulcs kell. A Mailchimp-kulcs végén az adatközpont áll (például `-us21`), a Mailchimphez lista-azonosító is kell. Szolgáltató, kulcs vagy lista cseréjekor a teljes lista újra elmegy.',
      },
      examples: {
        input: {
          provider: 'mailchimp',
          listId: 'a1b2c3d4e5',
          apiKey: '0123456789abcdef0123456789abcdef-us21',
        },
      },
    })
    .input(ZNewsletterSyncSettingsInput)
    .output(ZNewsletterSyncSettings)
    .mutation(async ({ ctx, input }) =>
      updateNewsletterSyncSettings(
        ctx.prisma,
        syncSetup(ctx),
        await withoutReadOnly(ZNewsletterSyncSettingsInput, input, () =>
          getNewsletterSyncSettings(ctx.prisma, syncSetup(ctx)),
        ),
      ),
    ),

  syncNow: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/newsletter/sync/run',
        tags,
        protect: true,
        summary: 'Hírlevél-lista szinkronizálása most',
        description:
          'Azonnal elküldi a várakozó változásokat, és újrapróbálja a sikerteleneket (egyébként a szerver percenként magától szinkronizál, hiba esetén egyre ritkábban próbálkozva). A válasz a beállítások és az állapot, a futás számaival.',
      },
    })
    .input(z.void())
    .output(ZNewsletterSyncRunOutput)
    .mutation(({ ctx }) => syncNewsletterNow({ prisma: ctx.prisma, setup: syncSetup(ctx) })),
});
