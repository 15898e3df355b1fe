import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createProduct } from '../seed-products';

type Listed = { items: { id: number; name: string }[] };

/** The seeded shop's GLS courier and cash on delivery: an order the staff may ship at once. */
async function courierWithCashOnDelivery(request: APIRequestContext) {
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const courier = shipping.items.find((method) => /GLS/.test(method.name));
  const cash = paying.items.find((method) => /Utánvét/.test(method.name));
  if (!courier || !cash) throw new Error('A demó GLS szállítás vagy az utánvét hiányzik.');
  return { shippingMethod: courier.id, paymentMethod: cash.id };
}

const GLS = {
  trackingNumber: 'GLS-123456789',
  carrier: 'GLS',
  trackingUrl: 'https://gls-group.com/HU/hu/csomagkovetes?match=123456789',
};
const MPL = { trackingNumber: 'MPL-JJH30UD2RNB0HU', carrier: 'MPL' };

test('a guest sees the tracking numbers the staff adds on the order page of the private link, each with its carrier and tracking page, and copies one', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Követett bögre'),
    price: 4990,
  });
  const address = { name: 'Követő Kata', postcode: '6720', city: 'Szeged', street: 'Kárász utca 1.' };
  const placed = await request.post('/api/cart/order', {
    data: {
      cart: [{ product: product.id, quantity: 1 }],
      customer: {
        email: `kovetes.${Date.now().toString(36)}@example.hu`,
        firstName: 'Kata',
        lastName: 'Követő',
        phone: '06 30 123 4567',
      },
      shippingAddress: address,
      billingAddress: address,
      acceptTerms: true,
      ...(await courierWithCashOnDelivery(request)),
    },
  });
  expect(placed.ok()).toBe(true);
  const { order, accessKey } = (await placed.json()) as { order: { id: number }; accessKey: string };

  // Before the staff has a number, the page has no tracking block.
  await page.goto(`/order/${order.id}?key=${accessKey}`);
  await expect(page.getByRole('heading', { name: 'Tételek' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Csomagkövetés' })).toHaveCount(0);

  for (const shipment of [GLS, MPL]) {
    const added = await request.post(`/api/order/${order.id}/shipment`, {
      headers: { token: adminToken },
      data: { id: order.id, ...shipment },
    });
    expect(added.ok()).toBe(true);
  }

  await page.reload();
  const tracking = page.getByRole('region', { name: 'Csomagkövetés' });
  const numbers = tracking.getByRole('list', { name: 'Csomagszámok' }).getByRole('listitem');
  await expect(numbers).toHaveCount(2);
  await expect(tracking.getByText('A rendelésed 2 csomagban érkezik.', { exact: false })).toBeVisible();
  await expect(numbers.nth(0)).toContainText(GLS.carrier);
  await expect(numbers.nth(0)).toContainText(GLS.trackingNumber);
  await expect(numbers.nth(1)).toContainText(MPL.carrier);
  await expect(numbers.nth(1)).toContainText(MPL.trackingNumber);

  // The number with a tracking page links it in a new tab; the one without has no link.
  const follow = numbers.nth(0).getByRole('link', { name: `Csomag követése: ${GLS.trackingNumber}` });
  await expect(follow).toHaveAttribute('href', GLS.trackingUrl);
  await expect(follow).toHaveAttribute('target', '_blank');
  await expect(follow).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(numbers.nth(1).getByRole('link')).toHaveCount(0);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await numbers
    .nth(1)
    .getByRole('button', { name: `Csomagszám másolása: ${MPL.trackingNumber}` })
    .click();
  await expect(page.getByText(`A csomagszámot (${MPL.trackingNumber}) kimásoltuk.`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MPL.trackingNumber);
});
