import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ft } from '../money';

type Order = { id: number; number: string; total: number; paidStatus: string; paidTotal: number };

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A guest's cash-on-delivery order of one product, by the demo's GLS courier. */
async function cashOnDeliveryOrder(request: APIRequestContext, adminToken: string, title: string) {
  const kutiId = `E2E-${Date.now().toString(36)}`.toUpperCase();
  const product = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 6790, stock: 10, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(product.ok()).toBe(true);
  type Listed = { items: { id: number; name: string }[] };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const courier = shipping.items.find((method) => /GLS/.test(method.name));
  const cod = paying.items.find((method) => /Utánvét/.test(method.name));
  if (!courier || !cod) throw new Error('A demó GLS szállítás vagy az utánvét hiányzik.');
  const address = { name: 'Fizet Ferenc', postcode: '7621', city: 'Pécs', street: 'Király utca 12.' };
  const placed = await request.post('/api/cart/order', {
    data: {
      cart: [{ product: ((await product.json()) as { id: number }).id, quantity: 1 }],
      customer: {
        email: `fizet.${Date.now().toString(36)}@example.hu`,
        firstName: 'Ferenc',
        lastName: 'Fizet',
        phone: '06 30 123 4567',
      },
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: courier.id,
      paymentMethod: cod.id,
      acceptTerms: true,
    },
  });
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { order: Order }).order;
}

test('an admin records the money of a cash-on-delivery order on a phone, in two parts, and only then can refund it', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  const order = await cashOnDeliveryOrder(request, adminToken, uniqueName('Fizetős párna'));
  expect(order).toMatchObject({ paidStatus: 'unpaid', paidTotal: 0 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/order/${order.id}`);
  const payments = page.getByRole('region', { name: 'Fizetések' });
  await expect(payments.getByText('Nincs kifizetve')).toBeVisible();
  await expect(payments.getByText(`${ft(0)} / ${ft(order.total)}`)).toBeVisible();
  // Nothing paid, nothing to give back (issue #21: an unpaid order was "refunded").
  const refunds = page.getByRole('region', { name: 'Visszatérítések és elállások' });
  await expect(refunds.getByRole('button', { name: 'Visszatérítés' })).toBeDisabled();
  await shoot(page, 'record-payment-unpaid-390');

  // The courier's settlement brings part of it first.
  await payments.getByRole('button', { name: 'Fizetés rögzítése' }).click();
  let dialog = page.getByRole('dialog', { name: `Fizetés rögzítése – ${order.number}` });
  const amount = dialog.getByLabel('Beérkezett összeg (Ft)');
  await expect(amount).toHaveValue(String(order.total));
  await amount.fill('3000');
  await dialog.getByLabel('Megjegyzés (belső)').fill('Első részlet');
  await shoot(page, 'record-payment-dialog-390');
  await dialog.getByRole('button', { name: 'Rögzítés' }).click();
  await expect(dialog).toBeHidden();
  await expect(payments.getByText('Részben kifizetve')).toBeVisible();
  await expect(payments.getByText(`${ft(3000)} / ${ft(order.total)}`)).toBeVisible();
  await expect(payments.getByText('Befizetés rögzítve: Első részlet')).toBeVisible();

  // Too much is refused in Hungarian, and the rest is offered by itself.
  await payments.getByRole('button', { name: 'Fizetés rögzítése' }).click();
  dialog = page.getByRole('dialog', { name: `Fizetés rögzítése – ${order.number}` });
  await expect(dialog.getByLabel('Beérkezett összeg (Ft)')).toHaveValue(String(order.total - 3000));
  await dialog.getByLabel('Beérkezett összeg (Ft)').fill(String(order.total));
  await dialog.getByRole('button', { name: 'Rögzítés' }).click();
  await expect(dialog.getByText(/^Legfeljebb .* rögzíthető/)).toBeVisible();
  await dialog.getByLabel('Beérkezett összeg (Ft)').fill(String(order.total - 3000));
  await dialog.getByRole('button', { name: 'Rögzítés' }).click();
  await expect(dialog).toBeHidden();

  await expect(payments.getByText('Kifizetve', { exact: true }).first()).toBeVisible();
  await expect(payments.getByText(`${ft(order.total)} / ${ft(order.total)}`)).toBeVisible();
  await expect(payments.getByRole('button', { name: 'Fizetés rögzítése' })).toBeDisabled();
  await expect(refunds.getByRole('button', { name: 'Visszatérítés' })).toBeEnabled();
  await expect(
    page
      .getByRole('region', { name: 'Módosítási napló' })
      .getByText(`Befizetés rögzítése: ${ft(3000)} – Első részlet`),
  ).toBeVisible();
  await shoot(page, 'record-payment-paid-390');

  const stored = await request.get(`/api/order/${order.id}`, { headers: { token: adminToken } });
  expect(await stored.json()).toMatchObject({ paidStatus: 'paid', paidTotal: order.total });
});
