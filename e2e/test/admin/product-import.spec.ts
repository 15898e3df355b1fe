import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { zipOf } from '@shop/api/testing';
import { decideCookieConsent, expect, test, waitForAppAfterNavigation } from '../fixtures';
import { TINY_PNG } from '../images';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** The screen as it is, on a phone and on a desk, then back on the phone where the journey runs. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  // From the top, so the sticky header is not drawn over the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.screenshot({ path: `${SHOTS}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Nothing on the page is wider than the phone's screen; wide tables scroll inside their own box. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('on a phone an admin imports a Shoprenter sheet through the dry run and a shopper finds the product', async ({
  adminPage: page,
  browser,
}) => {
  // Only when the shots for a review are asked for: each step is then also drawn at 1440 px.
  test.slow(Boolean(SHOTS), 'screenshots of every step at two widths');
  // A word of this run's own in every code and name, so the shop's search finds only these products.
  const tag = `imp${Date.now().toString(36)}`;
  const mug = `Pöttyös bögre ${tag}`;
  const sheet = [
    'Cikkszám;Termék neve;Bruttó ár;Raktárkészlet;Kategória;Gyártó;Leírás;Fő kép',
    `${tag}-001;${mug};2 990;12;Konyha > Bögrék;Kék Bögre Kft.;<p>Kézzel festett bögre.</p>;kepek/potty.png`,
    `${tag}-002;Csíkos tányér ${tag};4 490 Ft;3;Konyha > Tányérok;Kék Bögre Kft.;Mosogatógépbe tehető.;`,
    `${tag}-003;Hibás árú kancsó ${tag};abc;1;Konyha;;;`,
  ].join('\r\n');
  const fileName = `shoprenter-${tag}.csv`;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/catalog/products');
  await page.getByRole('link', { name: 'Importálás' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Termékimport' })).toBeVisible();
  await expect(page.getByText('legfeljebb 50 MB', { exact: false })).toBeVisible();

  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Fájl kiválasztása' }).click();
  await (await choosing).setFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  await expect(page.getByText(fileName)).toBeVisible();
  // The mug's picture comes in a ZIP beside the sheet; both go up as they are, not as base64.
  const choosingZip = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Képek ZIP-ben (nem kötelező)' }).click();
  await (await choosingZip).setFiles({
    name: `kepek-${tag}.zip`,
    mimeType: 'application/zip',
    buffer: zipOf({ 'kepek/potty.png': TINY_PNG }),
  });
  await expect(page.getByText(`kepek-${tag}.zip`)).toBeVisible();
  await shoot(page, '1-upload');
  await page.getByRole('button', { name: 'Feltöltés' }).click();

  // The mapping: Shoprenter recognised, each column with a sample value and the field it goes into.
  await expect(page).toHaveURL(/\/admin\/catalog\/products\/import\?id=\d+/);
  await expect(page.getByText(/^Felismert formátum: Shoprenter termékexport$/)).toBeVisible();
  await expect(page.getByLabel('A fájl formátuma')).toHaveValue('shoprenter');
  const expected = {
    Cikkszám: 'sku',
    'Termék neve': 'name',
    'Bruttó ár': 'price',
    Raktárkészlet: 'stock',
    Kategória: 'categories',
    Gyártó: 'brand',
    Leírás: 'description',
    'Fő kép': 'images',
  };
  for (const [header, field] of Object.entries(expected)) {
    await expect(page.getByLabel(`${header}: mező`)).toHaveValue(field);
  }
  await expect(page.getByText('Konyha > Bögrék', { exact: true })).toBeVisible();
  await expect(page.getByText(`${tag}-001`, { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, '2-mapping');

  // Without the code column the server refuses the dry run, in Hungarian; the owner puts it back.
  const codeColumn = page.getByLabel('Cikkszám: mező');
  await codeColumn.selectOption({ label: '– nem importáljuk –' });
  await page.getByRole('button', { name: 'Próba futtatása' }).click();
  await expect(page.getByText('A cikkszám oszlopát meg kell adni')).toBeVisible();
  await shoot(page, '3-mapping-without-code');
  await codeColumn.selectOption('sku');
  await page.getByRole('button', { name: 'Próba futtatása' }).click();

  // The dry run: two new products, the row with a bad price refused with its reason.
  await expect(page.getByRole('heading', { name: 'A próba eredménye' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Új: 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Módosul: 0' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Változatlan: 0' })).toBeVisible();
  const refusedCount = page.getByRole('button', { name: 'Elutasítva: 1' });
  await expect(refusedCount).toBeVisible();
  const rows = page.getByRole('table', { name: /sor/i });
  await expect(rows.getByRole('row', { name: new RegExp(mug) })).toContainText('Bruttó ár (Ft): 2990');
  await expect(rows.getByRole('row', { name: new RegExp(mug) })).toContainText(
    'új kategória: Konyha > Bögrék',
  );
  await expectNoSidewaysScroll(page);
  await shoot(page, '4-dry-run');

  await refusedCount.click();
  await expect(refusedCount).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/outcome=refused/);
  await expect(rows.getByRole('row')).toHaveCount(2);
  const refusedRow = rows.getByRole('row', { name: new RegExp(`${tag}-003`) });
  await expect(refusedRow).toContainText('Elutasítva');
  await expect(refusedRow).toContainText('Ár: „abc” nem értelmezhető.');
  await shoot(page, '5-dry-run-refused');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Jelentés letöltése (CSV)' }).click();
  const report = await downloading;
  expect(report.suggestedFilename()).toMatch(/^import-\d+-jelentes-\d{4}-\d{2}-\d{2}\.csv$/);
  const reportText = (await readFile((await report.path())!)).toString('utf8');
  expect(reportText).toContain(`4;${tag}-003;Hibás árú kancsó ${tag};elutasítva`);

  // Applying: the progress shows at once; the import runs in the background, so a reload comes back to it.
  await page.getByRole('button', { name: 'Importálás indítása' }).click();
  await expect(page.getByRole('heading', { name: 'Importálás folyamatban' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /\/ 3 sor feldolgozva/ })).toBeVisible();
  await shoot(page, '6-applying');
  await page.reload();
  await expect(page.getByText('Az import elkészült.')).toBeVisible();
  await expect(page.getByText('2 új és 0 módosult termék; 1 sor elutasítva.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: /sor/i }).getByRole('row', { name: new RegExp(mug) }),
  ).toContainText('Új');
  await expectNoSidewaysScroll(page);
  await shoot(page, '7-done');

  // The recent imports list it as done, for an owner who comes back later.
  await page.getByRole('link', { name: 'Új import' }).click();
  const recent = page.getByRole('region', { name: 'Legutóbbi importok' });
  const listed = recent.getByRole('row', { name: new RegExp(fileName) });
  await expect(listed).toContainText('Kész');
  await expect(listed).toContainText('2 új');
  await shoot(page, '8-recent');

  // A shopper on a phone finds the new mug through the shop's search and opens it.
  const shopperContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await decideCookieConsent(shopperContext);
  const shopper = waitForAppAfterNavigation(await shopperContext.newPage());
  await shopper.goto('/');
  const search = shopper.getByRole('combobox', { name: 'Keresés a webáruházban' });
  await search.fill(mug);
  await search.press('Enter');
  await expect(shopper.getByRole('heading', { level: 1, name: `Keresés: „${mug}”` })).toBeVisible();
  await shopper.getByRole('main').getByRole('link', { name: mug }).first().click();
  await expect(shopper.getByRole('heading', { level: 1, name: mug })).toBeVisible();
  await expect(shopper.getByRole('main').getByText('2 990 Ft').first()).toBeVisible();
  // The picture from the ZIP is the product's picture.
  await expect(shopper.getByRole('main').locator('img[src*="/media/"]').first()).toBeVisible();
  if (SHOTS) await shopper.screenshot({ path: `${SHOTS}/9-shop-product-390.png`, fullPage: true });
  await shopperContext.close();
});
