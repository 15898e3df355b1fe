import { Prisma } from '@shop/db';
import { DEFAULT_LANGUAGE, type TProductUpdateInput } from '../../schemas';
import { bumpCatalogue } from '../catalogue/in-memory-index';
import { recomputeLowestPrices } from '../catalogue/lowest-price';
import { saleRunning, saleWindowOf } from '../catalogue/pricing';
import { inputNetQuantity, inputSale, inputVatClass } from '../catalogue/product-admin';
import { sanitizeOptionalHtml } from '../html-sanitize';
import { slugify } from '../slug';
import { enqueueWebhookEvent } from '../webhooks/events';

type Tx = Prisma.TransactionClient;

/** The columns a new product is written with, and their PostgreSQL types. */
const PRODUCT_COLUMNS = {
  slug: 'text',
  kutiId: 'text',
  grossPrice: 'int',
  salePrice: 'int',
  saleStartsAt: 'timestamp',
  saleEndsAt: 'timestamp',
  vatClass: 'text',
  stock: 'int',
  unit: 'text',
  netQuantity: 'float8',
  netQuantityUnit: 'text',
  weightGrams: 'int',
  ean: 'text',
  enabled: 'boolean',
  featured: 'boolean',
  feedExcluded: 'boolean',
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
} as const;

type ProductRecord = Partial<
  Record<keyof typeof PRODUCT_COLUMNS, string | number | boolean | Date | null>
> & {
  slug: string;
  kutiId: string;
  grossPrice: number;
};

/**
 * Inserts rows into one table with a single statement: the rows travel as one JSON parameter that
 * PostgreSQL unpacks (`jsonb_to_recordset`), so a thousand rows cost one round trip and no per-row
 * query building. Table and column names come from this module only.
 */
async function insertRecords<Returned = never>(
  tx: Tx,
  table: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly Record<string, unknown>[],
  returning?: string,
): Promise<Returned[]> {
  if (!rows.length) return [];
  const names = Object.keys(columns).map((column) => `"${column}"`);
  const types = Object.entries(columns).map(([column, type]) => `"${column}" ${type}`);
  const insert = Prisma.sql`
    INSERT INTO ${Prisma.raw(`"${table}" (${names.join(', ')})`)}
    SELECT ${Prisma.raw(names.map((name) => `r.${name}`).join(', '))}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${Prisma.raw(types.join(', '))})`;
  if (!returning) {
    await tx.$executeRaw(insert);
    return [];
  }
  return tx.$queryRaw<Returned[]>(Prisma.sql`${insert} RETURNING ${Prisma.raw(returning)}`);
}

/** A new product's row, checked by the product input schema, with the sheet's row number. */
export type NewProduct = { rowNumber: number; input: TProductUpdateInput & { kutiId: string } };

/**
 * Creates a batch of new products with a statement per table instead of a product at a time: what
 * makes a first import of a few thousand products take seconds, not minutes. It writes what the one
 * writer of products (saveProduct) writes for a new product (product, Hungarian description, lists,
 * the price in force and the sale's future prices in the history, the 30-day lowest price, the
 * `product.changed` webhook, the catalogue version), with that writer's checks of the VAT class,
 * unit price and sale. A row those checks refuse is answered with its reason and left out; a
 * failing statement fails the whole batch, which the caller then writes row by row.
 */
export async function createProducts(
  tx: Tx,
  products: readonly NewProduct[],
  now: Date,
): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  const ready: { rowNumber: number; input: NewProduct['input']; data: ProductRecord }[] = [];
  for (const { rowNumber, input } of products) {
    try {
      const title = input.descriptions?.[0]?.title ?? '';
      const price = input.price as number;
      const quantities = (input.tiers ?? []).map((tier) => tier.minQuantity);
      if (new Set(quantities).size !== quantities.length)
        throw new Error('Egy mennyiséghez csak egy ár tartozhat.');
      const sale = inputSale(input, null, price, now);
      ready.push({
        rowNumber,
        input,
        data: {
          slug: input.slug ?? (slugify(title) || 'termek'),
          kutiId: input.kutiId,
          grossPrice: price,
          ...(sale
            ? {
                salePrice: sale.salePrice,
                saleStartsAt: sale.saleStartsAt?.toISOString() ?? null,
                saleEndsAt: sale.saleEndsAt?.toISOString() ?? null,
              }
            : {}),
          ...(inputVatClass(input) !== undefined ? { vatClass: inputVatClass(input) } : {}),
          ...(inputNetQuantity(input) ?? {}),
          ...(input.stock !== undefined ? { stock: input.stock } : {}),
          ...(input.unit !== undefined ? { unit: input.unit } : {}),
          ...(input.weightGrams !== undefined ? { weightGrams: input.weightGrams } : {}),
          ...(input.ean !== undefined ? { ean: input.ean } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          ...(input.featured !== undefined ? { featured: input.featured } : {}),
          ...(input.feedExcluded !== undefined ? { feedExcluded: input.feedExcluded } : {}),
        },
      });
    } catch (error) {
      refused.set(rowNumber, (error as Error).message);
    }
  }
  if (!ready.length) return refused;

  await bumpCatalogue(tx);
  const stamp = now.toISOString();
  const created = await insertRecords<{
    id: number;
    kutiId: string;
    grossPrice: number;
    salePrice: number | null;
    saleStartsAt: Date | null;
    saleEndsAt: Date | null;
  }>(
    tx,
    'Product',
    PRODUCT_COLUMNS,
    ready.map(({ data }) => ({
      vatClass: '27',
      stock: 0,
      unit: 'db',
      enabled: true,
      featured: false,
      feedExcluded: false,
      ...data,
      createdAt: stamp,
      updatedAt: stamp,
    })),
    'id, "kutiId", "grossPrice", "salePrice", "saleStartsAt", "saleEndsAt"',
  );
  const idOf = new Map(created.map((product) => [product.kutiId, product.id]));
  const each = <T>(pick: (input: NewProduct['input'], productId: number) => T[]) =>
    ready.flatMap((row) => pick(row.input, idOf.get(row.input.kutiId) as number));

  await insertRecords(
    tx,
    'Description',
    {
      productId: 'int',
      language: 'text',
      title: 'text',
      body: 'text',
      metaTitle: 'text',
      metaDescription: 'text',
    },
    each((input, productId) =>
      (input.descriptions ?? []).map((description) => ({
        productId,
        language: description.language ?? DEFAULT_LANGUAGE,
        title: description.title,
        body: sanitizeOptionalHtml(description.body) ?? null,
        metaTitle: description.metaTitle ?? null,
        metaDescription: description.metaDescription ?? null,
      })),
    ),
  );
  await insertRecords(
    tx,
    'ProductCategory',
    { productId: 'int', categoryId: 'int', primary: 'boolean' },
    each((input, productId) =>
      [...new Set(input.categoryIds ?? [])].map((categoryId, index) => ({
        productId,
        categoryId,
        primary: index === 0,
      })),
    ),
  );
  await insertRecords(
    tx,
    'ProductPropertyValue',
    { productId: 'int', propertyValueId: 'int' },
    each((input, productId) =>
      [...new Set(input.propertyValueIds ?? [])].map((propertyValueId) => ({ productId, propertyValueId })),
    ),
  );
  await insertRecords(
    tx,
    'ProductPriceTier',
    { productId: 'int', minQuantity: 'int', grossPrice: 'int' },
    each((input, productId) =>
      (input.tiers ?? []).map((tier) => ({
        productId,
        minQuantity: tier.minQuantity,
        grossPrice: tier.price,
      })),
    ),
  );
  await insertRecords(
    tx,
    'ProductGroupPrice',
    { productId: 'int', groupId: 'int', grossPrice: 'int', hidden: 'boolean' },
    each((input, productId) =>
      [...new Map((input.groupPrices ?? []).map((price) => [price.groupId, price])).values()].map(
        ({ price, ...rest }) => ({
          productId,
          ...rest,
          grossPrice: price,
        }),
      ),
    ),
  );
  await insertRecords(
    tx,
    'ProductImage',
    { productId: 'int', mediaId: 'int', position: 'int' },
    each((input, productId) =>
      [...new Set(input.imageIds ?? [])].map((mediaId, position) => ({ productId, mediaId, position })),
    ),
  );
  // The price history as recordScheduledPrices starts it: the price in force now, then the sale's
  // future start and end.
  const at = now.getTime();
  await insertRecords(
    tx,
    'ProductPriceHistory',
    { productId: 'int', grossPrice: 'int', validFrom: 'timestamp' },
    created.flatMap((product) => {
      const sale = saleWindowOf(product);
      const inForce =
        sale && saleRunning(sale, at) ? Math.min(sale.price, product.grossPrice) : product.grossPrice;
      return [
        { productId: product.id, grossPrice: inForce, validFrom: stamp },
        ...(sale?.startsAt != null && sale.startsAt > at
          ? [
              {
                productId: product.id,
                grossPrice: sale.price,
                validFrom: new Date(sale.startsAt).toISOString(),
              },
            ]
          : []),
        ...(sale?.endsAt != null && sale.endsAt > at
          ? [
              {
                productId: product.id,
                grossPrice: product.grossPrice,
                validFrom: new Date(sale.endsAt).toISOString(),
              },
            ]
          : []),
      ];
    }),
  );
  await recomputeLowestPrices(
    tx,
    now,
    created.map((product) => product.id),
  );
  await enqueueWebhookEvent(tx, 'product.changed', {
    items: created.map((product) => ({ id: product.id, kutiId: product.kutiId, deleted: false })),
  });
  return refused;
}
