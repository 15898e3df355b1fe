import { expect, test } from '../fixtures';

test('a static page renders its admin-written HTML', async ({ page }) => {
  await page.goto('/page/impresszum');

  await expect(page.getByRole('heading', { level: 1, name: 'Impresszum' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tárhelyszolgáltató' })).toBeVisible();
  await expect(page.getByRole('article').getByRole('listitem').first()).toBeVisible();
  await expect(page).toHaveTitle(/^Impresszum \| /);
});

test('the footer links the static pages', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Információk' })
    .getByRole('link', { name: 'Szállítási információk' })
    .click();

  await expect(page).toHaveURL('/page/szallitasi-informaciok');
  await expect(page.getByRole('heading', { level: 1, name: 'Szállítási információk' })).toBeVisible();
});

test('/info/{slug} shows the same pages', async ({ page }) => {
  await page.goto('/info/impresszum');
  await expect(page.getByRole('heading', { level: 1, name: 'Impresszum' })).toBeVisible();
});

test('every page’s footer leads a phone user to the accessibility statement, which says how to get help', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/featured');
  await page
    .getByRole('navigation', { name: 'Információk' })
    .getByRole('link', { name: 'Akadálymentességi nyilatkozat' })
    .click();
  await expect(page).toHaveURL('/page/akadalymentessegi-nyilatkozat');
  await expect(page.getByRole('heading', { level: 1, name: 'Akadálymentességi nyilatkozat' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Segítség és visszajelzés' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('WCAG');
});
