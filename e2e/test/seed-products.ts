import { type APIRequestContext, expect } from '@playwright/test';

/** A product as the REST answer gives it, with what the journeys read. */
export type SeededProduct = { id: number; kutiId: string; slug: string; price: number; title: string };

/**
 * An enabled product with a code of this run's own, made over REST as an admin would, so a journey
 * starts from its own product whatever else the shop holds.
 */
export async function createProduct(
  request: APIRequestContext,
  adminToken: string,
  product: { title: string; price: number; stock?: number },
): Promise<SeededProduct> {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: {
      price: product.price,
      stock: product.stock ?? 20,
      kutiId,
      enabled: true,
      descriptions: [{ language: 'hu', title: product.title }],
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as SeededProduct;
}
