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
import {
  correctOrderAddress,
  getAdminOrder,
  ordersForPrint,
  resendOrderEmail,
} from '../services/orders/order-admin';
import { downloadOrdersCsv } from '../services/orders/order-list';
import { scopedAdminProcedure, staffProcedure } from '../trpc';

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
          'A rendelések listájának szűrőivel (`search`, `status` akár többször, `paymentState`, `shippingMethod`, `customer`, `from`, `to` lekérdezési paraméterként) minden találat, a legújabb elöl. Magyar Excelben közvetlenül megnyitható CSV: UTF-8 BOM-mal, `;` elválasztóval, magyar fejléccel, budapesti idővel, a forintösszegek egész számként. REST-en fájlként érkezik (`text/csv`, `Content-Disposition: attachment`), tRPC-n `{ filename, contentType, content }`.',
      },
    })
    .input(ZOrderDownloadInput)
    .output(ZFileOutput)
    .query(({ ctx, input }) => downloadOrdersCsv(ctx.prisma, input)),

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
    .query(({ ctx, input }) => ordersForPrint(ctx.prisma, input.ids)),

  adminById: scopedAdminProcedure('orders:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/order/{id}/admin',
        tags,
        protect: true,
        summary: 'Egy rendelés minden adata (admin)',
        description:
          'A specifikáción túli művelet: a rendelés tételei, végösszegei áfakulcsonként, címei, szállítása és fizetése; a fizetések idővonala (a Barion tranzakciói és visszahívásai érkezési sorrendben), az állapottörténet azzal, aki módosította, a belső jegyzetek, a módosítási napló, a visszatérítések és elállások, és az újraküldhető e-mailek.',
      },
    })
    .input(ZIdInput)
    .output(ZAdminOrderDetail)
    .query(({ ctx, input }) => getAdminOrder(ctx.prisma, input.id)),

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
      return getAdminOrder(ctx.prisma, input.id);
    }),
};
