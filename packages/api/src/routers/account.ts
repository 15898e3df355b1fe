import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import {
  ZAccountExport,
  ZChangeEmailInput,
  ZChangePasswordInput,
  ZDeleteAccountInput,
  ZOkOutput,
  ZUserDetails,
  ZUserDetailsUpdateInput,
} from '../schemas';
import { deleteOwnAccount, exportAccount } from '../services/account';
import { changeEmail, changePassword, getUserDetails, updateUserDetails } from '../services/user';
import { protectedProcedure } from '../trpc';

const tags = ['Felhasználó'];

/** The signed-in customer's own account: merged into the user router. */
export const accountProcedures = {
  details: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/details',
        tags,
        protect: true,
        summary: 'A bejelentkezett felhasználó adatai',
      },
    })
    .input(z.void())
    .output(ZUserDetails)
    .query(({ ctx }) => getUserDetails(ctx.prisma, ctx.session.user.id)),

  updateDetails: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/user/details',
        tags,
        protect: true,
        summary: 'Saját adatok módosítása',
        description:
          'A szerkeszthető mezők bármely része: név, telefonszám (+36), cégnév, adószám (12345678-1-12, ellenőrző számjeggyel), hírlevél (bekapcsoláskor megerősítő levél megy, a feliratkozás a linkre kattintva érvényes). Az e-mail-cím itt nem módosítható. Üres szöveg vagy null törli a nem kötelező mezőt.',
      },
    })
    .input(ZUserDetailsUpdateInput)
    .output(ZUserDetails)
    .mutation(async ({ ctx, input }) =>
      updateUserDetails(
        ctx.prisma,
        ctx.session.user.id,
        await withoutReadOnly(ZUserDetailsUpdateInput, input, () =>
          getUserDetails(ctx.prisma, ctx.session.user.id),
        ),
        { publicUrl: ctx.publicUrl },
      ),
    ),

  changePassword: protectedProcedure
    .meta({
      errors: ['rate_limited'],
      openapi: {
        method: 'POST',
        path: '/user/changepassword',
        tags,
        protect: true,
        summary: 'Jelszó módosítása',
        description: 'A jelenlegi jelszó kell hozzá. A fiók többi munkamenete véget ér, ez megmarad.',
      },
    })
    .input(ZChangePasswordInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.prisma, { userId: ctx.session.user.id, sessionId: ctx.session.id }, input);
      return { ok: true as const };
    }),

  changeEmail: protectedProcedure
    .meta({
      errors: ['conflict', 'rate_limited'],
      openapi: {
        method: 'POST',
        path: '/user/changeemail',
        tags,
        protect: true,
        summary: 'E-mail-cím módosítása',
        description:
          'A jelenlegi jelszó kell hozzá; foglalt címre 409. Sikeres módosítás után a fiók többi munkamenete véget ér (a kérést küldő megmarad), a korábbi címre értesítő levél megy (link nélkül), a nyitott jelszó-visszaállító linkek érvényüket vesztik.',
      },
    })
    .input(ZChangeEmailInput)
    .output(ZUserDetails)
    .mutation(({ ctx, input }) =>
      changeEmail(ctx.prisma, { userId: ctx.session.user.id, sessionId: ctx.session.id }, input, {
        publicUrl: ctx.publicUrl,
      }),
    ),

  export: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/export',
        tags,
        protect: true,
        summary: 'Saját adatok letöltése (JSON)',
        description:
          'A specifikáción túli művelet (GDPR adathordozhatóság): a bejelentkezett vásárló minden adata egy JSON dokumentumban: adatai, címei, rendelései és kedvencei.',
      },
    })
    .input(z.void())
    .output(ZAccountExport)
    .query(({ ctx }) => exportAccount(ctx.prisma, ctx.session.user.id)),

  deleteAccount: protectedProcedure
    .meta({
      errors: ['conflict', 'rate_limited'],
      openapi: {
        method: 'POST',
        path: '/user/delete-account',
        tags,
        protect: true,
        summary: 'Saját fiók törlése',
        description:
          'A specifikáción túli művelet (GDPR törlés): a jelenlegi jelszóval megerősítve törli a fiókot. Ha rendelései vannak, a személyes adatok anonimizálódnak, a rendelések a számlázáshoz szükséges adatokkal megmaradnak. Minden munkamenet véget ér.',
      },
    })
    .input(ZDeleteAccountInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteOwnAccount(ctx.prisma, ctx.session.user.id, input.password);
      return { ok: true as const };
    }),
};
