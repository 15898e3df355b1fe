import { expect, test, waitForAppAfterNavigation } from '../fixtures';

test('an admin rewrites the Hungarian text of a page; the shop shows it and the English text stays', async ({
  adminPage: page,
  adminToken,
  request,
  uniqueName,
}) => {
  const title = uniqueName('E2E oldal');
  const created = await request.post('/api/page', {
    headers: { token: adminToken },
    data: {
      descriptions: [
        { language: 'hu', title, body: '<p>Régi szöveg.</p>' },
        { language: 'en', title: 'English page', body: '<p>English text.</p>' },
      ],
    },
  });
  expect(created.ok()).toBe(true);
  const { id, slug } = (await created.json()) as { id: number; slug: string };

  await page.goto(`/admin/other/page/${id}`);
  await expect(page.getByRole('combobox', { name: 'Nyelv' })).toHaveValue('hu');
  await expect(page.getByRole('textbox', { name: 'Cím', exact: true })).toHaveValue(title);
  await page.getByRole('textbox', { name: 'Tartalom' }).fill('Új szöveg a boltban.');
  await expect(page.getByLabel('Előnézet').getByText('Új szöveg a boltban.')).toBeVisible();
  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('Az oldal mentve.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Nyelv' }).selectOption('en');
  await expect(page.getByRole('textbox', { name: 'Cím', exact: true })).toHaveValue('English page');

  const shop = waitForAppAfterNavigation(await page.context().newPage());
  await shop.goto(`/page/${slug}`);
  await expect(shop.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(shop.getByText('Új szöveg a boltban.')).toBeVisible();

  const stored = await request.get(`/api/page/${id}`);
  const answer = (await stored.json()) as { descriptions: { language: string; body: string | null }[] };
  expect(answer.descriptions.map(({ language, body }) => [language, body])).toEqual([
    ['hu', '<p>Új szöveg a boltban.</p>'],
    ['en', '<p>English text.</p>'],
  ]);
});
