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
      errors: ['rate_limited'],
      openapi: {
        method: 'POST',
        path: '/user/signin',
        tags,
        protect: false,
        summary: 'Bejelentkezés',
        description:
          "Sikeres bejelentkezéskor `{ token, deviceToken }` a válasz; a `token`-t a `token` fejlécben kell küldeni, a `deviceToken`-t a böngésző megőrzi, és a későbbi bejelentkezéseknél visszaküldi (a `deviceToken` mezőben vagy az `X-Device-Token` fejlécben). Hibás adatokra `{ msg: 'Hibás felhasználónév vagy jelszó!' }` (nem 401). A korlát a próbálkozót fogja vissza, nem a fiókot: hálózatonként számol (egy IPv6 /64 egynek számít). Sok sikertelen kísérlet után a válasz lassul, majd 429 jön, amely percben (és `Retry-After` fejlécben másodpercben) megmondja, mikor lehet újra próbálni: fiókonként és hálózatonként 10, hálózatonként az összes fiókra 100 sikertelen kísérlet 15 percenként. Ha egy fiókra egy órán belül 10-nél több sikertelen kísérlet jött ismeretlen hálózatokról, minden ismeretlen hálózat lassabb választ kap, és fiókonként már 3 hibás próbálkozás után 429-et; egy még nem hibázott hálózatról a helyes jelszó ilyenkor is beenged. Ismert eszközről (`X-Device-Token`) vagy a fiók érvényes munkamenetével a helyes jelszó akkor is beenged, ha mások próbálkozásai a hálózatot korlátozzák.",
      },
    })
    .input(ZSigninInput)
    .output(ZSigninOutput)
    .mutation(({ ctx, input }) =>
      signin(ctx.prisma, input, {
        userAgent: ctx.userAgent,
        ip: ctx.ip,
        deviceToken: ctx.deviceToken,
        session: ctx.session,
      }),
    ),

  signup: publicProcedure
    .meta({
      errors: ['conflict', 'rate_limited'],
      openapi: {
        method: 'POST',
        path: '/user/signup',
        tags,
        protect: false,
        summary: 'Regisztráció',
        description:
          'Létrehozza a vásárlói fiókot, bejelentkezteti (`{ token }`) és üdvözlő e-mailt küld. Foglalt e-mail-címre 409. A jelszó legalább 8 karakter, benne betű és számjegy, és nem lehet közismert jelszó; az ÁSZF elfogadása (`acceptTerms: true`) kötelező. IP-címenként 10 percenként 5, a boltban összesen percenként 30 regisztráció fogadható, azon túl 429.',
      },
    })
    .input(ZSignupInput)
    .output(ZTokenOutput)
    .mutation(({ ctx, input }) =>
      signup(ctx.prisma, input, {
        userAgent: ctx.userAgent,
        ip: ctx.ip,
        publicUrl: ctx.publicUrl,
        limits: ctx.requestLimits,
      }),
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
      errors: ['rate_limited'],
      openapi: {
        method: 'POST',
        path: '/user/newpassword',
        tags,
        protect: false,
        summary: 'Új jelszó kérése e-mailben',
        description:
          'Mindig ugyanaz a válasz, ugyanannyi idő alatt, akár van ilyen fiók, akár nincs. Létező fióknak e-mailt küld egy `/newpassword/{token}` linkkel, amely egy óráig, egyszer használható; a link csak a kiküldött levélben létezik, az adatbázisban és az adminban nem látható. Egy címre óránként legfeljebb 3 levél megy; IP-címenként 15 percenként 10 kérés fogadható, azon túl 429.',
      },
    })
    .input(ZNewPasswordInput)
    .output(ZNewPasswordOutput)
    .mutation(({ ctx, input }) =>
      requestPasswordReset(ctx.prisma, input.email, { ip: ctx.ip, limits: ctx.requestLimits }),
    ),

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
