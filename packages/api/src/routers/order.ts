import { z } from 'zod';
import {
  changeFeedDescription,
  ZChangeFeedInput,
  ZMyOrdersOutput,
  ZOrder,
  ZOrderByIdInput,
  ZOrderChanges,
  ZOrderListInput,
  ZOrderListOutput,
  ZOrderPayInput,
  ZOrderPayOutput,
} from '../schemas';
import { readChangeFeed } from '../services/change-feed/read-changes';
import { staffOrderView, staffSummaryView } from '../services/orders/customer-data';
import { listOrders } from '../services/orders/order-list';
import { getOrderFor, myOrders, ordersByIds } from '../services/orders/order-read';
import { payOrder } from '../services/orders/pay-order';
import {
  isAdmin,
  protectedProcedure,
  publicProcedure,
  router,
  scopedAdminProcedure,
  seesBuyerContact,
} from '../trpc';
import { invoiceOrderProcedures } from './invoice';
import { orderAdminProcedures } from './order-admin';
import { orderRefundProcedures } from './order-refund';
import { orderShipmentProcedures } from './order-shipment';
import { orderStatusProcedures } from './order-status';
import { parcelProcedures } from './parcel';

const tags = ['Rendelések'];

export const orderRouter = router({
  ...orderAdminProcedures,
  ...orderStatusProcedures,
  ...orderRefundProcedures,
  ...orderShipmentProcedures,
  ...invoiceOrderProcedures,
  ...parcelProcedures,
  myOrders: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/order/myorders',
        tags,
        protect: true,
        summary: 'Saját rendeléseim',
        description:
          'A bejelentkezett vásárló rendelései, a legújabb elöl, tételekkel és állapottörténettel.',
      },
    })
    .input(z.void())
    .output(ZMyOrdersOutput)
    .query(({ ctx }) => myOrders(ctx.prisma, ctx.session.user.id)),

  list: scopedAdminProcedure('orders:read')
    .meta({
      openapi: {
        method: 'POST',
        path: '/order',
        tags,
        protect: true,
        summary: 'Rendelések listája (admin)',
        description:
          'Keresés rendelésszámra, névre, e-mailre (ékezet nélkül is; minden szónak egyeznie kell, legalább egy 3 karakteres szó kell; `customers:read` jogosultság nélküli munkatársnak csak rendelésszámra és a vásárló nevére, az e-mail-címre és a számlázási névre nem); szűrés több állapotra, a fizetés állapotára, szállítási módra, vásárlóra és dátumra (Budapest szerinti napok, mindkét vég benne van); rendezés dátum, szám, végösszeg, vásárló vagy állapot szerint; lapozás. A találatokat legfeljebb 1000-ig számolja (`totalCapped: true`, ha több van).',
      },
    })
    .input(ZOrderListInput)
    .output(ZOrderListOutput)
    .query(async ({ ctx, input }) => {
      const seesCustomers = seesBuyerContact(ctx);
      const page = await listOrders(ctx.prisma, input, seesCustomers);
      return { ...page, items: page.items.map((item) => staffSummaryView(item, seesCustomers)) };
    }),

  changes: scopedAdminProcedure('orders:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/order/changes',
        tags,
        protect: true,
        summary: 'Rendelések változásfolyama (admin)',
        description: changeFeedDescription(
          'az új és a megváltozott rendelések, mindegyik úgy, ahogy a `GET /api/order/{id}` adja (`customers:read` jogosultság nélküli munkatársnak a vásárló e-mail-címe, telefonszáma és számlázási címe nélkül). Egy rendelés változása az állapota, a fizetése, a számlája, a csomagja, a visszatérítése, az elállása és a címe is.',
        ),
      },
    })
    .input(ZChangeFeedInput)
    .output(ZOrderChanges)
    .query(({ ctx, input }) => {
      const seesCustomers = seesBuyerContact(ctx);
      return readChangeFeed(ctx.prisma, 'order', input, async (db, ids) =>
        (await ordersByIds(db, ids)).map((order) => staffOrderView(order, seesCustomers)),
      );
    }),

  byId: publicProcedure
    .meta({
      sessionAware: true,
      openapi: {
        method: 'GET',
        path: '/order/{id}',
        tags,
        protect: false,
        summary: 'Egy rendelés',
        description:
          'A rendelés tulajdonosa, az admin (és a `orders:read` jogú API-kulcs), vagy a rendelés privát linkjének kulcsával (`key`, a visszaigazoló e-mailből) bárki. Mindenki másnak 404. A válasz a vásárló teljes rendelése: a `customers:read` jogosultság nélküli munkatárs 403-at kap, és a rendelést a vásárló adatai nélkül a `GET /api/order/{id}/admin` adja.',
      },
    })
    .input(ZOrderByIdInput)
    .output(ZOrder)
    .query(({ ctx, input }) =>
      getOrderFor(ctx.prisma, input.id, {
        session: ctx.session,
        key: input.key,
        staff: isAdmin(ctx, 'orders:read'),
        withoutCustomerData: !seesBuyerContact(ctx),
      }),
    ),

  pay: publicProcedure
    .meta({
      sessionAware: true,
      errors: ['conflict', 'unavailable'],
      openapi: {
        method: 'POST',
        path: '/order/{id}/pay',
        tags,
        protect: false,
        summary: 'Fizetés újra vagy más fizetési móddal',
        description:
          'A specifikáción túli művelet: fizetésre váró rendelésnél új kártyás fizetést indít, vagy utánvétre, átutalásra vált (`paymentMethod`). Ugyanaz férhet hozzá, aki a rendelést láthatja.',
      },
    })
    .input(ZOrderPayInput)
    .output(ZOrderPayOutput)
    .mutation(async ({ ctx, input }) =>
      payOrder(
        { ...ctx, barion: await ctx.barion() },
        input.id,
        { session: ctx.session, key: input.key, withoutCustomerData: !seesBuyerContact(ctx) },
        input.paymentMethod,
      ),
    ),
});
