import { expect, test } from '../fixtures';

for (const path of ['/nincs-ilyen/oldal', '/page/nincs-ilyen-oldal', '/piros-bogre-999999']) {
  test(`${path} shows 'Page not found'`, async ({ page }) => {
    await page.goto(path);

    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('A keresett oldal nem található.', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'Vissza a főoldalra' }).click();
    await expect(page).toHaveURL('/');
  });
}
