import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures';

test('an admin creates a 10 % coupon, pauses it, generates 5 more codes and downloads all 6 as CSV', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  const name = uniqueName('Adventi kupon');
  const code = `PW${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Akciók' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Akciók' })).toBeVisible();

  await page.getByRole('button', { name: 'Új akció' }).click();
  const form = page.getByRole('dialog', { name: 'Új akció' });
  // The API's own Hungarian messages stand under the fields left empty.
  await form.getByRole('button', { name: 'Akció létrehozása' }).click();
  await expect(form.getByText('Az akció neve kötelező.')).toBeVisible();
  await expect(form.getByText('A százalék 1 és 100 közötti egész szám.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Név' }).fill(name);
  await expect(form.getByRole('radio', { name: 'Kuponkód' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Kuponkód' }).fill(code.toLowerCase());
  await expect(form.getByRole('textbox', { name: 'Kuponkód' })).toHaveValue(code);
  await form.getByRole('textbox', { name: /Mértéke/ }).fill('10');
  await form.getByRole('textbox', { name: 'Felhasználás összesen' }).fill('100');
  await form.getByRole('button', { name: 'Akció létrehozása' }).click();
  await expect(page.getByText('Az akció létrejött.')).toBeVisible();
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name });
  await expect(row).toContainText(/10\s%/);
  await expect(row).toContainText(code);
  await expect(row).toContainText('Fut');
  await expect(row).toContainText('0 / 100');

  await row.getByRole('button', { name: `${name} szüneteltetése` }).click();
  await expect(page.getByText('Az akció szünetel.')).toBeVisible();
  await expect(row).toContainText('Szünetel');
  await expect(row.getByRole('button', { name: `${name} folytatása` })).toBeVisible();
  // The pause is the promotion's own: the API answers the same.
  const listed = await request.get('/api/promotion', { headers: { token: adminToken } });
  const promotion = ((await listed.json()) as { items: { name: string; paused: boolean }[] }).items.find(
    (item) => item.name === name,
  );
  expect(promotion?.paused).toBe(true);

  await row.getByRole('button', { name: `${name}: kódok` }).click();
  const generator = page.getByRole('dialog', { name: 'Kódok generálása' });
  await generator.getByRole('textbox', { name: /Hány kód/ }).fill('5');
  await generator.getByRole('textbox', { name: 'Előtag' }).fill('hirlevel');
  await generator.getByRole('button', { name: 'Kódok generálása' }).click();
  const result = page.getByRole('dialog', { name: '5 új kód' });
  await expect(result.getByText(/^HIRLEVEL-[A-Z0-9]{8}$/)).toHaveCount(5);

  const downloading = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Kódok letöltése (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const lines = (await readFile(await download.path()))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  // The heading, the first code and the five new ones, each usable once by default.
  expect(lines).toHaveLength(7);
  expect(lines[0]).toBe('Kód;Felhasználható;Felhasználva');
  expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual([
    code,
    ...Array.from({ length: 5 }, () => expect.stringMatching(/^HIRLEVEL-[A-Z0-9]{8}$/)),
  ]);
  expect(lines.slice(2).every((line) => line.endsWith(';1;0'))).toBe(true);

  await result.getByRole('button', { name: 'Kész' }).click();
  await expect(result).toBeHidden();
  await expect(row).toContainText('6 kód');
});
