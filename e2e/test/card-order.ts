import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The Barion stand-in's card that succeeds (Barion's sandbox number). */
export const CARD_SUCCEEDS = '4444 8888 8888 5559';

export type PlacedOrder = { id: number; number: string; total: number };

/** The demo shop's GLS courier and card payment, by name. */
async function cardOverGls(request: APIRequestContext) {
  type Listed = { items: { id: number; name: string }[] };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const courier = shipping.items.find((method) => /GLS/.test(method.name));
  const card = paying.items.find((method) => /Bankkártyás/.test(method.name));
  if (!courier || !card) throw new Error('A demó GLS szállítás vagy a kártyás fizetés hiányzik.');
  return { shippingMethod: courier.id, paymentMethod: card.id };
}

/**
 * A guest's order placed over REST (GLS courier, card), paid on the Barion stand-in's gateway page in
 * `page`: what the admin journeys start from.
 */
export async function placePaidCardOrder(
  request: APIRequestContext,
  page: Page,
  order: {
    cart: { product: number; variant?: number; quantity: number }[];
    customer: { email: string; firstName: string; lastName: string; phone: string };
    address: { name: string; postcode: string; city: string; street: string };
  },
): Promise<PlacedOrder> {
  const placed = await request.post('/api/cart/order', {
    data: {
      cart: order.cart,
      customer: order.customer,
      shippingAddress: order.address,
      billingAddress: order.address,
      acceptTerms: true,
      ...(await cardOverGls(request)),
    },
  });
  expect(placed.ok()).toBe(true);
  const answer = (await placed.json()) as { order: PlacedOrder; payment: { gatewayUrl: string } | null };
  if (!answer.payment) throw new Error('A kártyás fizetés nem indult el.');
  await page.goto(answer.payment.gatewayUrl);
  await page.getByLabel('Kártyaszám').fill(CARD_SUCCEEDS);
  await page.getByRole('button', { name: 'Fizetés', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });
  return answer.order;
}
