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
  await form.getByRole('textbox', { name: /Mértéke/ }).fill('10');
  await form.getByRole('textbox', { name: 'Felhasználás összesen' }).fill('100');
  // The demo shop's DEMO10 is taken: the server's answer stands under the code.
  await form.getByRole('textbox', { name: 'Kuponkód' }).fill('demo10');
  await form.getByRole('button', { name: 'Akció létrehozása' }).click();
  await expect(form.getByText('Ez a kuponkód már létezik.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Kuponkód' }).fill(code.toLowerCase());
  await expect(form.getByRole('textbox', { name: 'Kuponkód' })).toHaveValue(code);
  await form.getByRole('button', { name: 'Akció létrehozása' }).click();
  await expect(page.getByText('Az akció létrejött.')).toBeVisible();
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name });
  await expect(row).toContainText(/10\s%/);
  await expect(row).toContainText(code);
  await expect(row).toContainText('Fut');
  await expect(row).toContainText('0 / 100');

  await row.getByRole('button', { name: `Szüneteltetés: ${name}` }).click();
  await expect(page.getByText('Az akció szünetel.')).toBeVisible();
  await expect(row).toContainText('Szünetel');
  await expect(row.getByRole('button', { name: `Folytatás: ${name}` })).toBeVisible();
  // The pause is the promotion's own: the API answers the same.
  const listed = await request.get('/api/promotion', { headers: { token: adminToken } });
  const promotion = ((await listed.json()) as { items: { name: string; paused: boolean }[] }).items.find(
    (item) => item.name === name,
  );
  expect(promotion?.paused).toBe(true);

  await row.getByRole('button', { name: `${name}: kódok` }).click();
  const generator = page.getByRole('dialog', { name: 'Kódok generálása' });
  await generator.getByRole('textbox', { name: /Hány kód/ }).fill('20000');
  await generator.getByRole('button', { name: 'Kódok generálása' }).click();
  await expect(generator.getByText('A kódok száma 1 és 10 000 közötti egész szám.')).toBeVisible();
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

test('on a phone an admin sets up free shipping for a category and a customer group, edits it and deletes it', async ({
  adminPage: page,
  request,
  adminToken,
  categoryTree,
  uniqueName,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = uniqueName('Ingyenes szállítás');
  const category = categoryTree[0];
  if (!category) throw new Error('A demóboltnak nincs kategóriája.');

  await page.goto('/admin/promotions');
  await page.getByRole('button', { name: 'Új akció' }).click();
  const form = page.getByRole('dialog', { name: 'Új akció' });
  await form.getByRole('textbox', { name: 'Név' }).fill(name);
  await form.getByText('Automatikus akció', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Automatikus akció' })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'Kuponkód' })).toHaveCount(0);
  await form.getByRole('combobox', { name: 'Fajtája' }).selectOption({ label: 'Ingyenes szállítás' });
  // Free shipping is worth what it says: there is no amount to give.
  await expect(form.getByRole('textbox', { name: /Mértéke|Összege/ })).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Minimális kosárérték' }).fill('5 000');
  await form.getByRole('searchbox', { name: 'Kategória keresése' }).fill(category.title.slice(0, 4));
  await form.getByRole('button', { name: category.title, exact: true }).click();
  await form.getByRole('button', { name: 'Törzsvásárló', exact: true }).click();
  await form.getByLabel('Kezdete').fill('2026-12-24T10:00');
  await form.getByLabel('Vége').fill('2026-12-20T10:00');
  await form.getByRole('button', { name: 'Akció létrehozása' }).click();
  await expect(form.getByText('Az akció vége legyen a kezdete után.')).toBeInViewport();

  await form.getByLabel('Vége').fill('2026-12-27T00:00');
  await form.getByRole('button', { name: 'Akció létrehozása' }).click();
  await expect(page.getByText('Az akció létrejött.')).toBeVisible();
  const row = page.getByRole('row', { name });
  await expect(row).toContainText('Ingyenes szállítás');
  await expect(row).toContainText(/kosár 5\s000\sFt-tól/);
  await expect(row).toContainText('Automatikus');
  await expect(row).toContainText('Ütemezett');

  // Saved as chosen, the times as Budapest wall-clock times.
  const listed = await request.get('/api/promotion', { headers: { token: adminToken } });
  const saved = ((await listed.json()) as { items: Record<string, unknown>[] }).items.find(
    (item) => item.name === name,
  );
  expect(saved).toMatchObject({
    automatic: true,
    kind: 'free_shipping',
    minCartValue: 5000,
    categoryIds: [category.id],
    startsAt: '2026-12-24T09:00:00.000Z',
    endsAt: '2026-12-26T23:00:00.000Z',
  });
  expect(saved?.customerGroupIds).toHaveLength(1);

  await row.getByRole('button', { name: `${name} szerkesztése` }).click();
  const edit = page.getByRole('dialog', { name: 'Akció szerkesztése' });
  await expect(edit.getByRole('button', { name: `${category.title} eltávolítása` })).toBeVisible();
  await edit.getByRole('button', { name: 'Törzsvásárló eltávolítása' }).click();
  await edit.getByRole('textbox', { name: 'Minimális kosárérték' }).fill('6000');
  await edit.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('Az akció mentve.')).toBeVisible();
  await expect(row).toContainText(/kosár 6\s000\sFt-tól/);

  await row.getByRole('button', { name: `${name} törlése` }).click();
  await page
    .getByRole('alertdialog', { name: 'Törlöd az akciót?' })
    .getByRole('button', { name: 'Törlés' })
    .click();
  await expect(page.getByText('Az akció törölve.')).toBeVisible();
  await expect(row).toHaveCount(0);
});
