import { z } from 'zod';
import {
  ZAbandonedCartSettings,
  ZAbandonedCartSettingsInput,
  ZAbandonedCartStats,
  ZAccepted,
  ZCartRestoreInput,
  ZCartRestoreOutput,
  ZGuestCartReminderInput,
} from '../schemas/abandoned-cart';
import { restoreRemindedCart, saveGuestCartForReminder } from '../services/abandoned-carts/guest-carts';
import {
  abandonedCartStats,
  getAbandonedCartSettings,
  updateAbandonedCartSettings,
} from '../services/abandoned-carts/reminders';
import { publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Kosár és rendelés'];

/** Beyond the spec (#29): the reminder e-mail of a left cart, with consent, once per cart. */
export const abandonedCartRouter = router({
  remind: publicProcedure
    .meta({
      sessionAware: true,
      errors: ['rate_limited'],
      openapi: {
        method: 'POST',
        path: '/cart/reminder',
        tags,
        protect: false,
        summary: 'Vendégkosár mentése emlékeztetőhöz (hírlevél-feliratkozással)',
        description:
          'A pénztárban a „Kérek hírlevelet és kosáremlékeztetőt” bejelölésekor: a cím feliratkozik a hírlevélre (megerősítő levéllel, mint a POST /newsletter/subscribe), a kosár pedig mentődik. Ha a rendelés nem készül el, és a cím addigra megerősítette a feliratkozást, a beállított idő után egy emlékeztető megy a kosár visszaállító linkjével. A válasz mindig ugyanaz; hálózatonként és címenként korlátozott (429).',
      },
    })
    .input(ZGuestCartReminderInput)
    .output(ZAccepted)
    .mutation(({ ctx, input }) =>
      saveGuestCartForReminder(
        ctx.prisma,
        {
          ip: ctx.ip,
          userId: ctx.session?.user.id ?? null,
          limits: ctx.requestLimits,
          publicUrl: ctx.publicUrl,
        },
        input,
      ),
    ),

  restore: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cart/restore',
        tags,
        protect: false,
        summary: 'Emlékeztetett kosár tételei a visszaállító linkkel',
        description:
          'Az emlékeztető levél linkjének tokenjére a kosár tételeit adja vissza (30 napig), hogy a böngésző a saját kosarába tegye őket. Ismeretlen vagy lejárt tokenre 404.',
      },
    })
    .input(ZCartRestoreInput)
    .output(ZCartRestoreOutput)
    .mutation(({ ctx, input }) => restoreRemindedCart(ctx.prisma, input.token)),

  settings: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/cart/reminder/settings',
        tags,
        protect: true,
        summary: 'A kosáremlékeztető beállításai',
        description:
          'Küld-e a bolt kosáremlékeztetőt (alapból igen), és hány órával a kosár utolsó változása után (alapból 4).',
      },
    })
    .input(z.void())
    .output(ZAbandonedCartSettings)
    .query(({ ctx }) => getAbandonedCartSettings(ctx)),

  updateSettings: scopedAdminProcedure('customers:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/cart/reminder/settings',
        tags,
        protect: true,
        summary: 'A kosáremlékeztető be- és kikapcsolása, várakozási ideje',
        description:
          'Kosaranként egy levél, ennyi órával a kosár utolsó változása után (1–168), csak megerősített hírlevél-feliratkozású címre, és soha, ha a kosár kezdete óta rendelés érkezett a fiókból vagy a címről. A szöveg az „abandoned_cart” e-mail-sablon.',
      },
    })
    .input(ZAbandonedCartSettingsInput)
    .output(ZAbandonedCartSettings)
    .mutation(({ ctx, input }) => updateAbandonedCartSettings(ctx, input)),

  stats: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/cart/reminder/stats',
        tags,
        protect: true,
        summary: 'Emlékeztetett és visszanyert kosarak száma',
        description:
          'Hány kosárról ment emlékeztető, hánynak a linkjét nyitották meg, és hányból lett rendelés az emlékeztető utáni 7 napban (a kosár legalább egy termékével).',
      },
    })
    .input(z.void())
    .output(ZAbandonedCartStats)
    .query(({ ctx }) => abandonedCartStats(ctx)),
});
