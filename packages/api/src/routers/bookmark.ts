import { ZBookmarkInput, ZBookmarkOutput } from '../schemas';
import { bookmarks } from '../services/bookmark';
import { loadShopper } from '../services/catalogue/pricing';
import { protectedProcedure, router } from '../trpc';

export const bookmarkRouter = router({
  listOrAdd: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/bookmarks',
        tags: ['Kedvencek'],
        protect: true,
        summary: 'Kedvencek listázása, hozzáadás és eltávolítás',
        description:
          'Üres törzs (vagy {}) a bejelentkezett vásárló kedvenceit listázza. {"product": id} váltogat: ha a termék még nincs a kedvencek között, hozzáadja, ha már ott van, eltávolítja (a `bookmarked` mező mondja meg, melyik történt). A válasz mindig a frissített lista. Bejelentkezés nélkül 401; a bolt ekkor ezt mutatja: „A funkcióh használatához kérjük jelentkezzen be!”.',
      },
    })
    .input(ZBookmarkInput)
    .output(ZBookmarkOutput)
    .mutation(async ({ ctx, input }) =>
      bookmarks(
        ctx,
        ctx.session.user.id,
        await loadShopper(ctx.prisma, ctx.session),
        input.product === undefined ? undefined : { product: input.product, variant: input.variant ?? null },
      ),
    ),
});
