import type { Prisma } from '@shop/db';
import { DEFAULT_LANGUAGE, type TProductUpdateInput } from '../../schemas';
import { bumpCatalogue } from '../catalogue/in-memory-index';
import { recomputeLowestPrices } from '../catalogue/lowest-price';
import { saleRunning, saleWindowOf } from '../catalogue/pricing';
import { inputNetQuantity, inputSale, inputVatClass } from '../catalogue/product-admin';
import { sanitizeOptionalHtml } from '../html-sanitize';
import { slugify } from '../slug';
import { enqueueWebhookEvent } from '../webhooks/events';

type Tx = Prisma.TransactionClient;

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
  const ready: { rowNumber: number; input: NewProduct['input']; data: Prisma.ProductCreateManyInput }[] = [];
  for (const { rowNumber, input } of products) {
    try {
      const title = input.descriptions?.[0]?.title ?? '';
      const price = input.price as number;
      const sale = inputSale(input, null, price, now);
      ready.push({
        rowNumber,
        input,
        data: {
          slug: input.slug ?? (slugify(title) || 'termek'),
          kutiId: input.kutiId,
          grossPrice: price,
          ...(sale ?? {}),
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
  const created = await tx.product.createManyAndReturn({
    data: ready.map((row) => row.data),
    select: {
      id: true,
      kutiId: true,
      grossPrice: true,
      salePrice: true,
      saleStartsAt: true,
      saleEndsAt: true,
    },
  });
  const idOf = new Map(created.map((product) => [product.kutiId as string, product.id]));
  const each = <T>(pick: (input: NewProduct['input'], productId: number) => T[]) =>
    ready.flatMap((row) => pick(row.input, idOf.get(row.input.kutiId) as number));

  await tx.description.createMany({
    data: each((input, productId) =>
      (input.descriptions ?? []).map((description) => ({
        productId,
        language: description.language ?? DEFAULT_LANGUAGE,
        title: description.title,
        body: sanitizeOptionalHtml(description.body) ?? null,
        metaTitle: description.metaTitle ?? null,
        metaDescription: description.metaDescription ?? null,
      })),
    ),
  });
  await tx.productCategory.createMany({
    data: each((input, productId) =>
      [...new Set(input.categoryIds ?? [])].map((categoryId, index) => ({
        productId,
        categoryId,
        primary: index === 0,
      })),
    ),
  });
  await tx.productPropertyValue.createMany({
    data: each((input, productId) =>
      [...new Set(input.propertyValueIds ?? [])].map((propertyValueId) => ({ productId, propertyValueId })),
    ),
  });
  await tx.productPriceTier.createMany({
    data: each((input, productId) => (input.tiers ?? []).map((tier) => ({ productId, ...tier }))),
    skipDuplicates: true,
  });
  await tx.productGroupPrice.createMany({
    data: each((input, productId) => (input.groupPrices ?? []).map((price) => ({ productId, ...price }))),
    skipDuplicates: true,
  });
  await tx.productImage.createMany({
    data: each((input, productId) =>
      [...new Set(input.imageIds ?? [])].map((mediaId, position) => ({ productId, mediaId, position })),
    ),
  });
  // The price history as recordScheduledPrices starts it: the price in force now, then the sale's
  // future start and end.
  const at = now.getTime();
  await tx.productPriceHistory.createMany({
    data: created.flatMap((product) => {
      const sale = saleWindowOf(product);
      const inForce =
        sale && saleRunning(sale, at) ? Math.min(sale.price, product.grossPrice) : product.grossPrice;
      return [
        { productId: product.id, grossPrice: inForce, validFrom: now },
        ...(sale?.startsAt != null && sale.startsAt > at
          ? [{ productId: product.id, grossPrice: sale.price, validFrom: new Date(sale.startsAt) }]
          : []),
        ...(sale?.endsAt != null && sale.endsAt > at
          ? [{ productId: product.id, grossPrice: product.grossPrice, validFrom: new Date(sale.endsAt) }]
          : []),
      ];
    }),
  });
  await recomputeLowestPrices(
    tx,
    now,
    created.map((product) => product.id),
  );
  await enqueueWebhookEvent(tx, 'product.changed', {
    items: created.map((product) => ({ productId: product.id, kutiId: product.kutiId, deleted: false })),
  });
  return refused;
}
