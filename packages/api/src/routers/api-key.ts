import { z } from 'zod';
import { ZApiKeyCreated, ZApiKeyCreateInput, ZApiKeyListOutput, ZIdInput, ZOkOutput } from '../schemas';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/api-key';
import { adminProcedure, router } from '../trpc';

const tags = ['API-kulcsok'];

/** The admin's API keys for integrators. Only a signed-in admin manages them; a key never can. */
export const apiKeyRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/apikey',
        tags,
        protect: true,
        summary: 'API-kulcsok listája',
        description:
          'A specifikáción túli művelet: minden kulcs neve, jogosultságai, első karakterei (`prefix`), létrehozója és ideje, utolsó használata (percre pontosan) és visszavonásának ideje; előbb az élők, azon belül a legújabb elöl. Magát a kulcsot sosem adja vissza. API-kulccsal nem hívható (403).',
      },
    })
    .input(z.void())
    .output(ZApiKeyListOutput)
    .query(async ({ ctx }) => ({ items: await listApiKeys(ctx.prisma) })),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/apikey',
        tags,
        protect: true,
        summary: 'Új API-kulcs',
        description:
          'A specifikáción túli művelet: új, névvel és jogosultságokkal (`scopes`: `catalogue:read`, `catalogue:write`, `orders:read`, `orders:write`, `customers:read`, `invoices:write`, `webhooks:write`; az írási jog az olvasást is tartalmazza) ellátott kulcs. A válasz `key` mezője az egyetlen alkalom, amikor a kulcs látható: a bolt csak a kivonatát tárolja. A kulcsot a `token` fejlécben vagy `Authorization: Bearer <kulcs>` alakban kell küldeni. API-kulccsal nem hívható (403).',
      },
    })
    .input(ZApiKeyCreateInput)
    .output(ZApiKeyCreated)
    .mutation(({ ctx, input }) => createApiKey(ctx.prisma, input, ctx.session.user.id)),

  revoke: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/apikey/{id}',
        tags,
        protect: true,
        summary: 'API-kulcs visszavonása',
        description:
          'A specifikáción túli művelet: a kulcs ettől kezdve minden kérésre 401-et kap; a listában visszavontként marad. Ismételt visszavonás nem változtat semmit; ismeretlen kulcsra 404. API-kulccsal nem hívható (403).',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.prisma, input.id);
      return { ok: true as const };
    }),
});
