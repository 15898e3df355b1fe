import type { Page } from '@playwright/test';
import { placePaidCardOrder } from '../card-order';
import { expect, test } from '../fixtures';

type OutboxItem = { to: string; subject: string; templateKey: string | null; html: string };

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('an admin finds a paid order, prints its packing slip and hands it to the courier with a tracking number', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(90_000);
  const title = uniqueName('Csomagolt bögre');
  const kutiId = `E2E-${Date.now().toString(36)}`.toUpperCase();
  const product = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 4990, stock: 20, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(product.ok()).toBe(true);
  const { id: productId } = (await product.json()) as { id: number };

  // A shopper orders and pays by card on the Barion stand-in's gateway page.
  const email = `csomag.${Date.now().toString(36)}@example.hu`;
  const address = { name: 'Csomag Csaba', postcode: '6720', city: 'Szeged', street: 'Kárász utca 7.' };
  const order = await placePaidCardOrder(request, page, {
    cart: [{ product: productId, quantity: 2 }],
    customer: { email, firstName: 'Csaba', lastName: 'Csomag', phone: '06 30 765 4321' },
    address,
  });

  // The admin finds it in the list by the customer's e-mail, among the paid ones.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/admin/order?payment=succeeded');
  await page.getByRole('searchbox', { name: 'Keresés a rendelések között' }).fill(email);
  const list = page.getByRole('table', { name: 'Rendelések' });
  const row = list.getByRole('row', { name: new RegExp(order.number) });
  await expect(row).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(row.getByText('Kifizetve')).toBeVisible();
  await expect(page).toHaveURL(/q=csomag/);
  await shoot(page, 'admin-orders-list-1440');
  await row.getByRole('link', { name: order.number }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Rendelés ${order.number}` })).toBeVisible();
  const lines = page.getByRole('region', { name: 'Tételek' });
  await expect(lines.getByText(title)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Szállítás és fizetés' }).getByText('Kifizetve'),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Fizetések' })
      .getByText(/Visszahívás a Bariontól/)
      .first(),
  ).toBeVisible();
  await shoot(page, 'admin-order-detail-1440');

  // The packing slip: the print view holds the order, its address and lines, without the admin's chrome.
  await page.getByRole('link', { name: 'Szállítólevél' }).click();
  const slip = page.getByRole('region', { name: `Szállítólevél ${order.number}` });
  await expect(slip).toBeVisible();
  await expect(slip.getByText('Kárász utca 7.').first()).toBeVisible();
  await expect(slip.getByRole('row', { name: new RegExp(`${title}.*${kutiId}.*2 db`) })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Admin menü' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Nyomtatás' })).toBeHidden();
  await shoot(page, 'admin-order-packing-slip-print');
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: 'Vissza a rendeléshez' }).click();

  // Handed to the courier with a tracking number; the customer is told.
  const tracking = `GLS${Date.now().toString().slice(-9)}`;
  await page.getByRole('button', { name: 'Állapot módosítása' }).click();
  const dialog = page.getByRole('dialog', { name: 'Állapot módosítása' });
  await dialog.getByRole('combobox', { name: 'Új állapot' }).selectOption({ label: 'Átadva a futárnak' });
  await dialog.getByRole('textbox', { name: 'Csomagszám' }).fill(tracking);
  await expect(dialog.getByLabel('A vásárló értesítése e-mailben')).toBeChecked();
  await dialog.getByRole('button', { name: 'Állapot mentése' }).click();
  await expect(dialog).toBeHidden();
  const history = page.getByRole('region', { name: 'Állapottörténet' });
  await expect(history.getByText(`Csomagszám: ${tracking}`)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Módosítási napló' }).getByText(/Új → Átadva a futárnak/),
  ).toBeVisible();

  const outbox = await request.post('/api/email/outbox', {
    headers: { token: adminToken },
    data: { search: email },
  });
  const mails = ((await outbox.json()) as { items: OutboxItem[] }).items;
  const shipped = mails.find((mail) => mail.templateKey === 'order_shipped');
  expect(shipped?.to).toBe(email);
  const message = await request.get(`/api/email/outbox/${(shipped as OutboxItem & { id: number }).id}`, {
    headers: { token: adminToken },
  });
  expect(((await message.json()) as OutboxItem).html).toContain(tracking);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: `Rendelés ${order.number}` })).toBeVisible();
  await shoot(page, 'admin-order-detail-390');
  await page.goto(`/admin/order?q=${encodeURIComponent(email)}`);
  await expect(
    page.getByRole('table', { name: 'Rendelések' }).getByRole('link', { name: order.number }),
  ).toBeVisible();
  await shoot(page, 'admin-orders-list-390');
});
