import type { Browser, Page } from '@playwright/test';
import { decideCookieConsent, expect, test, waitForAppAfterNavigation } from '../fixtures';
import { TINY_PNG } from '../images';

/** A shopper who is signed out, in a browser of their own (an admin's token would also show drafts). */
async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await decideCookieConsent(context);
  return waitForAppAfterNavigation(await context.newPage());
}

// A 2×2 PNG: the media library accepts it and makes its variants.

test('an admin writes a blog post with the editor (a heading, a list, an image) and a shopper reads it at /blog/{slug}', async ({
  adminPage: page,
  browser,
  uniqueName,
}) => {
  const title = uniqueName('Téli teázás');
  await page.goto('/admin/other/blogpost');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogbejegyzések' })).toBeVisible();
  await page.getByRole('link', { name: 'Új bejegyzés' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Új blogbejegyzés' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Cím', exact: true }).fill(title);
  const editor = page.getByRole('textbox', { name: 'Tartalom' });
  await editor.fill('A jó tea titka');
  await page.getByRole('button', { name: 'Címsor 2' }).click();
  await expect(editor.getByRole('heading', { level: 2, name: 'A jó tea titka' })).toBeVisible();
  await editor.press('End');
  await editor.press('Enter');
  await page.getByRole('button', { name: 'Felsorolás' }).click();
  await editor.pressSequentially('Friss víz');
  await editor.press('Enter');
  await editor.pressSequentially('Három perc áztatás');
  await editor.press('Enter');
  await editor.press('Enter');

  await page.getByRole('button', { name: 'Kép beszúrása' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Kép beszúrása' });
  const fileChooser = page.waitForEvent('filechooser');
  await imageDialog.getByRole('button', { name: 'Új kép feltöltése' }).click();
  await (await fileChooser).setFiles({ name: 'teaskanna.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(imageDialog.getByRole('button', { name: 'teaskanna.png', pressed: true })).toBeVisible();
  await imageDialog.getByLabel('Helyettesítő szöveg (alt)').fill('Gőzölgő teáskanna');
  await imageDialog.getByRole('button', { name: 'Beszúrás' }).click();
  await expect(editor.getByRole('img', { name: 'Gőzölgő teáskanna' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Szerző' }).fill('Kovács Eszter');
  // The cover: the picture just uploaded, chosen from the media library.
  await page.getByRole('button', { name: 'Borítókép: kép választása' }).click();
  const coverDialog = page.getByRole('dialog', { name: 'Borítókép' });
  await coverDialog.getByRole('button', { name: 'teaskanna.png' }).first().click();
  await expect(coverDialog).toBeHidden();
  await expect(page.getByRole('img', { name: 'Borítókép' })).toBeVisible();

  await page.getByRole('button', { name: 'Termék hozzáadása' }).click();
  await page.getByRole('searchbox', { name: 'Termék keresése' }).fill('kalocsai');
  await page
    .getByRole('button', { name: /kalocsai/ })
    .first()
    .click();
  const related = page.getByRole('list', { name: 'Kapcsolt termékek' });
  await expect(related.getByRole('listitem')).toHaveCount(1);
  const productTitle = (await related.getByRole('listitem').locator('p').first().textContent()) ?? '';
  expect(productTitle).toContain('kalocsai');

  await page.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(page.getByText('A bejegyzés létrejött.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/other\/blogpost\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Megjelent')).toBeVisible();

  // A shopper, signed out in a fresh browser, finds it on /blog and reads it.
  const shopper = await shopperPage(browser);
  await shopper.goto('/blog');
  await shopper.getByRole('link', { name: title }).click();
  await expect(shopper).toHaveURL(/\/blog\/teli-teazas-/);
  await expect(shopper.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(shopper.getByText('Kovács Eszter')).toBeVisible();
  await expect(shopper.getByRole('heading', { level: 2, name: 'A jó tea titka' })).toBeVisible();
  await expect(shopper.getByRole('listitem').filter({ hasText: 'Három perc áztatás' })).toBeVisible();
  const image = shopper.getByRole('img', { name: 'Gőzölgő teáskanna' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^\/media\/\d+\//);
  const products = shopper.getByRole('region', { name: 'A bejegyzés termékei' });
  await expect(products.getByRole('link', { name: productTitle })).toBeVisible();
  await shopper.context().close();
});

test('a post timed for later is in the admin list as scheduled, and the shop shows the not-found text until then', async ({
  adminPage: page,
  browser,
  adminToken,
  request,
  uniqueName,
}) => {
  const title = uniqueName('Tavaszi újdonságok');
  const created = await request.post('/api/blogpost', {
    headers: { token: adminToken },
    data: {
      publishedAt: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      descriptions: [{ language: 'hu', title, body: '<p>Hamarosan.</p>' }],
    },
  });
  expect(created.ok()).toBe(true);
  const { slug } = (await created.json()) as { slug: string };

  await page.goto('/admin/other/blogpost');
  await page.getByRole('combobox', { name: 'Állapot' }).selectOption('scheduled');
  await page.getByRole('searchbox', { name: 'Keresés a bejegyzések között' }).fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Időzítve')).toBeVisible();
  await expect(page).toHaveURL(/status=scheduled/);

  const shop = await shopperPage(browser);
  await shop.goto(`/blog/${slug}`);
  await expect(
    shop.getByRole('heading', { level: 1, name: 'A keresett tartalom nem található.' }),
  ).toBeVisible();
  await shop.goto('/blog');
  await expect(shop.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(shop.getByRole('link', { name: title })).toHaveCount(0);
  await shop.context().close();
});
