import { ZPickupPointSearchInput, ZPickupPointSearchOutput } from '../schemas';
import { searchPickupPoints } from '../services/pickup-points';
import { publicProcedure, router } from '../trpc';

const tags = ['Csomagpontok'];

export const pickupPointRouter = router({
  search: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/pickup-point/search',
        tags,
        protect: false,
        summary: 'Csomagautomaták és átvevőpontok keresése',
        description:
          'A specifikáción túli művelet: a szállítók (Foxpost, Packeta, GLS, MPL) működő pontjai a bolt saját, a szállítók nyilvános listáiból frissített táblájából. query: 1–4 számjegy az irányítószám eleje, egyébként minden szónak szerepelnie kell a pont nevében, városában vagy utcájában (ékezettől és kis-nagybetűtől függetlenül: "ujpest" → Újpest). near: {lat, lng} esetén a legközelebbiek jönnek előbb, a távolsággal (méter). limit: alapból 20, legfeljebb 50. A rendelés a pont `carrier` és `id` mezőjével nevezi meg a választást.',
      },
      examples: {
        input: { carrier: 'foxpost', query: '1117', limit: 1 },
        output: {
          items: [
            {
              carrier: 'foxpost',
              id: 'hu1356',
              kind: 'FOXPOST A-BOX',
              name: 'FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca',
              address: { postcode: '1117', city: 'Budapest', street: 'Október huszonharmadika utca 8.' },
              hours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '00:00', close: '24:00' })),
              findMe: 'Az egyetemi kollégium melletti üzletsor végén.',
              lat: 47.4705,
              lng: 19.0496,
            },
          ],
        },
      },
    })
    .input(ZPickupPointSearchInput)
    .output(ZPickupPointSearchOutput)
    .query(({ ctx, input }) => searchPickupPoints(ctx, input)),
});
