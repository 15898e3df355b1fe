import { expect, test, waitForAppAfterNavigation } from '../fixtures';
import { TINY_PNG } from '../images';

// A 2×2 PNG: the media library accepts it and makes its variants.

test('an admin formats a page with the editor (heading, list, table, image, source view) and the shop shows it', async ({
  adminPage: page,
  adminToken,
  request,
  uniqueName,
}) => {
  // A long journey through two screens, and the editor is the admin's largest download.
  test.setTimeout(180_000);
  const title = uniqueName('Formázott oldal');
  const created = await request.post('/api/page', {
    headers: { token: adminToken },
    data: { descriptions: [{ language: 'hu', title, body: '<p>Régi szöveg.</p>' }] },
  });
  expect(created.ok()).toBe(true);
  const { id, slug } = (await created.json()) as { id: number; slug: string };

  await page.goto(`/admin/other/page/${id}`);
  const editor = page.getByRole('textbox', { name: 'Tartalom' });
  await editor.fill('Szállítási díjak');
  await page.getByRole('button', { name: 'Címsor 2' }).click();
  await expect(editor.getByRole('heading', { level: 2, name: 'Szállítási díjak' })).toBeVisible();

  await editor.press('End');
  await editor.press('Enter');
  await page.getByRole('button', { name: 'Felsorolás' }).click();
  await editor.pressSequentially('Futárral másnap');
  await editor.press('Enter');
  await editor.pressSequentially('Csomagautomatába');
  await editor.press('Enter');
  await editor.press('Enter');

  await page.getByRole('button', { name: 'Táblázat beszúrása' }).click();
  await editor.pressSequentially('Súly');
  await editor.press('Tab');
  await editor.pressSequentially('Díj');
  await editor.press('Tab');
  await editor.press('Tab');
  await editor.pressSequentially('5 kg-ig');
  await editor.press('Tab');
  await editor.pressSequentially('1490 Ft');

  await page.getByRole('button', { name: 'Kép beszúrása' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Kép beszúrása' });
  const fileChooser = page.waitForEvent('filechooser');
  await imageDialog.getByRole('button', { name: 'Új kép feltöltése' }).click();
  await (await fileChooser).setFiles({ name: 'csomag.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(imageDialog.getByRole('button', { name: 'csomag.png', pressed: true })).toBeVisible();
  await imageDialog.getByLabel('Helyettesítő szöveg (alt)').fill('Becsomagolt rendelés');
  await imageDialog.getByRole('button', { name: 'Beszúrás' }).click();
  await expect(editor.getByRole('img', { name: 'Becsomagolt rendelés' })).toBeVisible();

  // An expert's edit in the source view shows in the editor when they switch back.
  await page.getByRole('button', { name: 'Forráskód' }).click();
  const source = page.getByRole('textbox', { name: 'Tartalom' });
  await expect(source).toHaveValue(/<h2>Szállítási díjak<\/h2>/);
  await source.fill(`${await source.inputValue()}\n<p>Kérdés esetén <a href="/contact">írj nekünk</a>.</p>`);
  await page.getByRole('button', { name: 'Forráskód' }).click();
  await expect(editor.getByRole('link', { name: 'írj nekünk' })).toBeVisible();

  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('Az oldal mentve.')).toBeVisible();

  const shop = waitForAppAfterNavigation(await page.context().newPage());
  await shop.goto(`/page/${slug}`);
  await expect(shop.getByRole('heading', { level: 2, name: 'Szállítási díjak' })).toBeVisible();
  await expect(shop.getByRole('listitem').filter({ hasText: 'Csomagautomatába' })).toBeVisible();
  await expect(shop.getByRole('columnheader', { name: 'Díj' })).toBeVisible();
  await expect(shop.getByRole('cell', { name: '1490 Ft' })).toBeVisible();
  const image = shop.getByRole('img', { name: 'Becsomagolt rendelés' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^\/media\//);
  await expect(shop.getByRole('link', { name: 'írj nekünk' })).toHaveAttribute('href', '/contact');
});

test('a link to another site opens in a new tab only when the admin asks for it', async ({
  adminPage: page,
  adminToken,
  request,
  uniqueName,
}) => {
  test.slow();
  const created = await request.post('/api/page', {
    headers: { token: adminToken },
    data: { descriptions: [{ language: 'hu', title: uniqueName('Linkes oldal'), body: null }] },
  });
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/admin/other/page/${id}`);
  const editor = page.getByRole('textbox', { name: 'Tartalom' });
  await editor.fill('A gyártó oldala');
  await editor.press('ControlOrMeta+a');
  await page.getByRole('button', { name: 'Hivatkozás' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hivatkozás' });
  await dialog.getByRole('textbox', { name: 'Cím' }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Beszúrás' }).click();
  await expect(dialog.getByText('Csak http(s), mailto: vagy tel: cím')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Cím' }).fill('gyarto.example');
  await dialog.getByText('Új lapon nyíljon meg').click();
  await dialog.getByRole('button', { name: 'Beszúrás' }).click();
  await expect(editor.getByRole('link', { name: 'A gyártó oldala' })).toHaveAttribute(
    'href',
    'https://gyarto.example',
  );

  await page.getByRole('button', { name: 'Mentés' }).click();
  await expect(page.getByText('Az oldal mentve.')).toBeVisible();
  const stored = await request.get(`/api/page/${id}`);
  const { descriptions } = (await stored.json()) as { descriptions: { body: string | null }[] };
  expect(descriptions[0]?.body).toBe(
    '<p><a href="https://gyarto.example" target="_blank" rel="noopener noreferrer">A gyártó oldala</a></p>',
  );
});
