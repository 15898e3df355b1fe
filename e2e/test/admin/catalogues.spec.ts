import { cataloguePdf } from '@shop/db/seed';
import { decideCookieConsent, expect, test, waitForAppAfterNavigation } from '../fixtures';

test('an admin uploads a PDF catalogue; a shopper finds it on /page/katalogusok and it opens', async ({
  adminPage: page,
  browser,
  request,
  uniqueName,
}) => {
  // Two browsers, an upload and a cover rendered on the server: a longer journey than most.
  test.slow();
  const title = uniqueName('Tavaszi katalógus');
  const pdf = await cataloguePdf({
    title: 'Tavaszi katalogus',
    subtitle: 'Bögrék és tányérok',
    footer: 'E2E',
    palette: { background: '#e3f1e0', body: '#3d7a3a', accent: '#f6fff2' },
    pages: [{ heading: 'Terítés', lines: ['Lapos tányér', 'Pohár'] }],
  });

  await page.goto('/admin/other/catalogue');
  await page.getByRole('link', { name: 'Új katalógus' }).click();
  await expect(page.getByRole('heading', { name: 'Új katalógus' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Cím', exact: true }).fill(title);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'PDF feltöltése' }).click();
  await (await chooser).setFiles({
    name: 'tavaszi-katalogus.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(pdf),
  });
  await expect(page.getByText('A PDF feltöltve.')).toBeVisible();
  await expect(page.getByText('tavaszi-katalogus.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Létrehozás' }).click();
  await expect(page.getByText('A katalógus létrejött.')).toBeVisible();
  // The cover was drawn from the PDF's first page.
  await expect(page.getByRole('img', { name: 'Borítókép' })).toHaveJSProperty('complete', true);
  await expect(page.getByText('2 oldal · PDF')).toBeVisible();

  await page.goto('/admin/other/catalogue');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Látható')).toBeVisible();

  // A shopper of their own: not signed in as the admin, the cookie choice made like every test's.
  const shopper = await browser.newContext();
  await decideCookieConsent(shopper);
  const shop = waitForAppAfterNavigation(await shopper.newPage());
  await shop.goto('/page/katalogusok');
  await expect(shop.getByRole('heading', { level: 1, name: 'Katalógusok' })).toBeVisible();
  const card = shop.getByRole('listitem').filter({ has: shop.getByRole('heading', { name: title }) });
  await expect(card.getByText('Visszavonásig érvényes')).toBeVisible();
  const cover = card.getByRole('img', { name: `${title} – borító` });
  await expect(cover).toHaveJSProperty('complete', true);
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);

  const popupOpened = shop.waitForEvent('popup');
  await card.getByRole('link', { name: /^Megnyitás/ }).click();
  const popup = await popupOpened;
  await expect.poll(() => popup.url()).toMatch(/\/media\/\d+\/original$/);
  const served = await request.get(popup.url());
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(served.headers()['content-disposition']).toMatch(/^inline;/);
  expect(Buffer.from(await served.body()).equals(Buffer.from(pdf))).toBe(true);
  await shopper.close();
});
