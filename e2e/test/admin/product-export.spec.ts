import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('an admin filters the product list on a phone and downloads exactly those products as CSV', async ({
  adminPage: page,
  request,
  adminToken,
}) => {
  // One word no other product has, so the search finds only this test's products.
  const tag = `Xport${Date.now().toString(36)}`;
  const products = [
    { kutiId: `${tag}-BOG`.toUpperCase(), title: `${tag} bögre`, enabled: true },
    { kutiId: `${tag}-POH`.toUpperCase(), title: `${tag} pohár`, enabled: true },
    { kutiId: `${tag}-TANY`.toUpperCase(), title: `${tag} tányér`, enabled: false },
  ];
  for (const product of products) {
    const created = await request.post('/api/product/update', {
      headers: { token: adminToken },
      data: {
        kutiId: product.kutiId,
        price: 2490,
        stock: 4,
        enabled: product.enabled,
        descriptions: [{ language: 'hu', title: product.title }],
      },
    });
    expect(created.ok()).toBe(true);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/catalog/products');
  await page.getByLabel('Keresés a termékek között').fill(tag);
  // The search is applied after a pause in typing; the state is chosen once it is in the address.
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await page.getByLabel('Állapot').selectOption({ label: 'Engedélyezett' });
  await expect(page).toHaveURL(/state=enabled/);
  await expect(page.getByRole('link', { name: products[0]!.title })).toBeVisible();
  await expect(page.getByRole('link', { name: products[1]!.title })).toBeVisible();
  await expect(page.getByRole('link', { name: products[2]!.title })).toHaveCount(0);

  const exportButton = page.getByRole('button', { name: 'Exportálás' });
  await expect(exportButton).toBeVisible();
  await shoot(page, 'admin-products-export-390');
  await exportButton.click();
  await expect(page.getByRole('menuitem', { name: 'XLSX' })).toBeVisible();
  await shoot(page, 'admin-products-export-menu-390');
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (Excel)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^termekek-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').slice(1, -1);
  const rows = lines.map((line) => line.split(';'));
  expect(rows.map((row) => row[0]).sort()).toEqual([products[0]!.kutiId, products[1]!.kutiId].sort());
  expect(rows.map((row) => row[2]).sort()).toEqual([products[0]!.title, products[1]!.title].sort());

  await page.setViewportSize({ width: 1440, height: 1000 });
  await expect(exportButton).toBeVisible();
  await shoot(page, 'admin-products-export-1440');
});
