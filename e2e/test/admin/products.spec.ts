import { expect, test, waitForAppAfterNavigation } from '../fixtures';

type CreatedProduct = { id: number; slug: string; title: string };

test('an admin disables a product and it disappears from the shop', async ({
  adminPage: page,
  browser,
  request,
  adminToken,
  uniqueName,
}) => {
  // A product of its own, so no other test sees the demo catalogue change.
  const created = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: {
      price: 3490,
      stock: 5,
      enabled: true,
      descriptions: [{ language: 'hu', title: uniqueName('Letiltandó bögre') }],
    },
  });
  expect(created.ok()).toBe(true);
  const product = (await created.json()) as CreatedProduct;

  const shopper = waitForAppAfterNavigation(await browser.newPage());
  await shopper.goto(`/${product.slug}`);
  await expect(shopper.getByRole('heading', { level: 1, name: product.title })).toBeVisible();

  await page.goto(`/admin/catalog/products?q=${encodeURIComponent(product.title)}`);
  const toggle = page.getByLabel(`${product.title}: engedélyezve`);
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('A termék letiltva.')).toBeVisible();
  await expect(toggle).not.toBeChecked();

  // A shopper (no admin session) no longer finds it.
  await shopper.goto(`/${product.slug}`);
  await expect(shopper.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await shopper.goto(`/search/${encodeURIComponent(product.title)}`);
  await expect(shopper.getByRole('heading', { level: 1, name: `Keresés: „${product.title}”` })).toBeVisible();
  await expect(shopper.getByRole('status').filter({ hasText: /Nincs találat|termék/ })).toBeVisible();
  await expect(shopper.getByRole('main').getByRole('link', { name: product.title })).toHaveCount(0);
  await shopper.close();
});

test('the catalogue check lists every data-quality check with its count', async ({ adminPage: page }) => {
  await page.goto('/admin/catalog/check');
  await expect(page.getByRole('heading', { level: 1, name: 'Katalógus-ellenőrzés' })).toBeVisible();
  for (const title of ['Hiányzó leírás', 'Hiányzó kép', 'Nem egyedi URL', 'Ismétlődő termékkód']) {
    await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  }
  await page.getByRole('link', { name: /Hiányzó leírás/ }).click();
  await expect(page).toHaveURL('/admin/catalog/products/missingdescription');
  await expect(page.getByRole('heading', { level: 1, name: 'Hiányzó leírás' })).toBeVisible();
});

test('a new product cannot take another product’s code, and a saved price shows in the list and its history', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  const kutiId = `E2E-${Date.now().toString(36)}`.toUpperCase();
  const existingTitle = uniqueName('Kódos bögre');
  const existing = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: {
      kutiId,
      price: 2990,
      stock: 7,
      enabled: true,
      descriptions: [{ language: 'hu', title: existingTitle }],
    },
  });
  expect(existing.ok()).toBe(true);
  const { id } = (await existing.json()) as CreatedProduct;

  await page.goto('/admin/catalog/products/new');
  await page.getByLabel('Megnevezés (magyar)').fill(uniqueName('Másik bögre'));
  await page.getByLabel('Cikkszám (külső kód)').fill(kutiId);
  await page.getByLabel('Bruttó ár (Ft)').fill('1990');
  await page.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(
    page.getByText(`Ezt a termékkódot már egy másik termék használja: „${existingTitle}”.`),
  ).toBeVisible();
  const stored = (await (
    await request.get(`/api/product/${id}`, { headers: { token: adminToken } })
  ).json()) as {
    title: string;
    price: number;
  };
  expect(stored).toMatchObject({ title: existingTitle, price: 2990 });

  await page.goto(`/admin/catalog/products/${id}`);
  await page.getByLabel('Bruttó ár (Ft)').fill('2490');
  await page.getByRole('button', { name: 'Mentés', exact: true }).click();
  await expect(page.getByText('A termék mentve.')).toBeVisible();
  await expect(page.getByRole('cell', { name: '2 490 Ft' }).first()).toBeVisible();

  await page.goto(`/admin/catalog/products?q=${encodeURIComponent(kutiId)}`);
  const row = page.getByRole('row').filter({ hasText: existingTitle });
  await expect(row).toContainText('2 490 Ft');
  await expect(row).toContainText('7 db');
});
