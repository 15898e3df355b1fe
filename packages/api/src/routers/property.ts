import { withoutReadOnly } from '../input-guard';
import { ZIdInput, ZProperty, ZPropertyActionInput, ZPropertyActionOutput } from '../schemas';
import { getProperty, propertyAction } from '../services/property';
import { publicProcedure, router, scopedAdminProcedure } from '../trpc';

const tags = ['Tulajdonságok'];

export const propertyRouter = router({
  listOrSave: scopedAdminProcedure('catalogue:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/property',
        tags,
        protect: true,
        summary: 'Tulajdonságok listázása, mentése, törlése',
        description:
          'Egy művelet, az `action` mező dönt: `{}` vagy `{"action":"list"}` listáz; `{"action":"save","property":{…}}` létrehoz (id nélkül) vagy módosít (id-vel) – a values lista a teljes értéklista: id-vel átnevez, id nélkül felvesz, a kimaradt értéket törli (a termékekről is); `{"action":"delete","id":…}` töröl. A válasz mindig a teljes lista, mentéskor a mentett tulajdonság a `saved` mezőben.',
      },
    })
    .input(ZPropertyActionInput)
    .output(ZPropertyActionOutput)
    .mutation(async ({ ctx, input }) =>
      propertyAction(
        ctx,
        await withoutReadOnly(ZPropertyActionInput, input, async () => ({
          property: input.property?.id ? await getProperty(ctx.prisma, input.property.id) : null,
        })),
      ),
    ),

  byId: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/property/{id}',
        tags,
        protect: false,
        summary: 'Tulajdonság az értékeivel',
      },
    })
    .input(ZIdInput)
    .output(ZProperty)
    .query(({ ctx, input }) => getProperty(ctx.prisma, input.id)),
});
