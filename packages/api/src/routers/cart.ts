import { z } from 'zod';
import {
  ZBarionStatusInput,
  ZBarionStatusOutput,
  ZCart,
  ZCartAddInput,
  ZCartCouponInput,
  ZCartPriceInput,
  ZPlaceOrderInput,
  ZPlaceOrderOutput,
} from '../schemas';
import { priceCart } from '../services/cart/price-cart';
import { addToServerCart, clearServerCart, getServerCart } from '../services/cart/server-cart';
import { loadShopper } from '../services/catalogue/pricing';
import { placeOrder } from '../services/orders/place-order';
import { barionStatus } from '../services/payments/barion-sync';
import { protectedProcedure, publicProcedure, router } from '../trpc';

const tags = ['Kosár és rendelés'];

export const cartRouter = router({
  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/cart',
        tags,
        protect: true,
        summary: 'A bejelentkezett vásárló kosara',
        description: 'A specifikáción túli művelet, ugyanaz, mint az üres törzsű POST /cart/add.',
      },
    })
    .input(z.void())
    .output(ZCart)
    .query(async ({ ctx }) =>
      getServerCart(ctx, ctx.session.user.id, await loadShopper(ctx.prisma, ctx.session)),
    ),

  add: protectedProcedure
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/cart/add',
        tags,
        protect: true,
        summary: 'Termék a kosárba (üres törzzsel: a kosár)',
        description:
          '{product, quantity}: a mennyiség hozzáadódik a tételhez; 0 törli a tételt; `replace: true` pontosan erre állítja. Változatokban árusított terméknél a `variant` (a változat azonosítója) is kötelező, és minden változat külön tétel: nélküle 400, más termék, letiltott vagy ismeretlen változatára 404; egyféle terméknél `variant` megadására 400. Üres törzs a kosarat adja vissza. A válasz mindig a teljes kosár, a getPrice-szal azonos árazással (mennyiségi, csoport- és egyedi árak).',
      },
    })
    .input(ZCartAddInput)
    .output(ZCart)
    .mutation(async ({ ctx, input }) =>
      addToServerCart(ctx, ctx.session.user.id, await loadShopper(ctx.prisma, ctx.session), input),
    ),

  clear: protectedProcedure
    .meta({
      openapi: { method: 'POST', path: '/cart/clear', tags, protect: true, summary: 'A kosár ürítése' },
    })
    .input(z.strictObject({}).default({}))
    .output(ZCart)
    .mutation(async ({ ctx }) =>
      clearServerCart(ctx, ctx.session.user.id, await loadShopper(ctx.prisma, ctx.session)),
    ),

  price: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/cart/price',
        tags,
        protect: false,
        summary: 'Vendégkosár árazása',
        description:
          'A specifikáción túli művelet: a böngészőben tárolt vendégkosarat ({cart: [{product, variant?, quantity}], couponCode?}) úgy árazza, ahogy a rendelés is fogja; bejelentkezve a vásárló árait adja. Az azonos termék és változat tételei összeadódnak; változatokban árusított termék változat nélküli tétele `unavailable` állapotú, és az üzenete kéri a változat kiválasztását. Az automatikus akciók kedvezménye mindig benne van; a `couponCode` kódja is, ha érvényes (`coupon` mondja meg, ha nem, és miért).',
      },
    })
    .input(ZCartPriceInput)
    .output(ZCart)
    .query(async ({ ctx, input }) =>
      priceCart(ctx, await loadShopper(ctx.prisma, ctx.session), input.cart, input.couponCode ?? null),
    ),

  coupon: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'POST',
        path: '/cart/coupon',
        tags,
        protect: false,
        summary: 'Kuponkód ellenőrzése a kosárra',
        description:
          'A specifikáción túli művelet: rendelés nélkül megmondja, érvényes-e a kód erre a kosárra, és mennyi a kedvezménye. Bejelentkezve a szerveren tárolt kosár számít, vendégnél a törzs `cart` mezője. A válasz a kód kedvezményével árazott kosár; ha a kód nem érvényes, `coupon.applied` hamis, `coupon.message` mondja meg, miért (pl. "A kuponkód lejárt."), a kosár pedig a kód nélküli árakat mutatja. A kód elfogyását a rendelés dönti el: ami itt érvényes, az a rendelésnél már elfogyhatott.',
      },
    })
    .input(ZCartCouponInput)
    .output(ZCart)
    .query(async ({ ctx, input }) => {
      const shopper = await loadShopper(ctx.prisma, ctx.session);
      if (ctx.session) return getServerCart(ctx, ctx.session.user.id, shopper, input.couponCode);
      return priceCart(ctx, shopper, input.cart ?? [], input.couponCode);
    }),

  order: publicProcedure
    .meta({
      sessionAware: true,
      errors: ['conflict', 'rate_limited', 'unavailable'],
      openapi: {
        method: 'POST',
        path: '/cart/order',
        tags,
        protect: false,
        summary: 'Rendelés leadása',
        description:
          'Vendég a kosarat a törzsben küldi (`cart`), bejelentkezett vásárlónál a szerveren tárolt kosár számít. Az árakat a szerver számolja. Az `Idempotency-Key` fejléc ismételt kérésre ugyanazt a rendelést adja vissza, de csak ugyanannak a vásárlónak (vendégnél ugyanarra a kérésre); más kérésre 409. Vendégrendelésből hálózatonként (IPv6-nál /64-enként) óránként 10, egy e-mail-címre naponta 10 adható le, azon túl 429 és `Retry-After` fejléc. Változatokban árusított terméknél a kosártétel a `variant` mezőben nevezi meg a változatot (nélküle 400); a rendelés tétele a változat nevét ("Póló, kék, M") és kódját viseli, és csak annak a változatnak a készletéből fogy. Készlethiányra 409 a termék (változat) nevével és a maradék mennyiséggel. Bankkártyás fizetésnél a válasz `payment.gatewayUrl` címére kell irányítani a vásárlót.',
      },
    })
    .input(ZPlaceOrderInput)
    .output(ZPlaceOrderOutput)
    .mutation(async ({ ctx, input }) => placeOrder({ ...ctx, barion: await ctx.barion() }, input)),

  barionStatus: publicProcedure
    .meta({
      errors: ['unavailable'],
      openapi: {
        method: 'POST',
        path: '/cart/barionstatus',
        tags,
        protect: false,
        summary: 'Kártyás fizetés állapota',
        description:
          'A fizetés eredményoldala hívja a Barion által visszaadott paymentId-val. A szerver a Barionnál ellenőrzi az állapotot (legfeljebb 5 másodpercenként), és a rendelést csak előre lépteti.',
      },
    })
    .input(ZBarionStatusInput)
    .output(ZBarionStatusOutput)
    .mutation(async ({ ctx, input }) =>
      barionStatus({ ...ctx, barion: await ctx.barion() }, input.paymentId.toLowerCase()),
    ),
});
