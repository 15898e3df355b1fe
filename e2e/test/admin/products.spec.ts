import { expect, test } from '../fixtures';

type Card = { id: number; slug: string; title: string };

test('an admin disables a product and it disappears from the shop', async ({
  adminPage: page,
  browser,
  request,
  adminToken,
}) => {
  const response = await request.post('/api/product/filters', { data: { query: 'bögre', pageSize: 5 } });
  const { items } = (await response.json()) as { items: Card[] };
  const product = items.at(-1)!;

  try {
    await page.goto(`/admin/catalog/products?q=${encodeURIComponent(product.title)}`);
    const toggle = page.getByLabel(`${product.title}: engedélyezve`);
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    await expect(page.getByText('A termék letiltva.')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    // A shopper (no admin session) no longer finds it.
    const shopper = await browser.newPage();
    await shopper.goto(`/${product.slug}`);
    await expect(shopper.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await shopper.goto('/search/bogre');
    await expect(shopper.getByRole('heading', { level: 1, name: 'Keresés: „bogre”' })).toBeVisible();
    await expect(shopper.getByRole('status').filter({ hasText: 'termék' })).toBeVisible();
    await expect(shopper.getByRole('main').getByRole('link', { name: product.title })).toHaveCount(0);
    await shopper.close();
  } finally {
    // Other tests count the demo catalogue: put the product back.
    await request.get(`/api/product/enable/${product.id}`, { headers: { token: adminToken } });
  }
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
