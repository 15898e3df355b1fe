import { expect, test } from '../fixtures';

test('an admin creates an API key, copies it, an integration calls the REST API with it, and after revoking it gets 401', async ({
  adminPage: page,
  request,
  uniqueName,
}) => {
  // A whole journey through the screen and the REST API, with a page reload between.
  test.setTimeout(90_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = uniqueName('Raktárprogram');

  await page.goto('/admin/settings/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API-kulcsok' })).toBeVisible();
  await page.getByRole('button', { name: 'Új kulcs' }).click();
  const form = page.getByRole('dialog', { name: 'Új API-kulcs' });
  await form.getByRole('button', { name: 'Kulcs létrehozása' }).click();
  await expect(form.getByText('A kulcs neve kötelező.')).toBeVisible();
  await form.getByLabel('Név').fill(name);
  await form.getByText('Katalógus olvasása').click();
  await form.getByText('Rendelések olvasása').click();
  await form.getByRole('button', { name: 'Kulcs létrehozása' }).click();

  const created = page.getByRole('dialog', { name: `Az új kulcs: ${name}` });
  await expect(created.getByText('Most másold ki – többé nem jelenik meg.')).toBeVisible();
  const shown = await created.getByRole('textbox', { name: 'API-kulcs' }).inputValue();
  expect(shown).toMatch(/^kbk_[A-Za-z0-9_-]{43}$/);
  await created.getByRole('button', { name: 'API-kulcs másolása' }).click();
  await expect(page.getByText('A kulcs a vágólapra került.')).toBeVisible();
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(shown);
  await created.getByRole('button', { name: 'Kimásoltam, bezárás' }).click();
  await expect(created).toBeHidden();

  // The list shows the key's beginning, never the key.
  await page.getByRole('searchbox', { name: 'Keresés a kulcsok között' }).fill(name);
  const row = page.getByRole('row', { name });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('Aktív');
  await expect(row).toContainText('Még nem használták');
  await expect(page.getByText(key)).toHaveCount(0);

  // An integration reads orders and the catalogue with it, in either header.
  const orders = await request.post('/api/order', { headers: { authorization: `Bearer ${key}` }, data: {} });
  expect(orders.status()).toBe(200);
  const quality = await request.get('/api/product/quality-summary', { headers: { token: key } });
  expect(quality.status()).toBe(200);
  const customers = await request.post('/api/customer', { headers: { token: key }, data: {} });
  expect(customers.status()).toBe(403);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'API-kulcsok' })).toBeVisible();
  await expect(row).toContainText('Aktív');
  await expect(row).not.toContainText('Még nem használták');

  await row.getByRole('button', { name: `${name} visszavonása` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Visszavonod ezt a kulcsot: „${name}”?` });
  await confirm.getByRole('button', { name: 'Visszavonás' }).click();
  await expect(page.getByText('A kulcs visszavonva.')).toBeVisible();
  await expect(row).toContainText('Visszavonva');
  await expect(row.getByRole('button', { name: `${name} visszavonása` })).toHaveCount(0);

  const refused = await request.post('/api/order', { headers: { authorization: `Bearer ${key}` }, data: {} });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Az API-kulcs érvénytelen vagy visszavonták.',
  );
});
