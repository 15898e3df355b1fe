import { z } from 'zod';
import { ZCustomerDetail } from './customer';
import { ZStaffOrder } from './order';
import { ZProductDescription } from './product';
import { ZVatClass } from './vat';

/** The entities an integration can follow by their changes. */
export const CHANGE_FEEDS = ['order', 'product', 'customer'] as const;
export type TChangeFeed = (typeof CHANGE_FEEDS)[number];

export const CHANGE_FEED_MAX_LIMIT = 200;

export const ZChangeFeedInput = z
  .strictObject({
    cursor: z.string().trim().max(200, { error: 'A cursor legfeljebb 200 karakter.' }).optional().meta({
      description:
        'Az előző válasz `nextCursor` értéke: innen folytatja. Nélküle a folyam elejéről (vagy az `updatedSince` időponttól) indul.',
    }),
    updatedSince: z.iso
      .datetime({ offset: true, error: 'Az updatedSince ISO 8601 időpont (pl. 2026-11-29T08:00:00Z).' })
      .optional()
      .meta({
        description:
          'Csak az ettől az időponttól (UTC vagy megadott eltolással, ISO 8601) történt változások; a `cursor` mellett is szűr.',
      }),
    limit: z.coerce
      .number({ error: 'A limit egész szám.' })
      .int({ error: 'A limit egész szám.' })
      .min(1, { error: 'A limit legalább 1.' })
      .max(CHANGE_FEED_MAX_LIMIT, { error: `A limit legfeljebb ${CHANGE_FEED_MAX_LIMIT}.` })
      .default(100)
      .meta({
        description: `Legfeljebb ennyi változás egy válaszban (1–${CHANGE_FEED_MAX_LIMIT}, alapból 100).`,
      }),
  })
  .default({ limit: 100 });
export type TChangeFeedInput = z.infer<typeof ZChangeFeedInput>;

/**
 * One page of a change feed: the changed entities in the order they changed (each once per page, as it
 * is now), the ids of the deleted ones, and where to go on from.
 */
export function changeFeedOf<Item extends z.ZodType>(item: Item, name: string) {
  return z
    .object({
      items: z.array(item).meta({
        description:
          'A megváltozott (vagy új) elemek a változásuk sorrendjében, mindegyik a mostani állapotában.',
      }),
      deleted: z
        .array(z.number().int())
        .meta({ description: 'Az ebben a szakaszban törölt elemek azonosítói.' }),
      nextCursor: z.string().meta({
        description:
          'Ezzel kell a következő kérést küldeni (akkor is, ha üres volt a válasz): a már látott változások nem jönnek újra, az újak mind megjönnek.',
      }),
      hasMore: z.boolean().meta({ description: 'Van-e már most további változás (azonnal lekérhető).' }),
    })
    .meta({ id: `${name}Changes`, description: `${name} elemek változásfolyamának egy szakasza.` });
}

/** A product as stored, for an integration that mirrors the catalogue (the product change feed's item). */
export const ZProductRecord = z
  .object({
    id: z.number().int(),
    slug: z.string().meta({ description: 'A termékoldal URL-neve az azonosítóval (pl. fules-bogre-12).' }),
    nameSlug: z
      .string()
      .meta({ description: 'Az URL-név az azonosító nélkül (ezt fogadja a módosítás `slug` mezője).' }),
    kutiId: z.string().nullable().meta({ description: 'A termék külső kódja; null, ha nincs.' }),
    ean: z.string().nullable().meta({ description: 'EAN/GTIN kód; null, ha nincs.' }),
    enabled: z
      .boolean()
      .meta({ description: 'Engedélyezett-e: a letiltott terméket a vásárlók nem látják.' }),
    featured: z.boolean().meta({ description: 'Kiemelt termék (a kezdőlap kiemelt listájában szerepel).' }),
    price: z.number().int().meta({ description: 'A tárolt bruttó listaár egész forintban.' }),
    salePrice: z.number().int().nullable().meta({ description: 'Az ütemezett akciós ár; null, ha nincs.' }),
    saleStartsAt: z
      .string()
      .nullable()
      .meta({ description: 'Az akció kezdete (UTC, ISO 8601); null: nyitott.' }),
    saleEndsAt: z.string().nullable().meta({ description: 'Az akció vége (UTC, ISO 8601); null: nyitott.' }),
    vatClass: ZVatClass,
    unit: z.string(),
    stock: z
      .number()
      .int()
      .meta({ description: 'Készlet darabban (változatos terméknél a változatoké külön).' }),
    weightGrams: z.number().int().nullable().meta({ description: 'Tömeg grammban; null, ha nincs megadva.' }),
    feedExcluded: z
      .boolean()
      .meta({ description: 'Kimarad-e minden termékfeedből (Árukereső, Google, Facebook).' }),
    categoryIds: z
      .array(z.number().int())
      .meta({ description: 'A kategóriák azonosítói, az elsődleges elöl.' }),
    descriptions: z.array(ZProductDescription),
    variants: z.array(
      z.object({
        id: z.number().int(),
        kutiId: z.string().nullable(),
        ean: z.string().nullable(),
        valueIds: z.array(z.number().int()).meta({ description: 'Az opcióértékek azonosítói.' }),
        grossPrice: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'Saját bruttó listaár; null: a terméké.' }),
        salePrice: z.number().int().nullable(),
        saleStartsAt: z.string().nullable(),
        saleEndsAt: z.string().nullable(),
        stock: z.number().int().meta({ description: 'A változat készlete darabban.' }),
        weightGrams: z.number().int().nullable().meta({ description: 'Tömeg grammban; null: a termékéé.' }),
        enabled: z
          .boolean()
          .meta({ description: 'Árusítja-e a bolt (a letiltott változat nem választható).' }),
      }),
    ),
    createdAt: z.string().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
    updatedAt: z.string().meta({ description: 'A termék saját sorának utolsó módosítása (UTC, ISO 8601).' }),
  })
  .meta({
    id: 'ProductRecord',
    description:
      'Egy termék tárolt adatai (ár, akció, készlet, kódok, leírások, változatok): amit egy ERP vagy piactér tükröz.',
  });
export type TProductRecord = z.infer<typeof ZProductRecord>;

export const ZOrderChanges = changeFeedOf(ZStaffOrder, 'Order');
export const ZProductChanges = changeFeedOf(ZProductRecord, 'ProductRecord');
export const ZCustomerChanges = changeFeedOf(ZCustomerDetail, 'Customer');

/** How every change feed works, for the API reference (`what`: the entity and what counts as its change). */
export function changeFeedDescription(what: string): string {
  return `A specifikáción túli művelet: ${what} Az első kérés \`cursor\` nélkül a folyam elejéről (minden meglévő elemmel) vagy az \`updatedSince\` időponttól indul; a válasz \`nextCursor\` értékét kell a következő kéréssel küldeni, akkor is, ha a válasz üres. Így minden változás pontosan egyszer jön meg, a sorrendje stabil, és egyetlen változás sem vész el akkor sem, ha közben (akár több szerveren) írások futnak: egy elem a változásakor a folyam végére kerül, és a mostani állapotában jön. A még futó tranzakciók változásai a lezárásuk után jelennek meg. Ha \`hasMore\` igaz, azonnal lehet folytatni; különben érdemes néhány másodpercet várni.`;
}
