import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { openAtOnce, slowCpu } from '../slow-cpu';
import { signedInStaffMember } from '../staff-member';

const SHOTS = process.env.E2E_SHOTS_DIR;

// A phone's touch screen; the same list is then used at a desktop's width with the keyboard. Either
// way the CPU runs four times slower than the test machine's, and the list is used the moment it shows.
test.use({ hasTouch: true });

test.beforeEach(async ({ page }) => {
  await slowCpu(page);
});

type CreatedProduct = { id: number; title: string };

async function createProducts(request: APIRequestContext, adminToken: string, titles: string[]) {
  const products: CreatedProduct[] = [];
  for (const title of titles) {
    const created = await request.post('/api/product/update', {
      headers: { token: adminToken },
      data: { price: 2990, stock: 3, enabled: true, descriptions: [{ language: 'hu', title }] },
    });
    expect(created.ok(), await created.text()).toBe(true);
    products.push((await created.json()) as CreatedProduct);
  }
  return products;
}

// Chakra draws the box beside a visually hidden input: the drawn box (the input's label) takes the tap.
const box = (page: Page, name: string) => page.getByLabel(name, { exact: true }).locator('xpath=..');

for (const width of [390, 1440]) {
  test(`an admin disables two chosen products at once from the product list (${width} px)`, async ({
    adminPage: page,
    request,
    adminToken,
    uniqueName,
  }) => {
    test.setTimeout(60_000);
    const batch = uniqueName('Tömeges bögre');
    const [first, second, kept] = await createProducts(request, adminToken, [
      `${batch} A`,
      `${batch} B`,
      `${batch} C`,
    ]);
    if (!first || !second || !kept) throw new Error('A termékek nem jöttek létre.');
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await openAtOnce(page, `/admin/catalog/products?q=${encodeURIComponent(batch)}`);
    const table = page.getByRole('table', { name: 'Termékek' });
    await expect(table.getByRole('link', { name: kept.title })).toBeVisible();
    const bar = page.getByRole('region', { name: 'Kijelölt termékek' });
    await expect(bar).toHaveCount(0);

    if (width < 768) {
      await box(page, `${first.title} kijelölése`).tap();
      await box(page, `${second.title} kijelölése`).tap();
    } else {
      // The keyboard alone: the header box takes the page, then the third is let go.
      await page.getByLabel('Az oldal minden termékének kijelölése').focus();
      await page.keyboard.press('Space');
      await expect(bar.getByText('3 kijelölve')).toBeVisible();
      await page.getByLabel(`${kept.title} kijelölése`).focus();
      await page.keyboard.press('Space');
    }
    await expect(bar.getByText('2 kijelölve')).toBeVisible();
    await expect(page.getByLabel('Az oldal minden termékének kijelölése')).toBeChecked({
      indeterminate: true,
    });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-products-bulk-${width}.png` });

    // Disabling hides products from the shop: it asks first, and "Mégse" changes nothing.
    await bar.getByRole('button', { name: 'Letiltás' }).click();
    const question = page.getByRole('alertdialog', { name: 'Termékek letiltása' });
    await expect(question).toContainText('2 terméket tiltasz le');
    await question.getByRole('button', { name: 'Mégse' }).click();
    await expect(page.getByLabel(`${first.title}: engedélyezve`)).toBeChecked();
    await bar.getByRole('button', { name: 'Letiltás' }).click();
    await question.getByRole('button', { name: 'Letiltás' }).click();

    await expect(page.getByText('2 termék letiltva.')).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect(page.getByLabel(`${first.title}: engedélyezve`)).not.toBeChecked();
    await expect(page.getByLabel(`${second.title}: engedélyezve`)).not.toBeChecked();
    await expect(page.getByLabel(`${kept.title}: engedélyezve`)).toBeChecked();
    // The shop no longer sells the two, and still sells the third.
    expect((await request.get(`/api/product/${first.id}`)).status()).toBe(404);
    expect((await request.get(`/api/product/${second.id}`)).status()).toBe(404);
    expect((await request.get(`/api/product/${kept.id}`)).status()).toBe(200);
  });
}

test('a role that only reads the catalogue gets no checkboxes and no bulk actions', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(60_000);
  const [product] = await createProducts(request, adminToken, [uniqueName('Csak olvasott bögre')]);
  if (!product) throw new Error('A termék nem jött létre.');
  const token = await signedInStaffMember(request, adminToken, {
    roleName: uniqueName('Katalógusolvasó'),
    permissions: ['catalogue:read'],
  });
  await page.goto('/foo');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);
  await openAtOnce(page, `/admin/catalog/products?q=${encodeURIComponent(product.title)}`);
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
  await expect(page.getByLabel(`${product.title} kijelölése`)).toHaveCount(0);
  await expect(page.getByLabel('Az oldal minden termékének kijelölése')).toHaveCount(0);
});
