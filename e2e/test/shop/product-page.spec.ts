import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForAppAfterNavigation } from '../fixtures';
import { TINY_PNG_BASE64 } from '../images';

type Product = { id: number; slug: string; title: string; kutiId: string | null };
type OutboxItem = { id: number; to: string; subject: string; templateKey: string | null };

/** Screenshots for looking at the screens by eye (E2E_SHOTS=dir); none in ordinary runs. */
const SHOTS = process.env.E2E_SHOTS;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const mailbox = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@example.hu`;

async function createProduct(
  request: APIRequestContext,
  adminToken: string,
  data: { title: string; stock: number; imageIds?: number[] },
): Promise<Product> {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: {
      kutiId,
      price: 3490,
      stock: data.stock,
      enabled: true,
      descriptions: [{ language: 'hu', title: data.title }],
      ...(data.imageIds ? { imageIds: data.imageIds } : {}),
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

async function backInStockMails(request: APIRequestContext, adminToken: string, email: string) {
  const response = await request.post('/api/email/outbox', {
    headers: { token: adminToken },
    data: { search: email },
  });
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: OutboxItem[] };
  return items.filter((item) => item.to === email && item.templateKey === 'back_in_stock');
}

test('the lightbox opens from the gallery, moves with the arrow keys, keeps focus inside and closes with Escape', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const alts = ['Bögre elölről', 'Bögre oldalról', 'Bögre díszdobozban'];
  const imageIds: number[] = [];
  for (const [n, alt] of alts.entries()) {
    const uploaded = await request.post('/api/media', {
      headers: { token: adminToken },
      data: { fileName: `bogre-${n}.png`, mimeType: 'image/png', dataBase64: TINY_PNG_BASE64, alt },
    });
    expect(uploaded.ok()).toBe(true);
    imageIds.push(((await uploaded.json()) as { id: number }).id);
  }
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Háromképes bögre'),
    stock: 5,
    imageIds,
  });

  await page.goto(`/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  // An in-stock product says when it arrives and what delivery costs.
  await expect(page.getByText(/^Várható szállítási idő: /)).toBeVisible();
  await expect(page.getByText(/felett ingyenes a szállítás$/)).toBeVisible();

  const opener = page.getByRole('button', { name: `Nagyítás: ${alts[0]} (1. kép)` });
  await opener.focus();
  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog', { name: product.title });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByText('1. kép / 3')).toBeVisible();
  await expect(lightbox.getByRole('img', { name: alts[0] })).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('2. kép / 3')).toBeVisible();
  await expect(lightbox.getByRole('img', { name: alts[1] })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox.getByText('3. kép / 3')).toBeVisible();
  await expect(lightbox.getByRole('img', { name: alts[2] })).toBeVisible();

  // Tabbing goes round the lightbox's own buttons and never reaches the page behind it.
  for (let n = 0; n < 6; n++) {
    await page.keyboard.press('Tab');
    expect(await lightbox.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await lightbox.getByRole('button', { name: 'Nagyítás', exact: true }).press('Enter');
  await expect(lightbox.getByRole('button', { name: 'Kicsinyítés' })).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'product-lightbox-zoomed');

  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  // The gallery shows the image the shopper stopped at, and focus is back on it.
  const stoppedAt = page.getByRole('button', { name: `Nagyítás: ${alts[2]} (3. kép)` });
  await expect(stoppedAt).toBeFocused();
});

test('a shopper asks to be told about a sold-out product; when the admin raises its stock, exactly one e-mail is queued', async ({
  adminPage,
  browser,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Elfogyott bögre'),
    stock: 0,
  });
  const email = mailbox(uniqueName('ertesites'));

  const shopper = waitForAppAfterNavigation(await browser.newPage());
  await shopper.goto(`/${product.slug}`);
  await expect(shopper.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(shopper.getByText('Jelenleg nincs készleten')).toBeVisible();
  await shopper.getByRole('button', { name: 'Értesítést kérek' }).click();
  await expect(shopper.getByText('Az e-mail-cím kötelező.')).toBeVisible();
  await shopper.getByLabel('E-mail-cím').fill(email);
  await shopper.getByRole('button', { name: 'Értesítést kérek' }).click();
  await expect(shopper.getByText('Értesítünk, amint újra raktáron lesz.')).toBeVisible();
  await expect(shopper.getByText(`Egy levelet küldünk ide: ${email}`)).toBeVisible();
  await shoot(shopper, 'product-notify-asked');
  await shopper.close();

  await adminPage.goto(`/admin/catalog/products/${product.id}`);
  await adminPage.getByLabel('Készlet').fill('8');
  await adminPage.getByRole('button', { name: 'Mentés', exact: true }).click();
  await expect(adminPage.getByText('A termék mentve.')).toBeVisible();

  await expect.poll(async () => (await backInStockMails(request, adminToken, email)).length).toBe(1);
  const [mail] = await backInStockMails(request, adminToken, email);
  expect(mail?.subject).toBe(`Újra raktáron: ${product.title}`);

  // Another save and another request answered later prove the worker ran again meanwhile: still one.
  await adminPage.getByLabel('Készlet').fill('9');
  await adminPage.getByRole('button', { name: 'Mentés', exact: true }).click();
  await expect(adminPage.getByText('A termék mentve.').first()).toBeVisible();
  const later = await createProduct(request, adminToken, { title: uniqueName('Másik elfogyott'), stock: 0 });
  const laterEmail = mailbox(uniqueName('kesobbi'));
  const asked = await request.post(`/api/product/${later.id}/notify`, { data: { email: laterEmail } });
  expect(asked.ok()).toBe(true);
  const raised = await request.post('/api/product/stock', {
    headers: { token: adminToken },
    data: { items: [{ kutiId: later.kutiId, stock: 2 }] },
  });
  expect(raised.ok()).toBe(true);
  await expect.poll(async () => (await backInStockMails(request, adminToken, laterEmail)).length).toBe(1);
  expect(await backInStockMails(request, adminToken, email)).toHaveLength(1);
});
