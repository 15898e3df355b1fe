import { z } from 'zod';
import {
  ZIdInput,
  ZOkOutput,
  ZWebhookCreateInput,
  ZWebhookCreateOutput,
  ZWebhookDelivery,
  ZWebhookDeliveryListInput,
  ZWebhookDeliveryListOutput,
  ZWebhookEndpointListOutput,
  ZWebhookRedeliverInput,
  ZWebhookTestOutput,
} from '../schemas';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  sendTestWebhook,
} from '../services/webhooks/endpoints';
import { router, scopedAdminProcedure } from '../trpc';

/** An integrator's key with webhooks:write manages endpoints as a signed-in admin does. */
const manage = scopedAdminProcedure('webhooks:write');

const tags = ['Webhookok'];

const SIGNATURE_NOTE =
  'Minden kézbesítés JSON `POST` `{id, event, createdAt, data}` törzzsel, `Webhook-Id` (az esemény azonosítója) és `Webhook-Signature: t=<unix másodperc>,v1=<hex HMAC-SHA256>` fejléccel, ahol az HMAC a `<t>.<nyers törzs>` szövegé, kulcsa a végpont titka. 2xx válasz = kézbesítve; más válasz vagy 10 s csend esetén újrapróbálás 1, 2, 4 … perc (legfeljebb 2 óra) múlva, 12 próbálkozásig.';

/** Webhook endpoints for integrators, managed by a signed-in admin or by a key with webhooks:write. */
export const webhookRouter = router({
  list: manage
    .meta({
      openapi: {
        method: 'GET',
        path: '/webhook',
        tags,
        protect: true,
        summary: 'Webhook-végpontok listája',
        description:
          'Az élő végpontok címe, eseményei és létrehozásuk ideje, a legújabb elöl. A titkot sosem adja vissza. API-kulccsal webhooks:write jogosultsággal hívható.',
      },
    })
    .input(z.void())
    .output(ZWebhookEndpointListOutput)
    .query(async ({ ctx }) => ({ items: await listWebhookEndpoints(ctx.prisma) })),

  create: manage
    .meta({
      openapi: {
        method: 'POST',
        path: '/webhook',
        tags,
        protect: true,
        summary: 'Új webhook-végpont',
        description: `Új végpont a megadott eseményekre (\`order.created\`, \`order.paid\`, \`order.status_changed\`, \`product.changed\`, \`stock.changed\`). A válasz \`secret\` mezője az egyetlen alkalom, amikor a titok látható. A cím http:// vagy https:// kezdetű; éles beállításban helyi és belső hálózati címre nem mutathat (WEBHOOK_ALLOW_PRIVATE_TARGETS). ${SIGNATURE_NOTE} API-kulccsal webhooks:write jogosultsággal hívható.`,
      },
    })
    .input(ZWebhookCreateInput)
    .output(ZWebhookCreateOutput)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.prisma, input, ctx.webhookTargets)),

  delete: manage
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/webhook/{id}',
        tags,
        protect: true,
        summary: 'Webhook-végpont törlése',
        description:
          'A végpont ettől kezdve nem kap kézbesítést (a várakozók elmaradnak), a titka törlődik; a kézbesítési napló a megőrzési idő végéig megmarad. Ismételt törlés nem változtat semmit; ismeretlen végpontra 404. API-kulccsal webhooks:write jogosultsággal hívható.',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteWebhookEndpoint(ctx.prisma, input.id);
      return { ok: true as const };
    }),

  deliveries: manage
    .meta({
      openapi: {
        method: 'GET',
        path: '/webhook/{id}/delivery',
        tags,
        protect: true,
        summary: 'Egy végpont kézbesítési naplója',
        description:
          'A specifikáción túli művelet: a végpont kézbesítései a legújabb elöl, lapozva, állapot szerint szűrhetően: esemény, állapot (`pending`, `delivered`, `failed`), próbálkozások száma, a következő próbálkozás ideje, az utolsó HTTP-állapotkód és a válasz eleje (legfeljebb 500 karakter), valamint a pontosan elküldött törzs. A kézbesített és sikertelen bejegyzések 30 nap után törlődnek. API-kulccsal webhooks:write jogosultsággal hívható.',
      },
    })
    .input(ZWebhookDeliveryListInput)
    .output(ZWebhookDeliveryListOutput)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.prisma, input)),

  redeliver: manage
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/webhook/{id}/delivery/{delivery}/redeliver',
        tags,
        protect: true,
        summary: 'Sikertelen kézbesítés újraküldése',
        description:
          'A specifikáción túli művelet: a végleg sikertelen (`failed`) kézbesítés újra sorba kerül, friss próbálkozásokkal (ugyanaz az eseményazonosító és ugyanaz a törzs, így a fogadó kiszűrheti, ha mégis megkapta). A még várakozó kézbesítés változatlan marad (az ismételt kérés nem küldi kétszer); a sikeres kézbesítésre 409, törölt végpontra vagy ismeretlen kézbesítésre 404. API-kulccsal webhooks:write jogosultsággal hívható.',
      },
    })
    .input(ZWebhookRedeliverInput)
    .output(ZWebhookDelivery)
    .mutation(({ ctx, input }) => redeliverWebhook(ctx.prisma, input)),

  test: manage
    .meta({
      openapi: {
        method: 'POST',
        path: '/webhook/{id}/test',
        tags,
        protect: true,
        summary: 'Teszt küldése',
        description: `A specifikáción túli művelet: egy \`webhook.test\` eseményt (\`data: {message}\`) küld most rögtön csak erre a végpontra, és a válaszban megadja, kézbesült-e, a HTTP-állapotkódot és a válasz elejét. A teszt a naplóba is bekerül, de sikertelenség esetén nem próbálkozik újra. ${SIGNATURE_NOTE} API-kulccsal webhooks:write jogosultsággal hívható.`,
      },
    })
    .input(ZIdInput)
    .output(ZWebhookTestOutput)
    .mutation(({ ctx, input }) => sendTestWebhook(ctx.prisma, input.id, ctx.webhookTargets)),
});
