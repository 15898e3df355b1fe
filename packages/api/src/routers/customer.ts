import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import {
  changeFeedDescription,
  ZChangeFeedInput,
  ZCustomerChanges,
  ZCustomerDetail,
  ZCustomerGroup,
  ZCustomerGroupCreateInput,
  ZCustomerGroupListOutput,
  ZCustomerGroupUpdateInput,
  ZCustomerListInput,
  ZCustomerListOutput,
  ZIdInput,
  ZOkOutput,
} from '../schemas';
import { readChangeFeed } from '../services/change-feed/read-changes';
import { customersByIds, getCustomer, listCustomers } from '../services/customer';
import {
  createCustomerGroup,
  deleteCustomerGroup,
  getCustomerGroup,
  listCustomerGroups,
  updateCustomerGroup,
} from '../services/customer-group';
import { router, scopedAdminProcedure } from '../trpc';

const tags = ['Vásárlók'];

export const customerRouter = router({
  groupList: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/group',
        tags,
        protect: true,
        summary: 'Vásárlói csoportok',
        description: 'Név szerint, a kedvezménnyel és a tagok számával.',
      },
    })
    .input(z.void())
    .output(ZCustomerGroupListOutput)
    .query(async ({ ctx }) => ({ items: await listCustomerGroups(ctx.prisma) })),

  groupById: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/group/{id}',
        tags,
        protect: true,
        summary: 'Vásárlói csoport azonosító alapján',
      },
    })
    .input(ZIdInput)
    .output(ZCustomerGroup)
    .query(({ ctx, input }) => getCustomerGroup(ctx.prisma, input.id)),

  groupCreate: scopedAdminProcedure('customers:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/customer/group',
        tags,
        protect: true,
        summary: 'Vásárlói csoport létrehozása',
        description:
          'A specifikáción túli művelet: új csoport névvel és kedvezménnyel (0–100%), amelyet a katalógus árazása használ. Foglalt névre 409.',
      },
    })
    .input(ZCustomerGroupCreateInput)
    .output(ZCustomerGroup)
    .mutation(({ ctx, input }) => createCustomerGroup(ctx.prisma, input)),

  groupUpdate: scopedAdminProcedure('customers:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/customer/group',
        tags,
        protect: true,
        summary: 'Vásárlói csoport módosítása',
        description:
          'A specifikáción túli művelet: a csoport neve és kedvezménye (0–100%); a kihagyott mezők nem változnak.',
      },
    })
    .input(ZCustomerGroupUpdateInput)
    .output(ZCustomerGroup)
    .mutation(async ({ ctx, input }) =>
      updateCustomerGroup(
        ctx.prisma,
        await withoutReadOnly(ZCustomerGroupUpdateInput, input, () => getCustomerGroup(ctx.prisma, input.id)),
      ),
    ),

  groupDelete: scopedAdminProcedure('customers:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'DELETE',
        path: '/customer/group/{id}',
        tags,
        protect: true,
        summary: 'Vásárlói csoport törlése',
        description:
          'A specifikáción túli művelet: a tagok csoport nélkül maradnak (listaáron vásárolnak), a csoport egyedi árai törlődnek.',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteCustomerGroup(ctx.prisma, input.id);
      return { ok: true as const };
    }),

  list: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer',
        tags,
        protect: true,
        summary: 'Vásárlók listája',
        description:
          'Vásárlók (adminok és törölt fiókok nélkül) kereséssel, csoport-, hírlevél- és rendelésszűréssel, lapozással és rendezéssel; rendelésszámmal és költéssel (a lemondott és visszatérített rendelések nélkül).',
      },
    })
    .input(ZCustomerListInput)
    .output(ZCustomerListOutput)
    .query(({ ctx, input }) => listCustomers(ctx.prisma, input)),

  changes: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/changes',
        tags,
        protect: true,
        summary: 'Vásárlók változásfolyama',
        description: changeFeedDescription(
          'az új és a megváltozott vásárlók, mindegyik úgy, ahogy a `GET /api/customer/{id}` adja. Egy vásárló változása az adatai, a címei, a csoportja, a fiókja törlése (a személyes adatok nélkül, `anonymizedAt` időponttal jön) és a rendeléseinek száma vagy állapota is.',
        ),
      },
    })
    .input(ZChangeFeedInput)
    .output(ZCustomerChanges)
    .query(({ ctx, input }) => readChangeFeed(ctx.prisma, 'customer', input, customersByIds)),

  byId: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/{id}',
        tags,
        protect: true,
        summary: 'Vásárló adatlapja',
        description: 'Adatai, címei, rendeléseinek száma, összege és a legutóbbi rendelés ideje.',
      },
    })
    .input(ZIdInput)
    .output(ZCustomerDetail)
    .query(({ ctx, input }) => getCustomer(ctx.prisma, input.id)),
});
