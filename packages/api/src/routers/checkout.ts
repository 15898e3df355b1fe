import { z } from 'zod';
import type { Context } from '../context';
import { withoutReadOnly } from '../input-guard';
import {
  ZIdInput,
  ZMethodReorderInput,
  ZOkOutput,
  ZPaymentMethod,
  ZPaymentMethodCreateInput,
  ZPaymentMethodListOutput,
  ZPaymentMethodUpdateInput,
  ZPaymentSettings,
  ZPaymentSettingsTestInput,
  ZPaymentSettingsTestOutput,
  ZPaymentSettingsUpdateInput,
  ZShippingMethod,
  ZShippingMethodCreateInput,
  ZShippingMethodListOutput,
  ZShippingMethodUpdateInput,
} from '../schemas';
import {
  createPaymentMethod,
  createShippingMethod,
  deletePaymentMethod,
  deleteShippingMethod,
  getPaymentMethod,
  getShippingMethod,
  listPaymentMethods,
  listShippingMethods,
  type PaymentMethodViewer,
  reorderPaymentMethods,
  reorderShippingMethods,
  updatePaymentMethod,
  updateShippingMethod,
} from '../services/checkout/methods';
import {
  getPaymentSettings,
  testBarionConnection,
  updatePaymentSettings,
} from '../services/checkout/payment-settings';
import { isBarionSetUp } from '../services/payments/barion-config';
import { isAdmin, publicProcedure, router, staffProcedure } from '../trpc';

const tags = ['Pénztár'];

async function paymentMethodViewer(ctx: Context): Promise<PaymentMethodViewer> {
  return isAdmin(ctx) ? { admin: true } : { admin: false, takesCards: isBarionSetUp(await ctx.barion()) };
}
const BEYOND_SPEC = 'A specifikáción túli művelet. ';
const ok = { ok: true as const };

export const checkoutRouter = router({
  shippingList: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/checkout/shipping',
        tags,
        protect: false,
        summary: 'Szállítási módok',
        description: 'A vásárlók az engedélyezett módokat látják sorrendben, az admin mindet.',
      },
    })
    .input(z.void())
    .output(ZShippingMethodListOutput)
    .query(({ ctx }) => listShippingMethods(ctx, isAdmin(ctx))),

  shippingById: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/checkout/shipping/{id}',
        tags,
        protect: false,
        summary: 'Egy szállítási mód',
      },
    })
    .input(ZIdInput)
    .output(ZShippingMethod)
    .query(({ ctx, input }) => getShippingMethod(ctx, input.id, isAdmin(ctx))),

  shippingCreate: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/checkout/shipping',
        tags,
        protect: true,
        summary: 'Szállítási mód létrehozása',
        description: `${BEYOND_SPEC}Bruttó díj, ingyenességi határ, címigény, szállítási idő, engedélyezett fizetési módok.`,
      },
    })
    .input(ZShippingMethodCreateInput)
    .output(ZShippingMethod)
    .mutation(({ ctx, input }) => createShippingMethod(ctx, input)),

  shippingUpdate: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/checkout/shipping',
        tags,
        protect: true,
        summary: 'Szállítási mód módosítása',
        description: `${BEYOND_SPEC}A kihagyott mezők nem változnak.`,
      },
    })
    .input(ZShippingMethodUpdateInput)
    .output(ZShippingMethod)
    .mutation(async ({ ctx, input }) =>
      updateShippingMethod(
        ctx,
        await withoutReadOnly(ZShippingMethodUpdateInput, input, () =>
          getShippingMethod(ctx, input.id, true),
        ),
      ),
    ),

  shippingReorder: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/checkout/shipping/order',
        tags,
        protect: true,
        summary: 'Szállítási módok sorrendje',
        description: `${BEYOND_SPEC}Az összes mód azonosítója a kívánt sorrendben; a válasz a rendezett lista.`,
      },
    })
    .input(ZMethodReorderInput)
    .output(ZShippingMethodListOutput)
    .mutation(({ ctx, input }) => reorderShippingMethods(ctx, input.ids)),

  shippingDelete: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'DELETE',
        path: '/checkout/shipping/{id}',
        tags,
        protect: true,
        summary: 'Szállítási mód törlése',
        description: 'A korábbi rendelések megőrzik a mód nevét és díját.',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteShippingMethod(ctx, input.id);
      return ok;
    }),

  paymentList: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/checkout/payment',
        tags,
        protect: false,
        summary: 'Fizetési módok',
        description: 'A vásárlók az engedélyezett módokat látják sorrendben, az admin mindet.',
      },
    })
    .input(z.void())
    .output(ZPaymentMethodListOutput)
    .query(async ({ ctx }) => listPaymentMethods(ctx, await paymentMethodViewer(ctx))),

  paymentById: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/checkout/payment/{id}',
        tags,
        protect: false,
        summary: 'Egy fizetési mód',
      },
    })
    .input(ZIdInput)
    .output(ZPaymentMethod)
    .query(async ({ ctx, input }) => getPaymentMethod(ctx, input.id, await paymentMethodViewer(ctx))),

  paymentCreate: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/checkout/payment',
        tags,
        protect: true,
        summary: 'Fizetési mód létrehozása',
        description: `${BEYOND_SPEC}Szolgáltató (barion, cash_on_delivery, bank_transfer), bruttó díj, sorrend.`,
      },
    })
    .input(ZPaymentMethodCreateInput)
    .output(ZPaymentMethod)
    .mutation(({ ctx, input }) => createPaymentMethod(ctx, input)),

  paymentUpdate: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/checkout/payment',
        tags,
        protect: true,
        summary: 'Fizetési mód módosítása',
        description: `${BEYOND_SPEC}A kihagyott mezők nem változnak.`,
      },
    })
    .input(ZPaymentMethodUpdateInput)
    .output(ZPaymentMethod)
    .mutation(async ({ ctx, input }) =>
      updatePaymentMethod(
        ctx,
        await withoutReadOnly(ZPaymentMethodUpdateInput, input, async () =>
          getPaymentMethod(ctx, input.id, await paymentMethodViewer(ctx)),
        ),
      ),
    ),

  paymentReorder: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/checkout/payment/order',
        tags,
        protect: true,
        summary: 'Fizetési módok sorrendje',
        description: `${BEYOND_SPEC}Az összes mód azonosítója a kívánt sorrendben; a válasz a rendezett lista.`,
      },
    })
    .input(ZMethodReorderInput)
    .output(ZPaymentMethodListOutput)
    .mutation(({ ctx, input }) => reorderPaymentMethods(ctx, input.ids)),

  paymentDelete: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'DELETE',
        path: '/checkout/payment/{id}',
        tags,
        protect: true,
        summary: 'Fizetési mód törlése',
        description: 'A korábbi rendelések megőrzik a mód nevét és díját.',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deletePaymentMethod(ctx, input.id);
      return ok;
    }),

  settings: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/settings',
        tags,
        protect: true,
        summary: 'Fizetési beállítások',
        description: `${BEYOND_SPEC}Barion-kapcsolat és a bankszámla az átutalásos fizetéshez. A POS-kulcsot soha nem adja vissza, csak azt, hogy van-e mentve, és az utolsó 4 karakterét.`,
      },
    })
    .input(z.void())
    .output(ZPaymentSettings)
    .query(({ ctx }) => getPaymentSettings(ctx)),

  settingsUpdate: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/checkout/settings',
        tags,
        protect: true,
        summary: 'Fizetési beállítások mentése',
        description: `${BEYOND_SPEC}A kihagyott barionPosKey a mentett kulcsot megtartja, a null törli. A kulcsot AES-256-GCM-mel titkosítva tároljuk; titkosítási kulcs nélkül a szerver nem menti (409). Mentett POS-kulcs esetén a kártyás fizetés ezt a fiókot használja a BARION_* változók helyett.`,
      },
    })
    .input(ZPaymentSettingsUpdateInput)
    .output(ZPaymentSettings)
    .mutation(async ({ ctx, input }) =>
      updatePaymentSettings(
        ctx,
        await withoutReadOnly(ZPaymentSettingsUpdateInput, input, () => getPaymentSettings(ctx)),
      ),
    ),

  settingsTest: staffProcedure('settings:write')
    .meta({
      errors: ['unavailable'],
      openapi: {
        method: 'POST',
        path: '/checkout/settings/test',
        tags,
        protect: true,
        summary: 'Barion-kapcsolat próbája',
        description: `${BEYOND_SPEC}Egy nem létező fizetés állapotát kérdezi a Barion API-tól a megadott (vagy a használt) POS-kulccsal: a rossz kulcsot a Barion AuthenticationFailed hibával utasítja el. Nem fizet és nem módosít semmit.`,
      },
    })
    .input(ZPaymentSettingsTestInput)
    .output(ZPaymentSettingsTestOutput)
    .mutation(({ ctx, input }) => testBarionConnection(ctx, input)),
});
