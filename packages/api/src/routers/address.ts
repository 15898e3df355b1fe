import { z } from 'zod';
import {
  ZAddress,
  ZAddressCreateInput,
  ZAddressListOutput,
  ZAddressUpdateInput,
  ZIdInput,
  ZOkOutput,
} from '../schemas';
import { createAddress, deleteAddress, listAddresses, updateAddress } from '../services/address';
import { protectedProcedure } from '../trpc';

const tags = ['Felhasználó'];

/** The signed-in customer's own addresses: merged into the user router. */
export const addressProcedures = {
  addressList: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/address',
        tags,
        protect: true,
        summary: 'Saját címek',
        description: 'Szállítási és számlázási címek; típusonként elöl az alapértelmezett.',
      },
    })
    .input(z.void())
    .output(ZAddressListOutput)
    .query(async ({ ctx }) => ({ items: await listAddresses(ctx.prisma, ctx.session.user.id) })),

  addressCreate: protectedProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/user/address',
        tags,
        protect: true,
        summary: 'Új cím',
        description: 'Egy típus első címe lesz az alapértelmezett; `isDefault: true` átveszi a jelölést.',
      },
    })
    .input(ZAddressCreateInput)
    .output(ZAddress)
    .mutation(({ ctx, input }) => createAddress(ctx.prisma, ctx.session.user.id, input)),

  addressUpdate: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/user/address',
        tags,
        protect: true,
        summary: 'Cím módosítása',
        description: 'Az `id` és a módosítandó mezők. Más vásárló címére ugyanúgy 404, mint a nem létezőre.',
      },
    })
    .input(ZAddressUpdateInput)
    .output(ZAddress)
    .mutation(({ ctx, input }) => updateAddress(ctx.prisma, ctx.session.user.id, input)),

  addressDelete: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/user/address/{id}',
        tags,
        protect: true,
        summary: 'Cím törlése',
        description: 'Ha az alapértelmezett cím törlődik, a típus legújabb címe veszi át a jelölést.',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteAddress(ctx.prisma, ctx.session.user.id, input.id);
      return { ok: true as const };
    }),
};
