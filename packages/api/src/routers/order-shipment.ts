import {
  ZOrderShipmentAddInput,
  ZOrderShipmentDeleteInput,
  ZOrderShipmentUpdateInput,
  ZStaffOrder,
} from '../schemas';
import { staffOrderView } from '../services/orders/customer-data';
import {
  addOrderShipment,
  correctOrderShipment,
  removeOrderShipment,
} from '../services/orders/order-shipments';
import { scopedAdminProcedure, seesBuyerContact } from '../trpc';

const tags = ['Rendelések'];

const NOTIFY =
  'Ha a vásárló az „Átadva a futárnak” levelet már megkapta, új levelet kap a rendelés összes csomagszámával és követési linkjével (`notify: false`: nem kap); ugyanannak a változásnak az ismétlése nem küld újabbat.';

/** The order's tracking numbers (several parcels per order); spread into orderRouter. */
export const orderShipmentProcedures = {
  addShipment: scopedAdminProcedure('shipping:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/order/{id}/shipment',
        tags,
        protect: true,
        summary: 'Csomagszám felvétele egy rendeléshez (admin)',
        description: `A specifikáción túli művelet: egy rendelés több csomagban is utazhat, mindegyiknek saját csomagszáma van (\`trackingNumber\`, opcionálisan a szállító neve: \`carrier\`, és a csomagkövető oldal: \`trackingUrl\`). A válasz a rendelés a \`shipments\` listával; a \`trackingNumber\` mező továbbra is az első csomagszám. ${NOTIFY} Ugyanaz a szám (kis- és nagybetűtől függetlenül) egy rendelésen csak egyszer szerepelhet: ismételt felvételére 409. Fizetésre váró, törölt vagy visszatérített rendelésnél 409. Az „Átadva a futárnak” állapotváltás csomagszáma is ide kerül. Minden változásról \`order.shipment_changed\` webhook megy.`,
      },
    })
    .input(ZOrderShipmentAddInput)
    .output(ZStaffOrder)
    .mutation(async ({ ctx, input }) =>
      staffOrderView(await addOrderShipment(ctx, input), seesBuyerContact(ctx)),
    ),

  correctShipment: scopedAdminProcedure('shipping:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/order/{id}/shipment/{shipment}',
        tags,
        protect: true,
        summary: 'Csomagszám javítása (admin)',
        description: `A specifikáción túli művelet: egy elírt csomagszám (\`trackingNumber\`, kötelező), szállító (\`carrier\`) vagy követési link (\`trackingUrl\`) javítása; a kihagyott \`carrier\` és \`trackingUrl\` megmarad, a \`null\` törli. A \`shipment\` a rendelés \`shipments[].id\` értéke. A változatlan adatok ismételt küldése nem változtat semmit. ${NOTIFY} A rendelés másik csomagszámára javítva 409.`,
      },
    })
    .input(ZOrderShipmentUpdateInput)
    .output(ZStaffOrder)
    .mutation(async ({ ctx, input }) =>
      staffOrderView(await correctOrderShipment(ctx, input), seesBuyerContact(ctx)),
    ),

  removeShipment: scopedAdminProcedure('shipping:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'DELETE',
        path: '/order/{id}/shipment/{shipment}',
        tags,
        protect: true,
        summary: 'Csomagszám törlése (admin)',
        description:
          'A specifikáción túli művelet: tévesen felvett csomagszám törlése. A vásárló erről nem kap levelet; ha az első számot törlöd, a `trackingNumber` mező a következő számot mutatja (vagy null).',
      },
    })
    .input(ZOrderShipmentDeleteInput)
    .output(ZStaffOrder)
    .mutation(async ({ ctx, input }) =>
      staffOrderView(await removeOrderShipment(ctx, input), seesBuyerContact(ctx)),
    ),
};
