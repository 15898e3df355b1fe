import { ZWorkQueueOutput } from '../schemas/work-queue';
import { workQueue } from '../services/work-queue';
import { router, staffProcedure } from '../trpc';

export const workQueueRouter = router({
  // Everyone of the staff opens the dashboard and reads their own queue there; what it holds follows the role.
  mine: staffProcedure('staff')
    .meta({
      openapi: {
        method: 'GET',
        path: '/dashboard/queue',
        tags: ['Vezérlőpult'],
        protect: true,
        summary: 'Vezérlőpult: a bejelentkezett munkatárs teendői',
        description: [
          'A specifikáción túli művelet az /admin/dashboard oldalhoz: mi vár a hívóra, a szerepköre szerint csoportosítva. A tulajdonos minden csoportot megkap, a munkatárs csak azokat, amelyek jogosultságát a szerepköre megnevezi (egy `…:write` a `…:read`-et is). Bármely munkatárs hívhatja, az is, akinek rendelésekhez nincs jogosultsága (pl. a Tartalomszerkesztő).',
          '`packing` (shipping:write): csomagolásra vár (Új és Feldolgozás alatt), csomagolva címkére és feladásra vár (Csomagolva). `stock` (stock:write): engedélyezett, elfogyott termékek (a katalógus-ellenőrzés „no-stock-but-enabled” listája). `inquiries` (inquiries:read): új üzenetek és árajánlatkérések. `returns` (refunds:write): lezáratlan elállások és folyamatban lévő visszatérítések. `invoicing` (invoices:read): az elmúlt 90 nap kifizetett rendelései számla nélkül (a törölt és a teljesen visszatérítettek kivételével), sikertelen számlák és sztornók. `content` (content:write): blogbejegyzés-piszkozatok.',
          'Minden tétel: darabszám, a legrégebbi időpontja, és ahol az admin rendeléslistája nem tud rá szűrni, a legrégebbi három rendelés.',
        ].join('\n\n'),
      },
    })
    .output(ZWorkQueueOutput)
    .query(({ ctx }) => workQueue(ctx, ctx.session.user.permissions)),
});
