import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signedInStaffMember } from '../staff-member';

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a role that only reads catalogues, customers and promotions is not offered new, edit or delete on their lists', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const token = await signedInStaffMember(request, adminToken, {
    roleName: uniqueName('Csak olvasó'),
    permissions: ['catalogue:read', 'customers:read', 'promotions:read'],
  });
  await page.goto('/foo');
  await page.evaluate((value) => window.localStorage.setItem('token', value), token);

  // Catalogues: the list and its search, but no "new" (creating needs catalogue:write).
  await page.goto('/admin/other/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'Katalógusok' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Keresés a katalógusok között' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Katalógusok' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Új katalógus' })).toHaveCount(0);

  // A product opens locked, its description too: no typing into the editor, no formatting toolbar.
  const [product] = (
    (await (await request.post('/api/product', { data: { pageSize: 1 } })).json()) as {
      items: { id: number }[];
    }
  ).items;
  await page.goto(`/admin/catalog/products/${product?.id}`);
  const description = page.getByRole('textbox', { name: 'Leírás', exact: true });
  await expect(description).toBeVisible();
  await expect(description).not.toBeEditable();
  await expect(page.getByRole('toolbar', { name: 'Formázás' })).toHaveCount(0);

  // Promotions: the demo's promotions with their figures, none of the buttons that change or delete one.
  await page.goto('/admin/promotions');
  const promotions = page.getByRole('table', { name: 'Akciók' });
  await expect(promotions.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Új akció' })).toHaveCount(0);
  await expect(promotions.getByRole('button')).toHaveCount(0);
  await shoot(page, 'admin-promotions-read-only-1440');
  // On a phone the buttons sit under each promotion's name: none there either.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(promotions.getByRole('row').nth(1)).toBeVisible();
  await expect(promotions.getByRole('button')).toHaveCount(0);
  await shoot(page, 'admin-promotions-read-only-390');
  await page.setViewportSize({ width: 1440, height: 1000 });

  // Customer groups: the groups, no "new".
  await page.goto('/admin/customer/group');
  await expect(page.getByRole('heading', { level: 1, name: 'Vásárlói csoportok' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vásárlói csoportok' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Új csoport' })).toHaveCount(0);
});
