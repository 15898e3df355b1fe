import type { APIRequestContext } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { expect, test } from '../fixtures';

type Listed = { items: { id: number; name: string }[] };

let sink: SmtpSink;

const demoSettings = {
  smtpHost: null,
  smtpPort: null,
  smtpSecure: false,
  senderName: 'Kék Bögre Webáruház',
  senderEmail: 'webaruhaz@kekbogre.hu',
};

test.beforeAll(async () => {
  sink = await startSmtpSink();
});

test.afterAll(async ({ request, adminToken }) => {
  // Back to the demo: later tests must not depend on a sink that is gone.
  await request.put('/api/emailsetting', { headers: { token: adminToken }, data: demoSettings });
  await sink.close();
});

/** A guest's cash-on-delivery order over REST (GLS courier). */
async function placeOrder(request: APIRequestContext, adminToken: string, title: string) {
  const product = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 3990, stock: 10, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(product.ok()).toBe(true);
  const { id } = (await product.json()) as { id: number };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const address = { name: 'Olvasó Olga', postcode: '6720', city: 'Szeged', street: 'Kárász utca 1.' };
  const placed = await request.post('/api/cart/order', {
    data: {
      cart: [{ product: id, quantity: 1 }],
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

test('a role that reads orders but may not ship is offered label printing, not "Csomag feladása"', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const owner = { headers: { token: adminToken } };
  const saved = await request.put('/api/emailsetting', {
    ...owner,
    data: { ...demoSettings, smtpHost: sink.host, smtpPort: sink.port },
  });
  expect(saved.status()).toBe(200);
  const order = await placeOrder(request, adminToken, uniqueName('Olvasói bögre'));

  // An order reader (orders:read opens the labels, shipping:read, but not shipping:write), invited over REST.
  const role = await request.post('/api/staff/role', {
    ...owner,
    data: { name: uniqueName('Rendelésolvasó'), permissions: ['orders:read'] },
  });
  expect(role.ok()).toBe(true);
  const email = `rendeles.olvaso.${Date.now().toString(36)}@kekbogre.hu`;
  const invited = await request.post('/api/staff', {
    ...owner,
    data: { email, firstName: 'Olga', lastName: 'Olvasó', role: ((await role.json()) as { id: number }).id },
  });
  expect(invited.ok()).toBe(true);
  const message = await sink.waitForMessage((candidate) => candidate.to.includes(email), 20_000);
  const resetToken = /\/newpassword\/([A-Za-z0-9_-]+)/.exec(message.html)?.[1];
  expect(resetToken).toBeTruthy();
  const signedIn = await request.post('/api/user/resetpassword', {
    data: { token: resetToken, password: `Olvaso-Jelszo-${Date.now().toString(36)}-7` },
  });
  expect(signedIn.ok()).toBe(true);
  const { token } = (await signedIn.json()) as { token: string };

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

  const reader = await selectOrder(token);
  await expect(reader.getByRole('button', { name: 'Címkék nyomtatása' })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Csomag feladása' })).toHaveCount(0);

  // The owner, on the same list, is offered both.
  const ownerBar = await selectOrder(adminToken);
  await expect(ownerBar.getByRole('button', { name: 'Címkék nyomtatása' })).toBeVisible();
  await expect(ownerBar.getByRole('button', { name: 'Csomag feladása' })).toBeVisible();
});
