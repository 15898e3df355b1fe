import {
  ZOrderBulkStatusInput,
  ZOrderBulkStatusOutput,
  ZOrderNote,
  ZOrderNoteInput,
  ZOrderStatusChangeInput,
  ZStaffOrder,
} from '../schemas';
import { staffOrderView } from '../services/orders/customer-data';
import { addOrderNote, setOrderStatus, setOrdersStatus } from '../services/orders/order-status-admin';
import { scopedAdminProcedure, seesBuyerContact } from '../trpc';

const tags = ['Rendelések'];

/** Status changes and internal notes of the order administration; spread into orderRouter. */
export const orderStatusProcedures = {
  setStatus: scopedAdminProcedure('orders:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/order/{id}/status',
        tags,
        protect: true,
        summary: 'Rendelés állapotának módosítása (admin)',
        description:
          'A specifikáción túli művelet: a rendelés új állapota (`status`), opcionális megjegyzéssel (a vásárló látja a rendelés történetében és a levélben) és `Átadva a futárnak` állapotnál csomagszámmal (`trackingNumber`). Az állapot e-mailje rendelésenként és állapotonként legfeljebb egyszer megy ki (`notify: false`: egyszer sem). A csomagszám a rendelés csomagszámai (`shipments`) közé kerül. Már átadott rendelésnél az ismételt `shipped` egy meglévő számmal nem változtat semmit, szám nélküli rendelésnek megadja az elsőt, más számmal viszont 409 (újabb számot a `POST /api/order/{id}/shipment`, javítást a `PUT /api/order/{id}/shipment/{shipment}` végez). A törlés visszateszi a készletet. Az átmenettáblában nem szereplő váltásra, illetve a csak fizetéssel vagy visszatérítéssel elérhető állapotokra 409 magyar üzenettel; a rendelés meglévő állapotának ismételt kérése nem változtat semmit.',
      },
    })
    .input(ZOrderStatusChangeInput)
    .output(ZStaffOrder)
    .mutation(async ({ ctx, input }) =>
      staffOrderView(await setOrderStatus(ctx, input), seesBuyerContact(ctx)),
    ),

  setStatusBulk: scopedAdminProcedure('orders:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/order/status',
        tags,
        protect: true,
        summary: 'Több rendelés állapotának módosítása (admin)',
        description:
          'A specifikáción túli művelet: ugyanaz az állapot legfeljebb 200 rendelésnek, mindegyik a saját tranzakciójában. A válasz rendelésenként megmondja, mi változott (`changed`), mi volt már abban az állapotban (`unchanged`), és mit utasított el a rendszer, miért (`refused`, `message`).',
      },
    })
    .input(ZOrderBulkStatusInput)
    .output(ZOrderBulkStatusOutput)
    .mutation(({ ctx, input }) => setOrdersStatus(ctx, input)),

  addNote: scopedAdminProcedure('orders:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/order/{id}/note',
        tags,
        protect: true,
        summary: 'Belső jegyzet a rendeléshez (admin)',
        description:
          'A specifikáción túli művelet: a bolt munkatársainak szóló jegyzet, a vásárló nem látja. A rendelés változásnaplójába is bekerül.',
      },
    })
    .input(ZOrderNoteInput)
    .output(ZOrderNote)
    .mutation(({ ctx, input }) => addOrderNote({ ...ctx, actor: ctx.actor }, input)),
};
