import { withoutReadOnly } from '../input-guard';
import {
  ZAdminUser,
  ZChangeGroupInput,
  ZFileOutput,
  ZIdInput,
  ZUserDeleteOutput,
  ZUserDownloadInput,
  ZUserFindAllInput,
  ZUserFindAllOutput,
  ZUserUpdateInput,
} from '../schemas';
import { isOwner, type SessionUser } from '../services/session';
import {
  changeUserGroup,
  deleteUser,
  downloadUsersCsv,
  findAllUsers,
  getAdminUser,
  updateUser,
} from '../services/user-admin';
import { scopedAdminProcedure, staffProcedure } from '../trpc';

const tags = ['Felhasználók (admin)'];

const accountEditor = (user: SessionUser) => ({ id: user.id, owner: isOwner(user) });

/** The admin's user management: merged into the user router. */
export const userAdminProcedures = {
  findAll: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/findall',
        tags,
        protect: true,
        summary: 'Felhasználók keresése',
        description:
          'Keresés névre, e-mail-címre és cégnévre; szűrés csoportra (`groupId: null`: csoport nélküliek) és szerepkörre; lapozás és rendezés. A törölt fiókok csak `includeAnonymized: true` esetén szerepelnek.',
      },
    })
    .input(ZUserFindAllInput)
    .output(ZUserFindAllOutput)
    .query(({ ctx, input }) => findAllUsers(ctx.prisma, input)),

  download: scopedAdminProcedure('customers:read')
    .meta({
      download: true,
      openapi: {
        method: 'GET',
        path: '/user/download',
        tags,
        protect: true,
        summary: 'Vásárlók letöltése CSV-ben',
        description:
          'Magyar Excelben közvetlenül megnyitható CSV (UTF-8 BOM-mal, `;` elválasztóval, magyar fejléccel). Szerepkör nélkül a vásárlókat adja. REST-en fájlként érkezik (`text/csv`, `Content-Disposition: attachment`), tRPC-n `{ filename, contentType, content }`.',
      },
    })
    .input(ZUserDownloadInput)
    .output(ZFileOutput)
    .query(({ ctx, input }) => downloadUsersCsv(ctx.prisma, input)),

  changeGroup: staffProcedure('customers:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/changegroup',
        tags,
        protect: true,
        summary: 'Felhasználó vásárlói csoportjának módosítása',
        description: '`groupId: null` kiveszi a felhasználót a csoportjából.',
      },
    })
    .input(ZChangeGroupInput)
    .output(ZAdminUser)
    .mutation(({ ctx, input }) => changeUserGroup(ctx.prisma, input)),

  byId: scopedAdminProcedure('customers:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/{id}',
        tags,
        protect: true,
        summary: 'Felhasználó azonosító alapján',
      },
    })
    .input(ZIdInput)
    .output(ZAdminUser)
    .query(({ ctx, input }) => getAdminUser(ctx.prisma, input.id)),

  update: staffProcedure('customers:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/user',
        tags,
        protect: true,
        summary: 'Felhasználó módosítása',
        description:
          'A megadott mezők változnak, a szerepkört is beleértve. A `newsletter: true` megerősítő levelet küld a vásárlónak (a feliratkozás csak a linkre kattintva érvényes), a false azonnal leiratkoztat. A saját admin jog nem vonható vissza; foglalt e-mail-címre 409.',
      },
    })
    .input(ZUserUpdateInput)
    .output(ZAdminUser)
    .mutation(async ({ ctx, input }) =>
      updateUser(
        ctx.prisma,
        accountEditor(ctx.session.user),
        await withoutReadOnly(ZUserUpdateInput, input, () => getAdminUser(ctx.prisma, input.id)),
        { publicUrl: ctx.publicUrl },
      ),
    ),

  delete: staffProcedure('customers:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'DELETE',
        path: '/user/{id}',
        tags,
        protect: true,
        summary: 'Felhasználó törlése',
        description:
          'Rendelésekkel rendelkező fiók anonimizálódik (`anonymized: true`), hogy a rendelések számlázási adatai megmaradjanak; egyébként törlődik.',
      },
    })
    .input(ZIdInput)
    .output(ZUserDeleteOutput)
    .mutation(({ ctx, input }) => deleteUser(ctx.prisma, accountEditor(ctx.session.user), input.id)),
};
