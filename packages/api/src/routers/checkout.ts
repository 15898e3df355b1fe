import { z } from 'zod';
import {
  ZIdInput,
  ZOkOutput,
  ZPaymentMethod,
  ZPaymentMethodCreateInput,
  ZPaymentMethodListOutput,
  ZPaymentMethodUpdateInput,
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
  updatePaymentMethod,
  updateShippingMethod,
} from '../services/checkout/methods';
import { adminProcedure, isAdmin, publicProcedure, router } from '../trpc';

const tags = ['Pénztár'];
const BEYOND_SPEC = 'A specifikáción túli művelet. ';
const ok = { ok: true as const };

export const checkoutRouter = router({
  shippingList: publicProcedure
    .meta({
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

  shippingCreate: adminProcedure
    .meta({
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

  shippingUpdate: adminProcedure
    .meta({
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
    .mutation(({ ctx, input }) => updateShippingMethod(ctx, input)),

  shippingDelete: adminProcedure
    .meta({
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
    .query(({ ctx }) => listPaymentMethods(ctx, isAdmin(ctx))),

  paymentById: publicProcedure
    .meta({
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
    .query(({ ctx, input }) => getPaymentMethod(ctx, input.id, isAdmin(ctx))),

  paymentCreate: adminProcedure
    .meta({
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

  paymentUpdate: adminProcedure
    .meta({
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
    .mutation(({ ctx, input }) => updatePaymentMethod(ctx, input)),

  paymentDelete: adminProcedure
    .meta({
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
});
