import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { registerCustomer } from '../customer';
import { decideCookieConsent, expect, test, waitForAppAfterNavigation } from '../fixtures';

const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';
const CARD_SUCCEEDS = '4444 8888 8888 5559';
const LOCKER = 'FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca';

/** Screenshots for looking at the screens by eye (E2E_SHOTS=dir); none in ordinary runs. */
const SHOTS = process.env.E2E_SHOTS;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function createProduct(request: APIRequestContext, adminToken: string, title: string) {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 5990, stock: 20, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number };
}

test('a customer picks a Foxpost locker and pays by card; the admin hands the parcel to Foxpost and downloads its label; the customer downloads the invoice from Rendeléseim', async ({
  page,
  browser,
  request,
  adminToken,
  uniqueName,
}) => {
  test.slow();
  const product = await createProduct(request, adminToken, uniqueName('Csomagolt bögre'));
  const customer = await registerCustomer(request, { firstName: 'Csaba', lastName: 'Csomag' });
  const email = customer.email;
  await page.goto('/foo');
  await page.evaluate(
    (cart) => window.localStorage.setItem('cart', JSON.stringify(cart)),
    [{ product: product.id, quantity: 1 }],
  );
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));

  // The customer signs in on the way to the checkout and keeps the cart just filled.
  await page.goto('/order/services/account');
  await page.getByLabel('E-mail-cím').fill(customer.email);
  await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expect(page).toHaveURL('/order/checkout');
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Igen, ezzel a kosárral lépek be' })
    .click();

  // A Foxpost locker near a postcode, then the card on Barion's (stand-in) gateway.
  await page.getByRole('radio', { name: /Foxpost csomagautomata/ }).check({ force: true });
  const pointSection = page.getByRole('region', { name: 'Csomagpont / automata' });
  await pointSection.getByRole('button', { name: 'Csomagpont választása' }).click();
  const picker = page.getByRole('dialog', { name: 'Foxpost csomagpont választása' });
  await picker.getByLabel('Irányítószám, város vagy a pont neve').fill('1117');
  const locker = picker
    .getByRole('list', { name: 'Foxpost pontok' })
    .getByRole('listitem')
    .filter({ hasText: LOCKER });
  await locker.getByRole('button', { name: `Ezt választom: ${LOCKER}` }).click();
  await expect(pointSection.getByText(LOCKER)).toBeVisible();

  await expect(page.getByLabel('E-mail-cím')).toHaveValue(email);
  await page.getByLabel('Telefonszám').fill('06 30 765 4321');
  const billing = page.getByRole('group', { name: 'Számlázási cím' });
  await billing.getByLabel('Számlázási név').fill('Csomag Csaba');
  await billing.getByLabel('Irányítószám').fill('1117');
  await billing.getByLabel('Település').fill('Budapest');
  await billing.getByLabel('Utca, házszám').fill('Irinyi József utca 10.');
  await page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ }).press('Space');
  await page.getByRole('button', { name: ORDER_BUTTON }).click();

  await expect(page).toHaveURL(/\/_barion\//);
  await page.getByLabel('Kártyaszám').fill(CARD_SUCCEEDS);
  await page.getByRole('button', { name: 'Fizetés', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  const orderNumber = (await page.getByText(/^\d{4}-\d{6}$/).textContent()) ?? '';
  expect(orderNumber).toMatch(/^\d{4}-\d{6}$/);

  // The admin, in a browser of their own: "Csomag feladása" on the paid order's page.
  const adminContext = await browser.newContext({ acceptDownloads: true });
  await decideCookieConsent(adminContext);
  await adminContext.addInitScript((token) => window.localStorage.setItem('token', token), adminToken);
  const admin = waitForAppAfterNavigation(await adminContext.newPage());
  await admin.goto(`/admin/order/${orderId}`);
  const panel = admin.getByRole('region', { name: 'Csomag', exact: true });
  await expect(panel.getByText(LOCKER)).toBeVisible();
  await shoot(admin, 'parcel-panel-before');
  await panel.getByRole('button', { name: 'Csomag feladása' }).click();

  await expect(admin.getByText(/^A csomagot feladtuk: CLFOX\d{10}\.$/)).toBeVisible();
  const parcelNumber = (await panel.getByText(/^CLFOX\d{10}$/).textContent()) ?? '';
  expect(parcelNumber).toMatch(/^CLFOX\d{10}$/);
  await expect(panel.getByRole('button', { name: 'Csomag feladása' })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Csomagkövetés' })).toHaveAttribute(
    'href',
    new RegExp(`/_foxpost/csomagkovetes/\\?code=${parcelNumber}$`),
  );
  await expect(admin.getByText('Átadva a futárnak').first()).toBeVisible();
  await shoot(admin, 'parcel-panel-after');

  const downloading = admin.waitForEvent('download');
  await panel.getByRole('button', { name: 'Címke letöltése' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^cimke-\\d{4}-\\d{6}-${parcelNumber}\\.pdf$`));
  const label = await readFile(await download.path());
  expect(label.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The customer hears of it: the shipping e-mail with the tracking link is queued for them.
  const outbox = await request.post('/api/email/outbox', {
    headers: { token: adminToken },
    data: { search: email },
  });
  const items = ((await outbox.json()) as { items: { templateKey: string | null }[] }).items;
  expect(items.filter((item) => item.templateKey === 'order_shipped')).toHaveLength(1);

  // The tracking link works without any Foxpost account: the stand-in's page shows the parcel.
  await admin.goto((await panel.getByRole('link', { name: 'Csomagkövetés' }).getAttribute('href')) ?? '/');
  await expect(admin.getByRole('heading', { name: `Csomag: ${parcelNumber}` })).toBeVisible();
  await adminContext.close();

  // The card payment was invoiced by the worker through the Számla Agent (the stand-in): the customer
  // finds the invoice under "Rendeléseim" and downloads its PDF.
  const invoiceLine = page.getByText(/^Számla: KBB-\d{4}-\d+$/);
  await expect(async () => {
    await page.goto('/services/account?tab=rendeleseim');
    await page.getByRole('button', { name: new RegExp(orderNumber) }).click();
    await expect(invoiceLine).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await shoot(page, 'rendeleseim-invoice');
  const invoiceNumber = ((await invoiceLine.textContent()) ?? '').replace('Számla: ', '');
  const invoiceDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Számla letöltése' }).click();
  const invoice = await invoiceDownload;
  expect(invoice.suggestedFilename()).toContain(invoiceNumber);
  const invoicePdf = await readFile(await invoice.path());
  expect(invoicePdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
