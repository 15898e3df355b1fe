import type { PrismaClient } from '@shop/db';
import { cacheFor } from '../cache';
import { bumpCatalogue, invalidateCatalogue } from '../services/catalogue/in-memory-index';

export type VariantSpec = {
  kutiId: string;
  /** One value title per option, in option order ("kék", "M"). */
  values: string[];
  stock: number;
  grossPrice?: number;
  enabled?: boolean;
  mediaId?: number;
};

export type VariantProduct = {
  id: number;
  /** Variant ids by code. */
  variants: Record<string, number>;
};

/**
 * A product sold in variants, written straight to the database as an import would (the admin's
 * variant editor is tested on its own): its options as properties with their values, a variant per
 * spec, and `Product.stock` as the sum of the enabled variants' stock. The catalogue is marked changed.
 */
export async function createVariantProduct(
  prisma: PrismaClient,
  product: { slug: string; title: string; kutiId?: string; grossPrice: number },
  options: { title: string; values: string[] }[],
  variants: VariantSpec[],
): Promise<VariantProduct> {
  const made = await prisma.$transaction(async (tx) => {
    const valueIds = new Map<string, number>();
    const propertyIds: number[] = [];
    for (const [position, option] of options.entries()) {
      const property = await tx.property.create({
        data: {
          code: `${product.slug}-${position}`,
          descriptions: { create: { language: 'hu', title: option.title } },
          values: {
            create: option.values.map((title, index) => ({
              position: index,
              descriptions: { create: { language: 'hu', title } },
            })),
          },
        },
        select: { id: true, values: { select: { id: true }, orderBy: { position: 'asc' } } },
      });
      propertyIds.push(property.id);
      option.values.forEach((title, index) => {
        valueIds.set(`${position}:${title}`, property.values[index]!.id);
      });
    }
    const sum = variants
      .filter((variant) => variant.enabled !== false)
      .reduce((total, variant) => total + Math.max(variant.stock, 0), 0);
    const created = await tx.product.create({
      data: {
        slug: product.slug,
        kutiId: product.kutiId ?? null,
        grossPrice: product.grossPrice,
        stock: sum,
        descriptions: { create: { language: 'hu', title: product.title } },
        options: { create: propertyIds.map((propertyId, position) => ({ propertyId, position })) },
      },
      select: { id: true },
    });
    const ids: Record<string, number> = {};
    for (const [position, variant] of variants.entries()) {
      const row = await tx.productVariant.create({
        data: {
          productId: created.id,
          kutiId: variant.kutiId,
          stock: variant.stock,
          grossPrice: variant.grossPrice ?? null,
          enabled: variant.enabled ?? true,
          mediaId: variant.mediaId ?? null,
          position,
          values: {
            create: variant.values.map((title, index) => ({
              propertyValueId: valueIds.get(`${index}:${title}`)!,
            })),
          },
        },
        select: { id: true },
      });
      ids[variant.kutiId] = row.id;
    }
    await bumpCatalogue(tx);
    return { id: created.id, variants: ids };
  });
  invalidateCatalogue(cacheFor(prisma));
  return made;
}

/** The stored stock of a product and of its variants by code. */
export async function storedStock(
  prisma: PrismaClient,
  productId: number,
): Promise<{ product: number; unitsSold: number; variants: Record<string, number> }> {
  const product = await prisma.product.findUniqueOrThrow({
    where: { id: productId },
    select: { stock: true, unitsSold: true, variants: { select: { kutiId: true, stock: true } } },
  });
  return {
    product: product.stock,
    unitsSold: product.unitsSold,
    variants: Object.fromEntries(product.variants.map((variant) => [variant.kutiId ?? '', variant.stock])),
  };
}
