import { expect, test } from '../fixtures';

test('a wrong password shows the API message', async ({ page, admin }) => {
  await page.goto('/admin');
  await page.getByLabel('E-mail-cím').fill(admin.email);
  await page.getByLabel('Jelszó').fill('nem-ez-a-jelszo');
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();

  await expect(page.getByText('Hibás felhasználónév vagy jelszó!')).toBeVisible();
  await expect(page).toHaveURL('/admin');
});

test('an admin signs in, creates a category and sees it in the shop menu', async ({
  page,
  admin,
  uniqueName,
}) => {
  const title = uniqueName('E2E kategória');

  await page.goto('/admin');
  await page.getByLabel('E-mail-cím').fill(admin.email);
  await page.getByLabel('Jelszó').fill(admin.password);
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();

  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Vezérlőpult' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

  await page
    .getByRole('navigation', { name: 'Admin menü' })
    .getByRole('link', { name: 'Kategóriák' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kategóriák' })).toBeVisible();
  await page.getByRole('button', { name: 'Új kategória' }).click();

  const dialog = page.getByRole('dialog', { name: 'Új kategória' });
  await dialog.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(dialog.getByText('A cím kötelező.')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Cím', exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(page.getByText('A kategória létrejött.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Kategóriák', exact: true });
  await menu.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('a shopper without a session cannot open the dashboard', async ({ page }) => {
  await page.goto('/admin/catalog/categories');
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Bejelentkezés az adminba' })).toBeVisible();
});

test("an admin writes a category's English title and the Hungarian one stays", async ({
  adminPage: page,
  adminToken,
  request,
  uniqueName,
}) => {
  const title = uniqueName('E2E nyelvek');
  const created = await request.post('/api/category', {
    headers: { token: adminToken },
    data: { descriptions: [{ language: 'hu', title }] },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/admin/catalog/categories/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('combobox', { name: 'Nyelv' }).selectOption('en');
  await expect(page.getByRole('textbox', { name: 'Cím', exact: true })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Cím', exact: true }).fill(`${title} (English)`);
  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('A kategória mentve.')).toBeVisible();

  const languages = page.getByRole('table');
  await expect(languages.getByRole('cell', { name: `${title} (English)`, exact: true })).toBeVisible();
  await expect(languages.getByRole('cell', { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const stored = await request.get(`/api/category/${id}`, { headers: { token: adminToken } });
  const category = (await stored.json()) as {
    parent: number | null;
    descriptions: { language: string; title: string }[];
  };
  expect(category.parent).toBeNull();
  expect(category.descriptions.map(({ language, title }) => [language, title])).toEqual([
    ['hu', title],
    ['en', `${title} (English)`],
  ]);
});
