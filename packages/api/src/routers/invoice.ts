import { z } from 'zod';
import { withoutReadOnly } from '../input-guard';
import { ZIdInput } from '../schemas/common';
import {
  ZBinaryFileOutput,
  ZInvoiceSettings,
  ZInvoiceSettingsTestInput,
  ZInvoiceSettingsTestOutput,
  ZInvoiceSettingsUpdateInput,
  ZOrderInvoicePdfInput,
  ZOrderInvoicesOutput,
} from '../schemas/invoice';
import { requestInvoiceByHand } from '../services/invoicing/invoice-queue';
import { invoicePdfFor, orderInvoices } from '../services/invoicing/invoice-read';
import {
  getInvoiceSettings,
  testInvoicingConnection,
  updateInvoiceSettings,
} from '../services/invoicing/invoice-settings';
import { isAdmin, publicProcedure, router, scopedAdminProcedure, staffProcedure } from '../trpc';

const settingsTags = ['Számlázás'];
const orderTags = ['Rendelések'];

/** The invoicing settings (beyond the spec): the admin account's own, so API keys get 403. */
export const invoiceRouter = router({
  settings: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/invoice/settings',
        tags: settingsTags,
        protect: true,
        summary: 'Számlázás beállításai (admin)',
        description:
          'A specifikáción túli művelet: a számlázó (Számlázz.hu Számla Agent), az automatikus számlázás, a számlaszám előtagja, e-számla, a számla e-mailben küldése a vevőnek, és hogy átutalásnál és utánvétnél mikor készül a számla. A Számla Agent kulcsa sosem jelenik meg, csak az utolsó 4 karaktere; kulcs nélkül a beépített helyettesítő állítja ki a számlákat.',
      },
    })
    .input(z.void())
    .output(ZInvoiceSettings)
    .query(({ ctx }) => getInvoiceSettings(ctx.prisma, ctx.invoicing)),

  updateSettings: staffProcedure('settings:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'PUT',
        path: '/invoice/settings',
        tags: settingsTags,
        protect: true,
        summary: 'Számlázás beállításainak mentése (admin)',
        description:
          'A specifikáción túli művelet: az `agentKey` kihagyva a mentett kulcs marad, `null` törli (ekkor a beépített helyettesítő számláz), új érték lecseréli; a kulcsot a szerver titkosítva tárolja. Titkosítási kulcs nélkül (SETTINGS_ENCRYPTION_KEY) a kulcs nem menthető: 409.',
      },
    })
    .input(ZInvoiceSettingsUpdateInput)
    .output(ZInvoiceSettings)
    .mutation(async ({ ctx, input }) =>
      updateInvoiceSettings(
        ctx.prisma,
        ctx.invoicing,
        await withoutReadOnly(ZInvoiceSettingsUpdateInput, input, () =>
          getInvoiceSettings(ctx.prisma, ctx.invoicing),
        ),
      ),
    ),

  testConnection: staffProcedure('settings:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/invoice/settings/test',
        tags: settingsTags,
        protect: true,
        summary: 'Számlázás kapcsolatának próbája (admin)',
        description:
          'A specifikáción túli művelet: egy nem létező külső azonosítójú számlát kérdez le a Számla Agenttől a megadott (`agentKey`) vagy a használt kulccsal. „Ismeretlen számla” válasz: a kulcs jó; 3-as hiba: rossz kulcs. Semmit nem állít ki.',
      },
    })
    .input(ZInvoiceSettingsTestInput)
    .output(ZInvoiceSettingsTestOutput)
    .mutation(({ ctx, input }) => testInvoicingConnection(ctx.prisma, ctx.invoicing, input)),
});

/** An order's invoice: merged into the order router. */
export const invoiceOrderProcedures = {
  invoicePdf: publicProcedure
    .meta({
      sessionAware: true,
      download: 'pdf',
      openapi: {
        method: 'GET',
        path: '/order/{id}/invoice',
        tags: orderTags,
        protect: false,
        summary: 'A rendelés számlája PDF-ben',
        description:
          'A specifikáción túli művelet: a kiállított számla (`kind=storno`: a sztornó számla) PDF-je. A rendelés tulajdonosa, a rendelés privát linkjének kulcsával (`key`) bárki, az admin és az `invoices:read` (vagy `orders:read`) jogú API-kulcs töltheti le; mindenki másnak, és amíg nincs számla, 404. REST-en fájlként érkezik (`application/pdf`), tRPC-n `{ filename, contentType, content }`, a `content` base64-ben.',
      },
    })
    .input(ZOrderInvoicePdfInput)
    .output(ZBinaryFileOutput)
    .query(({ ctx, input }) =>
      invoicePdfFor(ctx.prisma, input.id, input.kind ?? 'invoice', {
        session: ctx.session,
        key: input.key,
        staff: isAdmin(ctx, 'invoices:read'),
      }),
    ),

  invoices: scopedAdminProcedure('invoices:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/order/{id}/invoices',
        tags: orderTags,
        protect: true,
        summary: 'A rendelés számlái és sztornója (admin)',
        description:
          'A specifikáción túli művelet: a rendelés számlája és sztornó számlája az állapotukkal (pending: kiállításra vár, issued: kiállítva, failed: sikertelen), a próbálkozások számával és a számlázó utolsó hibaüzenetével. Az `orders:read` jogú API-kulcs is hívhatja.',
      },
    })
    .input(ZIdInput)
    .output(ZOrderInvoicesOutput)
    .query(({ ctx, input }) => orderInvoices(ctx.prisma, input.id)),

  issueInvoice: scopedAdminProcedure('invoices:write')
    .meta({
      errors: ['conflict'],
      openapi: {
        method: 'POST',
        path: '/order/{id}/invoice',
        tags: orderTags,
        protect: true,
        summary: 'Számla kiállítása vagy újrapróbálása (admin)',
        description:
          'A specifikáción túli művelet: sorba állítja a rendelés számláját, ha még nincs, és a sikertelen számlát vagy sztornót újra megpróbálja (újabb 5 próbálkozás). A kiállított számlához nem nyúl, így az ismételt kérés sem készít második számlát. Fizetetlen vagy törölt rendelésnél, amelynek nincs számlája: 409.',
      },
    })
    .input(ZIdInput)
    .output(ZOrderInvoicesOutput)
    .mutation(async ({ ctx, input }) => {
      await requestInvoiceByHand(ctx.prisma, input.id);
      return orderInvoices(ctx.prisma, input.id);
    }),
};
