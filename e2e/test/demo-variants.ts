import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The demo data's products sold in variants, as the shop answers them: the T-shirt (Póló, KT-POLO: kék,
 * fehér, piros in S–XL, "kék, XL" sold out, XL 6 490 Ft) and the mug (Színes zománcbögre in four colours).
 */

export type DemoVariant = {
  id: number;
  title: string;
  kutiId: string | null;
  stock: number;
  inStock: boolean;
};
export type DemoVariantProduct = { id: number; slug: string; title: string; variants: DemoVariant[] };

/** A demo product by its code, with its variants. */
export async function demoProduct(request: APIRequestContext, kutiId: string): Promise<DemoVariantProduct> {
  const found = await request.post('/api/product/find-multiple-products-by-kuti-id', {
    data: { ids: [kutiId] },
  });
  expect(found.ok()).toBe(true);
  const [card] = ((await found.json()) as { items: { id: number }[] }).items;
  if (!card) throw new Error(`A demóadatokban nincs ${kutiId} kódú termék.`);
  return (await (await request.get(`/api/product/${card.id}`)).json()) as DemoVariantProduct;
}

export function variantOf(product: DemoVariantProduct, title: string): DemoVariant {
  const variant = product.variants.find((entry) => entry.title === title);
  if (!variant) throw new Error(`${product.title}: nincs „${title}” változat.`);
  return variant;
}
