import {
  ZAdminOrderDetail,
  ZFileOutput,
  ZIdInput,
  ZOrderAddressInput,
  ZOrderDownloadInput,
  ZOrderPrintInput,
  ZOrderPrintOutput,
  ZOrderResendEmailInput,
  ZOrderResendEmailOutput,
} from '../schemas';
import { staffOrderDetailView, staffOrderView } from '../services/orders/customer-data';
import {
  correctOrderAddress,
  getAdminOrder,
  ordersForPrint,
  resendOrderEmail,
} from '../services/orders/order-admin';
import { downloadOrdersCsv } from '../services/orders/order-list';
import { scopedAdminProcedure, seesBuyerContact, staffProcedure } from '../trpc';

const tags = ['Rendelések'];

/** The admin's order page and the list's export and printing: merged into the order router. */
export const orderAdminProcedures = {
  download: scopedAdminProcedure('orders:read')
    .meta({
      download: true,
      openapi: {
        method: 'GET',
        path: '/order/download',
        tags,
        protect: true,
        summary: 'Rendelések letöltése CSV-ben (admin)',
        description:
          'A rendelések listájának szűrőivel (`search`, `status` akár többször, `paymentState`, `shippingMethod`, `customer`, `from`, `to` lekérdezési paraméterként) minden találat, a legújabb elöl. Magyar Excelben közvetlenül megnyitható CSV: UTF-8 BOM-mal, `;` elválasztóval, magyar fejléccel, budapesti idővel, a forintösszegek egész számként. `customers:read` jogosultság nélküli munkatársnak az e-mail-cím, a telefonszám és a számlázási adatok oszlopai nélkül. REST-en fájlként érkezik (`text/csv`, `Content-Disposition: attachment`), tRPC-n `{ filename, contentType, content }`.',
      },
    })
    .input(ZOrderDownloadInput)
    .output(ZFileOutput)
    .query(({ ctx, input }) => downloadOrdersCsv(ctx.prisma, input, seesBuyerContact(ctx))),

  print: scopedAdminProcedure('orders:read')
    .meta({
      openapi: {
        method: 'POST',
        path: '/order/print',
        tags,
        protect: true,
        summary: 'Rendelések szállítólevélhez és összekészítési listához (admin)',
        description:
          'A specifikáción túli művelet: a megadott rendelések (`ids`, legfeljebb 200) tételekkel és címekkel, a kért sorrendben, nyomtatáshoz.',
      },
    })
    .input(ZOrderPrintInput)
    .output(ZOrderPrintOutput)
    .query(async ({ ctx, input }) => {
      const { orders } = await ordersForPrint(ctx.prisma, input.ids);
      const seesCustomers = seesBuyerContact(ctx);
      return { orders: orders.map((order) => staffOrderView(order, seesCustomers)) };
    }),

  adminById: scopedAdminProcedure('orders:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/order/{id}/admin',
        tags,
        protect: true,
        summary: 'Egy rendelés minden adata (admin)',
        description:
          'A specifikáción túli művelet: a rendelés tételei, végösszegei áfakulcsonként, címei, szállítása és fizetése; a fizetések idővonala (a Barion tranzakciói és visszahívásai érkezési sorrendben), az állapottörténet azzal, aki módosította, a belső jegyzetek, a módosítási napló, a visszatérítések és elállások, és az újraküldhető e-mailek. `customers:read` jogosultság nélküli munkatársnak (pl. a Raktár szerepkörnek) a vásárló e-mail-címe, telefonszáma, számlázási címe, a visszatérítések bankszámlaszáma és az elállások e-mail-címe nem érkezik (a napló sem ismétli őket); a név, a szállítási cím és a csomagpont igen.',
      },
    })
    .input(ZIdInput)
    .output(ZAdminOrderDetail)
    .query(async ({ ctx, input }) =>
      staffOrderDetailView(await getAdminOrder(ctx.prisma, input.id), seesBuyerContact(ctx)),
    ),

  resendEmail: staffProcedure('orders:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/order/{id}/email',
        tags,
        protect: true,
        summary: 'Rendelési e-mail újraküldése (admin)',
        description:
          'A specifikáción túli művelet: a rendelés egy már kiküldött e-mailjét (`template`: a visszaigazolás vagy egy állapot e-mailje) változatlanul újra elküldi ugyanarra a címre, és a módosítási naplóba írja. Ami még nem ment ki, arra 409; ugyanannak az e-mailnek 30 másodpercen belüli ismételt kérésére (dupla kattintás) is 409.',
      },
    })
    .input(ZOrderResendEmailInput)
    .output(ZOrderResendEmailOutput)
    .mutation(({ ctx, input }) => resendOrderEmail(ctx.prisma, input, ctx.session.user.id)),

  correctAddress: staffProcedure('orders:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/order/{id}/address',
        tags,
        protect: true,
        summary: 'Cím javítása egy rendelésen (admin)',
        description:
          'A specifikáción túli művelet: a szállítási (`shippingAddress`) és/vagy a számlázási cím (`billingAddress`) javítása; a módosítási napló a régi és az új címet is megőrzi. A szállítási cím a futárnak átadás után már nem módosítható (409), személyes átvételnél nincs.',
      },
    })
    .input(ZOrderAddressInput)
    .output(ZAdminOrderDetail)
    .mutation(async ({ ctx, input }) => {
      await correctOrderAddress(ctx.prisma, input, ctx.session.user.id);
      return staffOrderDetailView(await getAdminOrder(ctx.prisma, input.id), seesBuyerContact(ctx));
    }),
};
