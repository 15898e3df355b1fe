import { z } from 'zod';
import {
  ZNewPasswordInput,
  ZNewPasswordOutput,
  ZOkOutput,
  ZResetPasswordInput,
  ZSigninInput,
  ZSigninOutput,
  ZSignupInput,
  ZTokenOutput,
} from '../schemas';
import { requestPasswordReset, resetPassword, signin, signout, signup } from '../services/user';
import { protectedProcedure, publicProcedure, router } from '../trpc';
import { accountProcedures } from './account';
import { addressProcedures } from './address';
import { userAdminProcedures } from './user-admin';

const tags = ['Felhasználó'];

const sessionProcedures = {
  signin: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/signin',
        tags,
        protect: false,
        summary: 'Bejelentkezés',
        description:
          "Sikeres bejelentkezéskor `{ token }` a válasz; ezt a `token` fejlécben kell küldeni. Hibás adatokra `{ msg: 'Hibás felhasználónév vagy jelszó!' }` (nem 401). Egy e-mail-címre vagy IP-címről érkező sok sikertelen kísérlet után a válasz lassul, majd 429.",
      },
    })
    .input(ZSigninInput)
    .output(ZSigninOutput)
    .mutation(({ ctx, input }) => signin(ctx.prisma, input, { userAgent: ctx.userAgent, ip: ctx.ip })),

  signup: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/signup',
        tags,
        protect: false,
        summary: 'Regisztráció',
        description:
          'Létrehozza a vásárlói fiókot, bejelentkezteti (`{ token }`) és üdvözlő e-mailt küld. Foglalt e-mail-címre 409. A jelszó legalább 8 karakter, benne betű és számjegy; az ÁSZF elfogadása (`acceptTerms: true`) kötelező.',
      },
    })
    .input(ZSignupInput)
    .output(ZTokenOutput)
    .mutation(({ ctx, input }) =>
      signup(ctx.prisma, input, { userAgent: ctx.userAgent, publicUrl: ctx.publicUrl }),
    ),

  signout: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/signout',
        tags,
        protect: true,
        summary: 'Kijelentkezés',
        description:
          'A specifikáción túli művelet: érvényteleníti a kérésben küldött tokent, így az többé nem használható.',
      },
    })
    .input(z.void())
    .output(ZOkOutput)
    .mutation(async ({ ctx }) => {
      await signout(ctx.prisma, ctx.session.id);
      return { ok: true as const };
    }),

  newPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/newpassword',
        tags,
        protect: false,
        summary: 'Új jelszó kérése e-mailben',
        description:
          'Mindig ugyanaz a válasz, akár van ilyen fiók, akár nincs. Létező fióknak e-mailt küld egy `/newpassword/{token}` linkkel, amely egy óráig, egyszer használható.',
      },
    })
    .input(ZNewPasswordInput)
    .output(ZNewPasswordOutput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.prisma, input.email, ctx.publicUrl)),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/resetpassword',
        tags,
        protect: false,
        summary: 'Új jelszó beállítása az e-mailben kapott linkkel',
        description:
          'Beállítja a jelszót, felhasználja a linket, kijelentkezteti a fiók összes munkamenetét, és új tokent ad (`{ token }`). Felhasznált vagy lejárt linkre 400.',
      },
    })
    .input(ZResetPasswordInput)
    .output(ZTokenOutput)
    .mutation(({ ctx, input }) => resetPassword(ctx.prisma, input, { userAgent: ctx.userAgent })),
};

export const userRouter = router({
  ...sessionProcedures,
  ...accountProcedures,
  ...addressProcedures,
  ...userAdminProcedures,
});
