import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import {
  ZIdInput,
  ZOkOutput,
  ZStaffActivity,
  ZStaffInviteInput,
  ZStaffList,
  ZStaffMember,
  ZStaffRole,
  ZStaffRoleCreateInput,
  ZStaffRoleList,
  ZStaffRoleUpdateInput,
  ZStaffUpdateInput,
} from '../schemas';
import {
  changeStaffRole,
  createStaffRole,
  deleteStaffRole,
  inviteStaff,
  listStaff,
  listStaffRoles,
  resumeStaff,
  staffActivity,
  suspendStaff,
  updateStaffRole,
} from '../services/staff';
import { adminProcedure, router } from '../trpc';

const tags = ['Munkatársak'];
const OWNER_ONLY = 'Csak a bolt tulajdonosa hívhatja (munkatárs és API-kulcs: 403).';

/** The shop's team and their roles: the owner's alone (trpc.ts adminProcedure). */
export const staffRouter = router({
  // The role paths first, so /staff/role is never read as a staff member's id.
  roles: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/staff/role',
        tags,
        protect: true,
        summary: 'Szerepkörök',
        description: `A specifikáción túli művelet: a munkatársak szerepkörei jogosultságaikkal, visszatérítési korlátjukkal és a tagjaik számával; a kész szerepkörök (Raktár, Ügyfélszolgálat, Tartalomszerkesztő, Könyvelő) is, amelyeket a tulajdonos átírhat. ${OWNER_ONLY}`,
      },
    })
    .input(z.void())
    .output(ZStaffRoleList)
    .query(async ({ ctx }) => ({ items: await listStaffRoles(ctx.prisma) })),

  createRole: adminProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/staff/role',
        tags,
        protect: true,
        summary: 'Új szerepkör',
        description: `A specifikáción túli művelet: név, jogosultságok (\`permissions\`: ugyanazok, mint az API-kulcsoké, és a settings:write) és az egy visszatérítés legnagyobb összege (\`refundLimit\`, null: nincs korlát). Foglalt névre 409. ${OWNER_ONLY}`,
      },
    })
    .input(ZStaffRoleCreateInput)
    .output(ZStaffRole)
    .mutation(({ ctx, input }) => createStaffRole(ctx.prisma, input)),

  updateRole: adminProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/staff/role/{id}',
        tags,
        protect: true,
        summary: 'Szerepkör módosítása',
        description: `A specifikáción túli művelet: a kihagyott mezők megmaradnak. A tagok a következő kérésüktől az új jogosultságokkal dolgoznak. ${OWNER_ONLY}`,
      },
    })
    .input(ZStaffRoleUpdateInput)
    .output(ZStaffRole)
    .mutation(async ({ ctx, input }) =>
      updateStaffRole(
        ctx.prisma,
        await withoutReadOnly(ZStaffRoleUpdateInput, input, async () =>
          (await listStaffRoles(ctx.prisma)).find((role) => role.id === input.id),
        ),
      ),
    ),

  deleteRole: adminProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'DELETE',
        path: '/staff/role/{id}',
        tags,
        protect: true,
        summary: 'Szerepkör törlése',
        description: `A specifikáción túli művelet: csak olyan szerepkör törölhető, amelyet senki nem kapott meg (különben 409). ${OWNER_ONLY}`,
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteStaffRole(ctx.prisma, input.id);
      return { ok: true as const };
    }),

  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/staff',
        tags,
        protect: true,
        summary: 'Munkatársak',
        description: `A specifikáción túli művelet: a tulajdonos(ok) és a munkatársak szerepkörükkel, a meghívás és az utolsó belépés idejével és a felfüggesztésükkel. ${OWNER_ONLY}`,
      },
    })
    .input(z.void())
    .output(ZStaffList)
    .query(async ({ ctx }) => ({ items: await listStaff(ctx.prisma) })),

  activity: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/staff/{id}/activity',
        tags,
        protect: true,
        summary: 'Egy munkatárs tevékenysége',
        description: `A specifikáción túli művelet: amit a munkatárs (vagy egy tulajdonos) a rendeléseken módosított, a legújabb elöl, legfeljebb 200: állapotváltás, jegyzet, visszatérítés, befizetés, címjavítás, e-mail újraküldése, elállás lezárása, csomagszám; mindegyik a rendelés azonosítójával és számával. ${OWNER_ONLY}`,
      },
    })
    .input(ZIdInput)
    .output(ZStaffActivity)
    .query(({ ctx, input }) => staffActivity(ctx.prisma, input.id)),

  invite: adminProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/staff',
        tags,
        protect: true,
        summary: 'Munkatárs meghívása',
        description: `A specifikáción túli művelet: új munkatársi fiók a megadott szerepkörrel, és egy meghívó e-mail, amelynek linkjével (3 napig, egyszer használható) a munkatárs maga állítja be a jelszavát. Foglalt e-mail-címre 409. ${OWNER_ONLY}`,
      },
    })
    .input(ZStaffInviteInput)
    .output(ZStaffMember)
    .mutation(({ ctx, input }) => inviteStaff(ctx.prisma, input)),

  update: adminProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/staff/{id}',
        tags,
        protect: true,
        summary: 'Munkatárs szerepkörének módosítása',
        description: `A specifikáción túli művelet: másik szerepkör; a munkatárs a következő kérésétől ezzel dolgozik. A tulajdonosnak nincs szerepköre (409). ${OWNER_ONLY}`,
      },
    })
    .input(ZStaffUpdateInput)
    .output(ZStaffMember)
    .mutation(({ ctx, input }) => changeStaffRole(ctx.prisma, input)),

  suspend: adminProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/staff/{id}/suspend',
        tags,
        protect: true,
        summary: 'Munkatárs felfüggesztése',
        description: `A specifikáción túli művelet: azonnal: minden munkamenete véget ér, és nem léphet be, amíg a tulajdonos vissza nem engedi. Ismételt kérés nem változtat semmit. ${OWNER_ONLY}`,
      },
    })
    .input(ZIdInput)
    .output(ZStaffMember)
    .mutation(({ ctx, input }) => suspendStaff(ctx.prisma, input.id)),

  resume: adminProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/staff/{id}/resume',
        tags,
        protect: true,
        summary: 'Felfüggesztés feloldása',
        description: `A specifikáción túli művelet: a munkatárs újra beléphet a jelszavával. ${OWNER_ONLY}`,
      },
    })
    .input(ZIdInput)
    .output(ZStaffMember)
    .mutation(({ ctx, input }) => resumeStaff(ctx.prisma, input.id)),
});
