import { z } from 'zod';
import type { Context } from '../context';
import { withoutReadOnly } from '../input-guard';
import {
  ZCarrierSettings,
  ZCarrierTestOutput,
  ZFoxpostSettingsTestInput,
  ZFoxpostSettingsUpdateInput,
  ZIdInput,
  ZOrderParcel,
  ZOrderParcelCreateInput,
  ZOrderParcelLabelsInput,
  ZPdfFileOutput,
} from '../schemas';
import {
  type CarrierDeps,
  getCarrierSettings,
  testFoxpostConnection,
  updateFoxpostSettings,
} from '../services/parcels/carrier-settings';
import { createOrderParcel } from '../services/parcels/create-parcel';
import { orderParcelLabel, orderParcelLabels } from '../services/parcels/parcel-labels';
import { router, scopedAdminProcedure, staffProcedure } from '../trpc';

const orderTags = ['Rendelések'];
const carrierTags = ['Pénztár'];
const BEYOND_SPEC = 'A specifikáción túli művelet. ';

function carrierDeps(ctx: Context): CarrierDeps {
  return { prisma: ctx.prisma, foxpostSetup: ctx.foxpostSetup, encryptionKey: ctx.barionSetup.encryptionKey };
}

/**
 * "Csomag feladása" and the parcels' labels; spread into orderRouter. A shipping integration (a
 * warehouse, a label printer) runs them with `shipping:write` (labels: `shipping:read`); keys made before
 * those scopes keep working through `orders:write` and `orders:read`. The carrier account's settings
 * below stay with a signed-in admin.
 */
export const parcelProcedures = {
  createParcel: scopedAdminProcedure('shipping:write')
    .meta({
      errors: ['conflict', 'unavailable'],
      openapi: {
        method: 'POST',
        path: '/order/{id}/parcel',
        tags: orderTags,
        protect: true,
        summary: 'Csomag feladása a szállítónál (admin)',
        description: `${BEYOND_SPEC}A Foxpost csomagautomatába menő rendelés csomagját létrehozza a Foxpostnál (FoxWeb API; beállítás nélkül a beépített helyettesítőnél): a címzett a rendelés neve, mobilszáma (+36 formában) és e-mail-címe, a cél a rendelés csomagautomatája, utánvétnél a végösszeg, a hivatkozás a rendelésszám. Eltárolja a csomagszámot, a követési linket és az A6-os címkét, a rendelést „Átadva a futárnak” állapotba teszi a csomagszámmal, és a vásárló megkapja a levelet a követési linkkel. Ismételt hívás ugyanazt a csomagot adja vissza; elveszett válasz utáni újrapróbálás sem ad fel második csomagot (a csomag saját vonalkódja a rendelésből képződik). A Foxpost elutasítása 400 magyar üzenettel, mezőnként (pl. nem mobilszám, megszűnt automata); nem csomagautomatás vagy nem szállítható rendelésre, illetve elutasított fiókra 409; elérhetetlen Foxpostra 503.`,
      },
    })
    .input(ZOrderParcelCreateInput)
    .output(ZOrderParcel)
    .mutation(({ ctx, input }) => createOrderParcel({ ...carrierDeps(ctx), actor: ctx.actor }, input)),

  parcelLabel: scopedAdminProcedure('shipping:read')
    .meta({
      download: 'pdf',
      errors: ['conflict', 'unavailable'],
      openapi: {
        method: 'GET',
        path: '/order/{id}/parcel/label',
        tags: orderTags,
        protect: true,
        summary: 'A csomag címkéje PDF-ben (admin)',
        description: `${BEYOND_SPEC}A feladott csomag A6-os címkéje, ahogy a szállító adta. REST-en fájlként érkezik (\`application/pdf\`, \`Content-Disposition: attachment\`), tRPC-n \`{ filename, contentType, content }\` base64-ben. Csomag nélküli rendelésre 409.`,
      },
    })
    .input(ZIdInput)
    .output(ZPdfFileOutput)
    .query(({ ctx, input }) => orderParcelLabel(carrierDeps(ctx), input.id)),

  parcelLabels: scopedAdminProcedure('shipping:read')
    .meta({
      download: 'pdf',
      errors: ['conflict', 'unavailable'],
      openapi: {
        method: 'POST',
        path: '/order/parcel/labels',
        tags: orderTags,
        protect: true,
        summary: 'Több rendelés csomagcímkéi egy PDF-ben (admin)',
        description: `${BEYOND_SPEC}A megadott rendelések (\`ids\`, legfeljebb 100) A6-os címkéi egy PDF-ben, a kért sorrendben, nyomtatáshoz. Ha valamelyik rendeléshez még nincs feladott csomag, 409 a rendelésszámokkal.`,
      },
    })
    .input(ZOrderParcelLabelsInput)
    .output(ZPdfFileOutput)
    .query(({ ctx, input }) => orderParcelLabels(carrierDeps(ctx), input)),
};

/** The shop's carrier accounts ("Futárszolgálatok"). */
export const carrierRouter = router({
  settings: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/carriers',
        tags: carrierTags,
        protect: true,
        summary: 'Futárszolgálati fiókok',
        description: `${BEYOND_SPEC}A Foxpost-fiók (FoxWeb API): felhasználónév, környezet, és hogy a bolt a saját fiókját vagy a beépített helyettesítőt használja. A jelszót és az API-kulcsot soha nem adja vissza, csak azt, hogy van-e mentve, és az utolsó 4 karakterét.`,
      },
    })
    .input(z.void())
    .output(ZCarrierSettings)
    .query(({ ctx }) => getCarrierSettings(carrierDeps(ctx))),

  updateFoxpost: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/checkout/carriers/foxpost',
        tags: carrierTags,
        protect: true,
        summary: 'Foxpost-fiók mentése',
        description: `${BEYOND_SPEC}A kihagyott jelszó vagy API-kulcs a mentettet megtartja; \`username: null\` törli a fiókot (a bolt ezután a beépített helyettesítőt használja). A titkokat AES-256-GCM-mel titkosítva tároljuk; titkosítási kulcs nélkül a szerver nem menti őket (409).`,
      },
    })
    .input(ZFoxpostSettingsUpdateInput)
    .output(ZCarrierSettings)
    .mutation(async ({ ctx, input }) =>
      updateFoxpostSettings(
        carrierDeps(ctx),
        await withoutReadOnly(
          ZFoxpostSettingsUpdateInput,
          input,
          async () => (await getCarrierSettings(carrierDeps(ctx))).foxpost,
        ),
      ),
    ),

  testFoxpost: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/carriers/foxpost/test',
        tags: carrierTags,
        protect: true,
        summary: 'Foxpost-kapcsolat próbája',
        description: `${BEYOND_SPEC}Egy nem létező csomag követését kéri a Foxposttól a megadott (vagy a mentett) fiókkal: a rossz fiókot a Foxpost 401-gyel utasítja el. Csomagot nem hoz létre.`,
      },
    })
    .input(ZFoxpostSettingsTestInput)
    .output(ZCarrierTestOutput)
    .mutation(({ ctx, input }) => testFoxpostConnection(carrierDeps(ctx), input)),
});
