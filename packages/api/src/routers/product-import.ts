import { z } from 'zod';
import {
  IMPORT_PICTURES_CONTENT_TYPES,
  IMPORT_SHEET_CONTENT_TYPES,
  IMPORT_TOO_LARGE,
  IMPORT_UPLOAD_MAX_BYTES,
  listOf,
  PRODUCT_IMPORT_OPTIONS,
  ZFileOutput,
  ZIdInput,
  ZProductImport,
  ZProductImportCheckInput,
  ZProductImportOptions,
  ZProductImportPicturesInput,
  ZProductImportPicturesOutput,
  ZProductImportRowsInput,
  ZProductImportRowsOutput,
  ZProductImportUploadInput,
  ZProductImportUploadOutput,
} from '../schemas';
import {
  attachPictures,
  checkImport,
  getImport,
  importReport,
  listImportRows,
  listImports,
  startImport,
  uploadImport,
} from '../services/product-import/import-jobs';
import { router, scopedAdminProcedure } from '../trpc';

const tags = ['Termékimport'];
const write = scopedAdminProcedure('catalogue:write');
const read = scopedAdminProcedure('catalogue:read');
const upload = (contentTypes: readonly string[]) => ({
  field: 'dataBase64',
  contentTypes,
  maxBytes: IMPORT_UPLOAD_MAX_BYTES,
  tooLarge: IMPORT_TOO_LARGE,
});

/**
 * Importing products from a spreadsheet (services/product-import): upload, a dry run that changes
 * nothing, then the background apply whose progress any server answers.
 */
export const productImportRouter = router({
  options: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/product-import/options',
        tags,
        protect: true,
        summary: 'Az import mezői és előbeállításai (admin)',
        description:
          'A specifikáción túli művelet: a mezők, amelyekhez egy oszlop rendelhető, és a felismert boltmotorok exportjai.',
      },
    })
    .input(z.void())
    .output(ZProductImportOptions)
    .query(() => PRODUCT_IMPORT_OPTIONS),

  upload: write
    .meta({
      upload: upload(IMPORT_SHEET_CONTENT_TYPES),
      openapi: {
        method: 'POST',
        path: '/product-import',
        tags,
        protect: true,
        summary: 'Terméktáblázat feltöltése importhoz (admin)',
        description:
          'A specifikáción túli művelet: CSV vagy XLSX, legfeljebb 50 MB: vagy maga a fájl a kérés törzseként (`Content-Type: text/csv` vagy az XLSX típusa, a név a `fileName` paraméterben; a szerver érkezés közben olvassa, és 50 MB-nál 413-mal megáll), vagy JSON-ban base64-ben (`dataBase64`). A válasz a felismert előbeállítás (saját export, UNAS, Shoprenter, WooCommerce), a javasolt (vagy az ugyanilyen fejlécű fájlnál legutóbb használt) oszlop-hozzárendelés és az első sorok. Semmit nem ír a katalógusba. Olvashatatlan fájl: 400; túl nagy: 413.',
      },
    })
    .input(ZProductImportUploadInput)
    .output(ZProductImportUploadOutput)
    .mutation(({ ctx, input }) => uploadImport(ctx.prisma, input, ctx.uploadedFile, ctx.actor.userId)),

  attachPictures: write
    .meta({
      upload: upload(IMPORT_PICTURES_CONTENT_TYPES),
      openapi: {
        method: 'POST',
        path: '/product-import/{id}/pictures',
        tags,
        protect: true,
        summary: 'Képcsomag (ZIP) az importhoz (admin)',
        description:
          'A specifikáción túli művelet: a táblázat Képek oszlopa a ZIP-ben levő fájlnevekre is hivatkozhat („bogre.jpg” vagy „kepek/bogre.jpg”). Legfeljebb 50 MB, a próba előtt: maga a ZIP a kérés törzseként (`Content-Type: application/zip`), vagy JSON-ban base64-ben (`dataBase64`); egy kép legfeljebb 8 MB. Az újabb ZIP az előzőt váltja, és a próbát újra le kell futtatni. Olvashatatlan ZIP: 400.',
      },
    })
    .input(ZProductImportPicturesInput)
    .output(ZProductImportPicturesOutput)
    .mutation(({ ctx, input }) => attachPictures(ctx.prisma, input, ctx.uploadedFile)),

  check: write
    .meta({
      openapi: {
        method: 'POST',
        path: '/product-import/{id}/check',
        tags,
        protect: true,
        summary: 'Próba: mit változtatna az import (admin)',
        description:
          'A specifikáción túli művelet: minden sort összevet a bolttal, és soronként eltárolja: új / módosul (mezőnként régi → új) / változatlan / elutasítva (magyar indokkal). A katalógusban semmit nem változtat; a hozzárendelést megjegyzi a következő, ugyanilyen fejlécű fájlhoz. A sorok: GET /api/product-import/{id}/rows.',
      },
    })
    .input(ZProductImportCheckInput)
    .output(ZProductImport)
    .mutation(({ ctx, input }) => checkImport(ctx, input.id, input)),

  start: write
    .meta({
      openapi: {
        method: 'POST',
        path: '/product-import/{id}/start',
        tags,
        protect: true,
        summary: 'Az ellenőrzött import indítása (admin)',
        description:
          'A specifikáción túli művelet: a háttérben sorról sorra beírja a próbán átment sorokat; minden sor egészben íródik be vagy sehogy. Ismételt hívás nem indít második futást. A haladás: GET /api/product-import/{id}. Próba nélkül: 409.',
      },
    })
    .input(ZIdInput)
    .output(ZProductImport)
    .mutation(({ ctx, input }) => startImport(ctx.prisma, input.id)),

  list: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/product-import',
        tags,
        protect: true,
        summary: 'A legutóbbi importok (admin)',
        description:
          'A specifikáción túli művelet: az utolsó 20 import az állapotával és a számaival, a legújabb elöl.',
      },
    })
    .input(z.void())
    .output(listOf(ZProductImport))
    .query(async ({ ctx }) => ({ items: await listImports(ctx.prisma) })),

  get: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/product-import/{id}',
        tags,
        protect: true,
        summary: 'Egy import állapota és haladása (admin)',
        description:
          'A specifikáción túli művelet: az állapot, a feldolgozott sorok száma és az eredmények száma (új, módosult, változatlan, elutasított).',
      },
    })
    .input(ZIdInput)
    .output(ZProductImport)
    .query(({ ctx, input }) => getImport(ctx.prisma, input.id)),

  rows: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/product-import/{id}/rows',
        tags,
        protect: true,
        summary: 'Az import sorainak eredménye (admin)',
        description:
          'A specifikáción túli művelet: soronként az eredmény, a változások és az indok, eredmény szerint szűrhetően (`outcome`), lapozva.',
      },
    })
    .input(ZProductImportRowsInput)
    .output(ZProductImportRowsOutput)
    .query(({ ctx, input }) => listImportRows(ctx.prisma, input.id, input)),

  report: read
    .meta({
      download: true,
      openapi: {
        method: 'GET',
        path: '/product-import/{id}/report',
        tags,
        protect: true,
        summary: 'Az import jelentése CSV-ben (admin)',
        description:
          'A specifikáción túli művelet: soronként az eredmény, a változások és az indok; magyar Excelben közvetlenül megnyitható CSV (UTF-8 BOM, `;`). REST-en fájlként, tRPC-n `{ filename, contentType, content }`.',
      },
    })
    .input(ZIdInput)
    .output(ZFileOutput)
    .query(({ ctx, input }) => importReport(ctx.prisma, input.id)),
});
