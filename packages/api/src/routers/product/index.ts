import { z } from 'zod';
import type { Context } from '../../context';
import {
  ZFindByKutiIdsInput,
  ZFindByKutiIdsOutput,
  ZIdInput,
  ZProduct,
  ZProductBySlugInput,
  ZProductCardsOutput,
  ZProductFiltersInput,
  ZProductFiltersOutput,
  ZProductListInput,
  ZProductListOutput,
  ZProductPriceInput,
  ZProductPriceOutput,
  ZQuickSearchInput,
  ZQuickSearchOutput,
  ZStockNotifyInput,
  ZStockNotifyOutput,
} from '../../schemas';
import { requestStockNotification } from '../../services/back-in-stock/notify-request';
import { loadShopper } from '../../services/catalogue/pricing';
import {
  featuredProducts,
  filterProducts,
  findByKutiIds,
  listProducts,
  popularProducts,
  quickSearch,
} from '../../services/catalogue/product-list';
import { getProductById, getProductBySlug, getProductPrice } from '../../services/catalogue/product-page';
import { RELATED_LIMIT, relatedProducts } from '../../services/catalogue/related-products';
import { isAdmin, publicProcedure, router } from '../../trpc';
import { productAdminProcedures } from './admin';

const tags = ['Termékek'];

/** Who asks: the prices and the products they may see follow from it. */
async function viewerOf(ctx: Context) {
  return { shopper: await loadShopper(ctx.prisma, ctx.session), isAdmin: isAdmin(ctx, 'catalogue:read') };
}

const PRICE_NOTE =
  'Az árak bruttó egész forintok a hívónak: vevői egyedi ár › csoportár › listaár a csoport kedvezményével (fél forinttól felfelé kerekítve), és ha a mennyiségi ár ennél kedvezőbb, az. A csoportja elől elrejtett terméket a vásárló nem látja.';

export const productRouter = router({
  filters: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/product/filters',
        tags,
        protect: false,
        summary: 'Szűrés tulajdonságok, ár és készlet szerint, facet-számokkal',
        description: `Egy kategória (azonosító vagy URL-útvonal) és alkategóriáinak termékei, vagy egy keresés (query) találatai. properties: { tulajdonságId: [értékId, …] } – egy tulajdonságon belül bármelyik érték, a tulajdonságok együtt. A facet-számok megmutatják, hány termék lenne az adott érték választásával; az ártartomány a többi szűrőnek megfelelő termékeké. minRating: csak a legalább ennyi csillagos termékek (a jóváhagyott értékelések átlaga szerint). Rendezés: relevance, price-asc, price-desc, newest, popularity, name, rating (legjobbra értékelt: átlag, majd az értékelések száma szerint csökkenő, értékelés nélküliek a végén). A válasz a kérés hash-e szerint gyorsítótárazva, katalógusváltozáskor frissül. ${PRICE_NOTE}`,
      },
      publicCache: true,
    })
    .input(ZProductFiltersInput)
    .output(ZProductFiltersOutput)
    .query(async ({ ctx, input }) => filterProducts(ctx, await viewerOf(ctx), input)),

  quickSearch: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/product/quicksearch',
        tags,
        protect: false,
        summary: 'Gyorskeresés gépelés közben',
        description:
          'A legjobb termékek és kategóriák. Pontos termékkód-egyezés elöl; ékezet nélkül is talál ("bogre" → "bögre"), szókezdetre, egy elütéssel és magyar szóalakokkal (PostgreSQL hungarian szövegkeresés) is.',
      },
    })
    .input(ZQuickSearchInput)
    .output(ZQuickSearchOutput)
    .query(async ({ ctx, input }) => quickSearch(ctx, await viewerOf(ctx), input.query)),

  findMultipleByKutiId: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/product/find-multiple-products-by-kuti-id',
        tags,
        protect: false,
        summary: 'Termékek termékkód szerint (gyorsrendelés)',
        description:
          'A kért sorrendben adja a termékeket (kis- és nagybetű nem számít); a semmire nem illő kódok a notFound listában.',
      },
    })
    .input(ZFindByKutiIdsInput)
    .output(ZFindByKutiIdsOutput)
    .query(async ({ ctx, input }) => findByKutiIds(ctx, await viewerOf(ctx), input.ids)),

  list: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/product',
        tags,
        protect: false,
        summary: 'Terméklista lapozva',
        description: `Az összes termék (kategória, kiemelt és szöveges szűréssel). Az admin a letiltott termékeket is látja, és állapot (state) szerint szűrhet. Gyorsítótárazva, katalógusváltozáskor frissül. ${PRICE_NOTE}`,
      },
      publicCache: true,
    })
    .input(ZProductListInput)
    .output(ZProductListOutput)
    .query(async ({ ctx, input }) => listProducts(ctx, await viewerOf(ctx), input)),

  bySlug: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/product/getBySlug',
        tags,
        protect: false,
        summary: 'Termék a szép URL alapján',
        description:
          'A slug a szép URL ("kek-bogre-123" vagy "product/kek-bogre-123"): a végén álló azonosító dönt. Letiltott vagy a vásárló csoportja elől rejtett termék: 404 (az admin látja).',
      },
    })
    .input(ZProductBySlugInput)
    .output(ZProduct)
    .query(async ({ ctx, input }) => getProductBySlug(ctx, await viewerOf(ctx), input.slug)),

  getPrice: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/product/getPrice',
        tags,
        protect: false,
        summary: 'Ár adott mennyiségre',
        description: `{unitPrice, total} a megadott mennyiségre; a \`variant\` megadásával a változatéra, a változat saját mennyiségi és csoportáraival (ismeretlen vagy letiltott változat: 404, változatok nélküli terméknél 400). ${PRICE_NOTE}`,
      },
    })
    .input(ZProductPriceInput)
    .output(ZProductPriceOutput)
    .query(async ({ ctx, input }) =>
      getProductPrice(ctx, await viewerOf(ctx), input.id, input.quantity, input.variant),
    ),

  featured: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/product/featured',
        tags,
        protect: false,
        summary: 'Kiemelt termékek',
        description: 'A kiemelt termékek, a raktáron lévők elöl. Gyorsítótárazva.',
      },
      publicCache: true,
    })
    .input(z.void())
    .output(ZProductCardsOutput)
    .query(async ({ ctx }) => featuredProducts(ctx, (await viewerOf(ctx)).shopper)),

  popular: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/product/popular',
        tags,
        protect: false,
        summary: 'Népszerű termékek',
        description:
          'Az eladott darabszám szerint; amíg nincs eladás, a legújabb raktáron lévő termékek. Gyorsítótárazva.',
      },
      publicCache: true,
    })
    .input(z.void())
    .output(ZProductCardsOutput)
    .query(async ({ ctx }) => popularProducts(ctx, (await viewerOf(ctx)).shopper)),

  ...productAdminProcedures,

  // Parameter routes last, so /product/featured and the like are never read as an id.
  byId: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/product/{id}',
        tags,
        protect: false,
        summary: 'Termék azonosító alapján',
        description:
          'A teljes termék: leírások, képek, tulajdonságok, mennyiségi ársávok, készlet, kategóriaútvonal. Letiltott termék: 404 (az admin látja, az admin-adatokkal együtt).',
      },
    })
    .input(ZIdInput)
    .output(ZProduct)
    .query(async ({ ctx, input }) => getProductById(ctx, await viewerOf(ctx), input.id)),

  related: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/product/{id}/related',
        tags,
        protect: false,
        summary: 'Kapcsolódó termékek',
        description: `A specifikáción túli művelet: legfeljebb ${RELATED_LIMIT} másik termék a termék kategóriáiból (a fő kategória elöl), amelyet a hívó megvehet: a raktáron lévők elöl, azon belül a legtöbbet eladottak. Gyorsítótárazva. ${PRICE_NOTE}`,
      },
      publicCache: true,
    })
    .input(ZIdInput)
    .output(ZProductCardsOutput)
    .query(async ({ ctx, input }) => relatedProducts(ctx, await viewerOf(ctx), input.id)),

  notifyWhenInStock: publicProcedure
    .meta({
      sessionAware: true,
      errors: ['conflict', 'rate_limited'],
      openapi: {
        method: 'POST',
        path: '/product/{id}/notify',
        tags,
        protect: false,
        summary: 'Értesítés, ha a termék újra raktáron van',
        description:
          'A specifikáción túli művelet ("Értesítést kérek"): elfogyott termékre egy e-mail-cím (bejelentkezett vásárlónál elhagyható, akkor a fiókjáé) egyetlen levelet kap, amikor a termék újra raktáron van és engedélyezett. Ugyanarra a termékre és címre ismételt kérés nem hoz létre újat (ugyanaz a válasz). Raktáron lévő termékre 409. IP-címenként és e-mail-címenként korlátozott (429).',
      },
    })
    .input(ZStockNotifyInput)
    .output(ZStockNotifyOutput)
    .mutation(async ({ ctx, input }) => requestStockNotification(ctx, (await viewerOf(ctx)).shopper, input)),
});
