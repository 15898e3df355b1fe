import { expect, test } from '../fixtures';

test('a 401 on a POST alerts, removes the token and goes home', async ({ adminPage: page }) => {
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Vezérlőpult' })).toBeVisible();

  // The session ends behind the page's back: the next POST carries a token the server does not know.
  await page.evaluate(() => window.localStorage.setItem('token', 'lejart-vagy-hamis-token'));
  // The alert blocks the page, so it is answered by a handler set up before the click rather than
  // awaited after it: the click itself may not finish while the alert is open.
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.accept();
  });
  await page.getByRole('button', { name: 'Kijelentkezés' }).click();

  await expect(page).toHaveURL('/');
  expect(alerts).toEqual(['alert: A munkamenet lejárt. Jelentkezz be újra!']);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('navigation', { name: 'Kategóriák', exact: true })).toBeVisible();
});
