import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createProduct } from '../seed-products';
import { signedInStaffMember } from '../staff-member';

type Listed = { items: { id: number; name: string }[] };

/** A guest's cash-on-delivery order over REST (GLS courier). */
async function placeOrder(request: APIRequestContext, adminToken: string, title: string) {
  const product = await createProduct(request, adminToken, { title, price: 3990 });
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const address = { name: 'Olvasó Olga', postcode: '6720', city: 'Szeged', street: 'Kárász utca 1.' };
  const placed = await request.post('/api/cart/order', {
    data: {
      cart: [{ product: product.id, quantity: 1 }],
      customer: {
        email: 'olvaso.vevo@example.hu',
        firstName: 'Olga',
        lastName: 'Olvasó',
        phone: '06 30 222 3344',
      },
      shippingAddress: address,
      billingAddress: address,
      acceptTerms: true,
      shippingMethod: shipping.items.find((method) => /GLS/.test(method.name))?.id,
      paymentMethod: paying.items.find((method) => method.name === 'Utánvét')?.id,
    },
  });
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { order: { id: number; number: string } }).order;
}

test('a role that may print labels but not ship is offered "Címkék nyomtatása", not "Csomag feladása"', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const order = await placeOrder(request, adminToken, uniqueName('Olvasói bögre'));
  // The parcel procedures: createParcel needs shipping:write, the labels shipping:read.
  const token = await signedInStaffMember(request, adminToken, {
    roleName: uniqueName('Címkenyomtató'),
    permissions: ['orders:read', 'shipping:read'],
  });

  const selectOrder = async (as: string) => {
    await page.goto('/foo');
    await page.evaluate((value) => window.localStorage.setItem('token', value), as);
    await page.goto('/admin/order');
    // The checkbox's input is hidden: its visible box (the input's parent) takes the click.
    const box = page.getByLabel(`${order.number} kijelölése`, { exact: true });
    await box.locator('xpath=..').click();
    await expect(box).toBeChecked();
    return page.getByRole('region', { name: 'Kijelölt rendelések' });
  };

  const member = await selectOrder(token);
  await expect(member.getByRole('button', { name: 'Címkék nyomtatása' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Csomag feladása' })).toHaveCount(0);

  // The owner, on the same list, is offered both.
  const owner = await selectOrder(adminToken);
  await expect(owner.getByRole('button', { name: 'Címkék nyomtatása' })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Csomag feladása' })).toBeVisible();
});
