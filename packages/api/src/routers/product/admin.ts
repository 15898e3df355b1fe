import { z } from 'zod';
import type { Context } from '../../context';
import { DomainError } from '../../errors';
import { withoutReadOnly } from '../../input-guard';
import {
  changeFeedDescription,
  missingPermissionMessage,
  type TProduct,
  type TProductUpdateInput,
  type TProductVariantsInput,
  type WritableOutput,
  ZChangeFeedInput,
  ZIdInput,
  ZOkOutput,
  ZProduct,
  ZProductChanges,
  ZProductExportInput,
  ZProductQualityInput,
  ZProductQualityOutput,
  ZProductQualitySummaryOutput,
  ZProductStockInput,
  ZProductStockOutput,
  ZProductUpdateInput,
  ZProductVariantsInput,
  ZSpreadsheetFileOutput,
} from '../../schemas';
import { loadShopper } from '../../services/catalogue/pricing';
import {
  productQuality,
  productQualitySummary,
  saveProduct,
  setProductEnabled,
} from '../../services/catalogue/product-admin';
import { productIdOfCode } from '../../services/catalogue/product-codes';
import { getProductById } from '../../services/catalogue/product-page';
import { productRecordsByIds } from '../../services/catalogue/product-record';
import { saveProductVariants } from '../../services/catalogue/product-variants';
import { updateStockByCode } from '../../services/catalogue/stock-by-code';
import { readChangeFeed } from '../../services/change-feed/read-changes';
import { productExportFile } from '../../services/product-transfer/export';
import { isAdmin, scopedAdminProcedure } from '../../trpc';

/**
 * The product an update names, as its GET answers an admin (for the read-only fields sent back), or
 * null when the update creates one.
 */
async function storedProduct(ctx: Context, input: TProductUpdateInput): Promise<TProduct | null> {
  const code = input.kutiId?.trim();
  // By code whatever its case, as the update itself finds the product (product-codes.ts).
  const id = input.id ?? (code ? await productIdOfCode(ctx.prisma, code) : null);
  if (id === null) return null;
  const shopper = await loadShopper(ctx.prisma, ctx.session);
  return getProductById(ctx, { shopper, isAdmin: true }, id);
}

/**
 * While a sale runs, a GET answers the sale price as `price` and the list price as `originalPrice`; that
 * `price` sent back means no change, not a new list price (which would end the sale or be refused).
 */
async function withoutAnsweredPrice(
  input: TProductUpdateInput,
  loadStored: () => Promise<TProduct | null>,
): Promise<TProductUpdateInput> {
  if (input.price === undefined) return input;
  const stored = await loadStored();
  if (!stored?.admin || stored.price === stored.admin.price || input.price !== stored.price) return input;
  const { price: _answered, ...rest } = input;
  return rest;
}

/**
 * The variants to save, each naming its values by title: a variant sent back as a GET answers it has
 * `valueIds` (read-only) instead, so an existing one left without `values` keeps its stored values.
 */
async function withStoredValues(
  input: WritableOutput<typeof ZProductVariantsInput>,
  loadStored: () => Promise<TProduct | null>,
): Promise<TProductVariantsInput> {
  const missing = input.variants.some((variant) => variant.values === undefined);
  const stored = missing ? await loadStored() : null;
  const variants = input.variants.map((variant, index) => {
    if (variant.values !== undefined) return { ...variant, values: variant.values };
    const known = stored?.variants.find((row) => row.id === variant.id);
    if (variant.id === undefined || !known) {
      const message =
        'Add meg a változat értékeit (values): új változatnál az opciók sorrendjében kötelezők.';
      throw new DomainError('invalid_input', `Hibás adat: variants.${index}.values – ${message}`, [
        { path: `variants.${index}.values`, message },
      ]);
    }
    const values = known.valueIds.map(
      (valueId, k) => stored?.options[k]?.values.find((value) => value.id === valueId)?.title ?? '',
    );
    return { ...variant, values };
  });
  return { ...input, variants };
}

const tags = ['Termékek (admin)'];

/** The catalogue admin's product operations: merged into the product router. */
export const productAdminProcedures = {
  update: scopedAdminProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/product/update',
        tags,
        protect: true,
        summary: 'Termék létrehozása vagy módosítása',
        description:
          'Azonosítóval (id) azt a terméket módosítja; azonosító nélkül, termékkóddal (kutiId) a kódhoz tartozó terméket (külső rendszerek szinkronja). Ha sem az azonosító, sem a kód nem nevez meg terméket, új terméket hoz létre (ár és legalább egy cím kötelező); ismeretlen kód ár és cím nélkül: 404. A termékkód egyedi: egy másik termék kódja 409. Az ár a `price` (bruttó forint), ahogy a válaszokban is. A megadott nyelvű leírás felülírja az adott nyelvűt; a megadott listák (mennyiségi árak, csoportárak, vevői árak, tulajdonságértékek, képek, kategóriák) a tároltakat cserélik, a kihagyott mezők megmaradnak. Árváltozáskor ártörténeti bejegyzés készül, és frissül a 30 napos legalacsonyabb ár.',
      },
      errors: ['not_found', 'conflict'],
    })
    .input(ZProductUpdateInput)
    .output(ZProduct)
    .mutation(async ({ ctx, input }) => {
      let stored: Promise<TProduct | null> | undefined;
      const loadStored = () => {
        stored ??= storedProduct(ctx, input);
        return stored;
      };
      const changes = await withoutReadOnly(ZProductUpdateInput, input, loadStored);
      return saveProduct(ctx, await withoutAnsweredPrice(changes, loadStored));
    }),

  stock: scopedAdminProcedure('stock:write')
    .meta({
      openapi: {
        method: 'POST',
        path: '/product/stock',
        tags,
        protect: true,
        summary: 'Készlet és ár frissítése termékkód szerint (tömegesen)',
        description:
          'A specifikáción túli művelet külső rendszereknek: legfeljebb 1000 termék készlete (stock) és/vagy bruttó ára (price) a termékkódjuk (kutiId, pontos egyezés) szerint, egy tranzakcióban: vagy minden tétel íródik, vagy egy sem. A válasz tételenként, a küldött sorrendben: updated (a termék a küldött értékekkel), vagy not_found (nincs ilyen kódú termék, nem íródott semmi). Az árváltozás az admin szerkesztéssel azonos: ártörténet és 30 napos legalacsonyabb ár. A készlet a rendelésekhez hasonlóan egy másodpercen belül minden szerveren látszik. Biztonságos készletmozgás: `adjust` előjeles változás (+12 beérkezett, −1 sérült) a mostani készlethez, így a közben leadott rendeléseket nem írja felül; `expectedStock` mellett a tétel csak akkor íródik, ha a készlet még annyi, amennyit a hívó utoljára látott, különben az egész kérés 412 (Precondition Failed). 0 alá vivő változás: 409.',
      },
      errors: ['conflict', 'precondition_failed'],
      examples: {
        input: {
          items: [
            { kutiId: 'BOG-001', adjust: 12, price: 2490 },
            { kutiId: 'BOG-002', stock: 5, expectedStock: 7 },
            { kutiId: 'NINCS-ILYEN', stock: 0 },
          ],
        },
        output: {
          results: [
            { kutiId: 'BOG-001', status: 'updated', productId: 41, variantId: null, stock: 24, price: 2490 },
            { kutiId: 'BOG-002', status: 'updated', productId: 42, variantId: null, stock: 5, price: 1990 },
            {
              kutiId: 'NINCS-ILYEN',
              status: 'not_found',
              productId: null,
              variantId: null,
              stock: null,
              price: null,
            },
          ],
        },
      },
    })
    .input(ZProductStockInput)
    .output(ZProductStockOutput)
    .mutation(({ ctx, input }) => {
      // Stock is a warehouse's; a price in the same call needs the catalogue's write permission.
      if (input.items.some((item) => item.price !== undefined) && !isAdmin(ctx, 'catalogue:write')) {
        throw new DomainError('forbidden', missingPermissionMessage('catalogue:write'));
      }
      return updateStockByCode(ctx, input);
    }),

  variants: scopedAdminProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/product/{product}/variants',
        tags,
        protect: true,
        summary: 'Termék opcióinak és változatainak mentése (egészben)',
        description:
          'A termék opciói (legfeljebb 3, pl. Méret, Szín) és változatai egészben: ami nem szerepel, törlődik (a rendelések megőrzik a változat nevét, a kosarakból kikerül). Az opció és értékei tulajdonságok: a magyar név szerint (kis- és nagybetű, ékezet nem számít) a meglévőt használja, vagy létrehozza (szűrőként is megjelenik). Egy változat az értékeit név szerint, az opciók sorrendjében adja meg; `id`-vel a termék meglévő változatát módosítja, anélkül az azonos értékű meglévőt, vagy újat hoz létre. A kihagyott mezők (készlet, ár, …) meglévő változatnál nem változnak; `grossPrice: null`: a termék ára. A termékkód (kutiId) egyedi a termékek és változatok között: más termék vagy változat kódja 409. A termék készlete az engedélyezett változatok készletének összege. Üres `options` és `variants`: a termék ismét egyféle, készlete a változatoké volt. A válasz a termék, ahogy az admin látja.',
      },
      examples: {
        input: {
          product: 41,
          options: [
            { title: 'Méret', values: [{ title: 'M' }, { title: 'L' }] },
            { title: 'Szín', values: [{ title: 'kék', swatch: '#1d4ed8' }] },
          ],
          variants: [
            { values: ['M', 'kék'], kutiId: 'POLO-M-KEK', stock: 5 },
            { values: ['L', 'kék'], kutiId: 'POLO-L-KEK', stock: 0, grossPrice: 5990 },
          ],
        },
      },
      errors: ['not_found', 'conflict'],
    })
    .input(ZProductVariantsInput)
    .output(ZProduct)
    .mutation(async ({ ctx, input }) => {
      let stored: Promise<TProduct | null> | undefined;
      const loadStored = () => {
        stored ??= storedProduct(ctx, { id: input.product });
        return stored;
      };
      const changes = await withoutReadOnly(ZProductVariantsInput, input, loadStored);
      return saveProductVariants(ctx, await withStoredValues(changes, loadStored));
    }),

  enable: scopedAdminProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/product/enable/{id}',
        tags,
        protect: true,
        summary: 'Termék engedélyezése',
        description: 'A termék ismét megjelenik a boltban.',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await setProductEnabled(ctx, input.id, true);
      return { ok: true as const };
    }),

  disable: scopedAdminProcedure('catalogue:write')
    .meta({
      openapi: {
        method: 'GET',
        path: '/product/disable/{id}',
        tags,
        protect: true,
        summary: 'Termék letiltása',
        description:
          'A termék eltűnik a boltból (listák, keresés, termékoldal: 404); az admin továbbra is látja.',
      },
    })
    .input(ZIdInput)
    .output(ZOkOutput)
    .mutation(async ({ ctx, input }) => {
      await setProductEnabled(ctx, input.id, false);
      return { ok: true as const };
    }),

  changes: scopedAdminProcedure('catalogue:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/product/changes',
        tags,
        protect: true,
        summary: 'Termékek változásfolyama (készlettel)',
        description: changeFeedDescription(
          'az új, a megváltozott és a törölt termékek, mindegyik a tárolt adataival (`ProductRecord`: ár, akció, készlet, kódok, leírások, kategóriák, változatok). Egy termék változása a készlete (egy rendelés, egy lemondás vagy egy szinkron miatt is), az ára, a leírása, a képei, a kategóriái és bármely változata is; a törölt termékek azonosítója a `deleted` listában jön.',
        ),
      },
    })
    .input(ZChangeFeedInput)
    .output(ZProductChanges)
    .query(({ ctx, input }) => readChangeFeed(ctx.prisma, 'product', input, productRecordsByIds)),

  export: scopedAdminProcedure('catalogue:read')
    .meta({
      download: 'spreadsheet',
      openapi: {
        method: 'GET',
        path: '/product/export',
        tags,
        protect: true,
        summary: 'Termékek exportálása CSV-ben vagy XLSX-ben (admin)',
        description:
          'A termékek listájának szűrőivel és rendezésével (`search`, `categoryId`, `state`, `featured`, `sort` lekérdezési paraméterként) minden találat, a `format` szerint CSV-ben (alapértelmezés; UTF-8 BOM-mal, `;` elválasztóval, ahogy a magyar Excel megnyitja) vagy XLSX-ben. Termékenként egy sor, a változatos terméké után változatonként egy (a Cikkszám a változat kódja, a Fő cikkszám a terméké, a Változat az opciók értékei: "Méret: M | Szín: kék"). Magyar fejléc, a saját importunk oszlopai; listák " | " jellel, párok "kulcs: érték" alakban, kategóriák "Szülő > Gyerek" útvonallal, igen/nem, budapesti idő, az árak egész forintok; a képek teljes webcímek. REST-en fájlként érkezik (`Content-Disposition: attachment`), tRPC-n `{ filename, contentType, content }`, a tartalom base64-ben.',
      },
    })
    .input(ZProductExportInput)
    .output(ZSpreadsheetFileOutput)
    .query(({ ctx, input }) => productExportFile(ctx, input)),

  qualitySummary: scopedAdminProcedure('catalogue:read')
    .meta({
      openapi: {
        method: 'GET',
        path: '/product/quality-summary',
        tags,
        protect: true,
        summary: 'Adatminőségi ellenőrzések összesítője',
        description:
          'A specifikáción túli művelet az /admin/catalog/check oldalhoz: minden ellenőrzés (hiányzó leírás, hiányzó kép, nem egyedi URL, nincs kategória, nincs tulajdonság, nincs készlet de engedélyezett, mennyiséggel növő ár, ismétlődő termékkód) a találatok számával.',
      },
    })
    .input(z.void())
    .output(ZProductQualitySummaryOutput)
    .query(async ({ ctx }) => ({ items: await productQualitySummary(ctx.prisma) })),

  quality: scopedAdminProcedure('catalogue:read')
    .meta({
      openapi: {
        method: 'POST',
        path: '/product/quality',
        tags,
        protect: true,
        summary: 'Egy adatminőségi ellenőrzés termékei',
        description:
          'A specifikáción túli művelet: a `check` ellenőrzés által talált termékek lapozva (missing-description, missing-image, non-unique-url, no-category, no-property-values, no-stock-but-enabled, rising-tier-prices, duplicate-external-code).',
      },
    })
    .input(ZProductQualityInput)
    .output(ZProductQualityOutput)
    .query(({ ctx, input }) => productQuality(ctx.prisma, input)),
};
