import type { APIRequestContext, Page } from '@playwright/test';
import { registerCustomer } from '../customer';
import { expect, test } from '../fixtures';
import { ft } from '../money';
import { createProduct } from '../seed-products';

type Order = { id: number; number: string; status: string; total: number; lines: { id: number }[] };
type Placed = { order: Order; payment: { gatewayUrl: string } | null; accessKey: string };
type OutboxItem = { id: number; to: string; subject: string; templateKey: string | null };

const CARD_SUCCEEDS = '4444 8888 8888 5559';
const SHOTS = process.env.E2E_SHOTS_DIR;

/** The seeded shop's methods by name: GLS courier and the given payment method. */
async function methods(request: APIRequestContext, payment: RegExp) {
  type Listed = { items: { id: number; name: string }[] };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const courier = shipping.items.find((method) => /GLS/.test(method.name));
  const paymentMethod = paying.items.find((method) => payment.test(method.name));
  if (!courier || !paymentMethod) throw new Error('A demó szállítási vagy fizetési mód hiányzik.');
  return { shippingMethod: courier.id, paymentMethod: paymentMethod.id };
}

const orderBody = (email: string) => ({
  customer: { email, firstName: 'Eszter', lastName: 'Próba', phone: '06 30 123 4567' },
  shippingAddress: { name: 'Próba Eszter', postcode: '6720', city: 'Szeged', street: 'Kárász utca 1.' },
  billingAddress: { name: 'Próba Eszter', postcode: '6720', city: 'Szeged', street: 'Kárász utca 1.' },
  acceptTerms: true,
});

async function outboxFor(request: APIRequestContext, adminToken: string, email: string) {
  const response = await request.post('/api/email/outbox', {
    headers: { token: adminToken },
    data: { search: email },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: OutboxItem[] }).items;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

test('an admin refunds part of a card order through Barion and the order shows it', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  // Paying on the gateway and opening the admin's code-split order page take a while on a busy machine.
  test.setTimeout(60_000);
  const title = uniqueName('Visszatérített bögre');
  const product = await createProduct(request, adminToken, { title, price: 7490 });
  const email = `visszaterites.${Date.now().toString(36)}@example.hu`;
  const placed = await request.post('/api/cart/order', {
    data: {
      ...orderBody(email),
      ...(await methods(request, /Bankkártyás/)),
      cart: [{ product: product.id, quantity: 2 }],
    },
  });
  expect(placed.ok()).toBe(true);
  const { order, payment, accessKey } = (await placed.json()) as Placed;

  // The customer pays on the stand-in's gateway page, as on Barion's.
  await page.goto(payment!.gatewayUrl);
  await page.getByLabel('Kártyaszám').fill(CARD_SUCCEEDS);
  await page.getByRole('button', { name: 'Fizetés', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });

  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/admin/order/${order.id}`);
  const panel = page.getByRole('region', { name: 'Visszatérítések és elállások' });
  await expect(panel.getByText(ft(order.total)).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Visszatérítés' }).click();

  const dialog = page.getByRole('dialog', { name: /^Visszatérítés/ });
  await expect(dialog.getByText('A pénzt a Barion a vásárló bankkártyájára téríti vissza.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Eggyel több' }).click();
  await expect(dialog.getByText(`Visszatérítendő összeg: ${ft(7490)}`)).toBeVisible();
  await shoot(page, 'refund-dialog-1440');
  await dialog.getByRole('button', { name: `Visszatérítés: ${ft(7490)}` }).click();
  await expect(dialog).toBeHidden();

  await expect(panel.getByTestId('refunded-total')).toHaveText(ft(7490));
  await expect(panel.getByText('Visszatérítve', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Részben visszatérítve').first()).toBeVisible();
  await shoot(page, 'refund-panel-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByRole('button', { name: 'Visszatérítés' }).click();
  await expect(dialog.getByText('Még visszatéríthető')).toBeVisible();
  await shoot(page, 'refund-dialog-390');
  await dialog.getByRole('button', { name: 'Mégse' }).click();

  // The customer's own view of the order says the same.
  const shown = await request.get(`/api/order/${order.id}?key=${accessKey}`);
  expect(await shown.json()).toMatchObject({ status: 'partially_refunded', refundedTotal: 7490 });
  const mail = (await outboxFor(request, adminToken, email)).find(
    (item) => item.templateKey === 'refund_issued',
  );
  expect(mail?.subject).toContain(order.number);
});

test('a customer withdraws from a delivered order and gets the receipt', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const title = uniqueName('Elállós tányér');
  const product = await createProduct(request, adminToken, { title, price: 2490 });
  const customer = await registerCustomer(request, { firstName: 'Eszter', lastName: 'Próba' });
  const headers = { token: customer.token };
  expect(
    (await request.post('/api/cart/add', { headers, data: { product: product.id, quantity: 2 } })).ok(),
  ).toBe(true);
  const placed = await request.post('/api/cart/order', {
    headers,
    data: { ...orderBody(customer.email), ...(await methods(request, /Utánvét/)) },
  });
  expect(placed.ok()).toBe(true);
  const { order } = (await placed.json()) as Placed;
  // Delivered: the admin marks it completed, which starts the 14 days.
  const completed = await request.post(`/api/order/${order.id}/status`, {
    headers: { token: adminToken },
    data: { status: 'completed' },
  });
  expect(completed.ok()).toBe(true);

  await page.goto('/foo');
  await page.evaluate((token) => window.localStorage.setItem('token', token), customer.token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/order/${order.id}`);
  const section = page.getByRole('region', { name: 'Elállás a szerződéstől' });
  await expect(section.getByText(/napon belül, .*-ig indoklás nélkül elállhatsz/)).toBeVisible();
  await shoot(page, 'withdrawal-section-390');
  await section.getByRole('button', { name: 'Elállás a szerződéstől' }).click();

  const dialog = page.getByRole('dialog', { name: 'Elállás a szerződéstől' });
  await expect(dialog.getByRole('checkbox', { name: `${title} (2 db)` })).toBeChecked();
  await dialog.getByLabel('Indoklás (nem kötelező)').fill('Más színt szerettem volna.');
  await shoot(page, 'withdrawal-form-390');
  await dialog.getByRole('button', { name: 'Tovább' }).click();
  await expect(dialog.getByText(`${title} – 2 db`)).toBeVisible();
  await shoot(page, 'withdrawal-confirm-390');
  await dialog.getByRole('button', { name: 'Elállás megerősítése' }).click();

  const done = page.getByRole('dialog', { name: 'Elállási nyilatkozatodat rögzítettük' });
  await expect(
    done.getByText(/Elállási nyilatkozatod időpontja: \d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}/),
  ).toBeVisible();
  await expect(
    done.getByText(`A visszaigazolást elküldtük e-mailben a ${customer.email} címre.`),
  ).toBeVisible();
  await shoot(page, 'withdrawal-done-390');
  await done.getByRole('button', { name: 'Bezárás' }).click();

  // Offered once: the open withdrawal is shown instead of the button.
  await expect(section.getByText(/Elállási nyilatkozatod: .* – nyitott/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Elállás a szerződéstől' })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await shoot(page, 'withdrawal-section-1440');

  const receipt = (await outboxFor(request, adminToken, customer.email)).find(
    (item) => item.templateKey === 'withdrawal_receipt',
  );
  expect(receipt?.subject).toContain(order.number);
  const message = await request.get(`/api/email/outbox/${receipt!.id}`, { headers: { token: adminToken } });
  const { html } = (await message.json()) as { html: string };
  expect(html).toContain('Más színt szerettem volna.');
  expect(html).toContain(`${title} – 2 db`);
  expect(html).toMatch(/\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2} időpontban/);
});
