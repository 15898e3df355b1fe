import { expect, test } from '../fixtures';

test('a 401 on a POST alerts, removes the token and goes home', async ({ adminPage: page }) => {
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Vezérlőpult' })).toBeVisible();

  // The session ends behind the page's back: the next POST carries a token the server does not know.
  await page.evaluate(() => window.localStorage.setItem('token', 'lejart-vagy-hamis-token'));
  const dialogShown = page.waitForEvent('dialog');
  await page.getByRole('button', { name: 'Kijelentkezés' }).click();

  const dialog = await dialogShown;
  expect(dialog.type()).toBe('alert');
  expect(dialog.message()).toBe('A munkamenet lejárt. Jelentkezz be újra!');
  await dialog.accept();

  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('navigation', { name: 'Kategóriák', exact: true })).toBeVisible();
});
