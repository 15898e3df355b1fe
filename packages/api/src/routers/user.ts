import { z } from 'zod';
import { ZOkOutput, ZSigninInput, ZSigninOutput, ZUserDetails } from '../schemas';
import { getUserDetails, signin, signout } from '../services/user';
import { protectedProcedure, publicProcedure, router } from '../trpc';

const tags = ['Felhasználó'];

export const userRouter = router({
  signin: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/signin',
        tags,
        protect: false,
        summary: 'Bejelentkezés',
        description:
          "Sikeres bejelentkezéskor `{ token }` a válasz; ezt a `token` fejlécben kell küldeni. Hibás adatokra `{ msg: 'Hibás felhasználónév vagy jelszó!' }` (nem 401).",
      },
    })
    .input(ZSigninInput)
    .output(ZSigninOutput)
    .mutation(({ ctx, input }) => signin(ctx.prisma, input, { userAgent: ctx.userAgent })),

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
});
