import { expect, test } from '../fixtures';
import { ft } from '../money';
import { createProduct } from '../seed-products';
import { PHONE, slowPhonePage } from '../slow-cpu';
import { announcements, recordAnnouncements } from './announcements';

/**
 * What a screen reader hears, checked in the accessibility tree Chromium builds for it: prices said as
 * prices, form errors tied to their fields, and the changes a shopper does not see being told to them
 * through live regions (result counts, notifications). The shop's pages are used as a shopper on a phone
 * uses them: 390 px with touch, the CPU four times slower, acting the moment a control shows.
 */

test.use(PHONE);

test('a sale price is read as the sale price in forints beside the original price', async ({
  context,
  request,
  adminToken,
  uniqueName,
}) => {
  // First in the file: run alone, its search page is the first a fresh server renders, on a slowed CPU
  // (17 s once under CI's load).
  test.setTimeout(60_000);
  const title = uniqueName('Felolvasott akciós bögre');
  const product = await createProduct(request, adminToken, { title, price: 4990 });
  const onSale = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { id: product.id, salePrice: 3990 },
  });
  expect(onSale.ok(), await onSale.text()).toBe(true);

  const page = await slowPhonePage(context);
  await page.goto(`/search/${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
  // What the eye sees stays as it was.
  await expect(card).toContainText('3\u00a0990\u00a0Ft');
  await expect(card).toContainText('4\u00a0990\u00a0Ft');
  const heard = await card.ariaSnapshot();
  expect(heard).toContain('Akciós ár: 3990 forint');
  expect(heard).toContain('Eredeti ár: 4990 forint');
  // "Ft" is spelled out by some screen readers and "4 990" read as two numbers by others.
  expect(heard).not.toMatch(/\d\s?Ft\b/);

  // The header search's suggestion reads it in forints as well.
  await page.getByRole('combobox', { name: 'Keresés a webáruházban' }).fill(title);
  const suggestion = page.getByRole('option', { name: new RegExp(title) });
  await expect(suggestion).toContainText('3\u00a0990\u00a0Ft');
  expect(await suggestion.ariaSnapshot()).toContain('3990 forint');

  await page.goto(`/${product.slug}`);
  const price = page.getByRole('main');
  await expect(price.getByText('Akciós ár: 3990 forint')).toBeAttached();
  await expect(price.getByText('Eredeti ár: 4990 forint')).toBeAttached();
});

test('a notification is announced: its live region is in the page before its text', async ({ context }) => {
  const page = await slowPhonePage(context);
  await recordAnnouncements(page);
  await page.goto('/');
  const product = page.getByRole('article').first().getByRole('link').first();
  await product.tap();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Kedvencekhez' }).tap();
  const message = 'A funkcióh használatához kérjük jelentkezzen be!';
  const notifications = page.getByRole('region', { name: /^Értesítések/ });
  await expect(notifications.getByRole('status').filter({ hasText: message })).toBeVisible();
  await expect.poll(() => announcements(page)).toContainEqual(expect.stringContaining(message));
});

test('a new search announces how many products it found', async ({ context }) => {
  const page = await slowPhonePage(context);
  await recordAnnouncements(page);
  await page.goto(`/search/${encodeURIComponent('kék vögte')}`);
  await expect(page.getByText('Nincs a „kék vögte” keresésnek megfelelő termék.')).toBeVisible();
  await page.getByRole('link', { name: 'kék bögre', exact: true }).tap();
  const status = page.getByRole('status').filter({ hasText: 'termék' });
  await expect(status).toHaveText(/\/ \d+ termék/);
  const found = (await status.textContent()) ?? '';
  await expect.poll(() => announcements(page)).toContain(found);
});

test('a filter ticked in the phone’s filter sheet announces how many products it found', async ({
  context,
}) => {
  // The sheet is modal and hides the rest of the page, the page's count with it, from screen readers:
  // the count a shopper hears while ticking is the sheet's own.
  const page = await slowPhonePage(context);
  await recordAnnouncements(page);
  await page.goto('/category/konyha/bogrek-es-cseszek');
  const status = page.getByRole('status').filter({ hasText: 'termék' });
  await expect(status).toHaveText(/\/ \d+ termék/);
  const before = (await status.textContent()) ?? '';
  await page.getByRole('button', { name: /^Szűrők/ }).tap();
  const filters = page.getByRole('dialog', { name: 'Szűrők' });
  const box = filters.getByRole('group').first().getByRole('checkbox').first();
  // The box a shopper sees is drawn beside the real, visually hidden checkbox, inside its label.
  await box.locator('xpath=..').tap();
  await expect(box).toBeChecked();
  // Heard where the shopper is: a count a screen reader can reach changes while the sheet is open.
  await expect(status).toHaveText(/\/ \d+ termék/);
  await expect(status).not.toHaveText(before);
  const filtered = (await status.textContent()) ?? '';
  await expect.poll(() => announcements(page)).toContain(filtered);
});

test('a field with an error is marked invalid and described by its error', async ({ context }) => {
  const page = await slowPhonePage(context);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Üzenet küldése' }).tap();
  const form = page.getByRole('form', { name: 'Kapcsolatfelvételi űrlap' });
  for (const [label, error] of [
    ['Név', 'A név kötelező.'],
    ['Üzenet', 'Az üzenet kötelező.'],
  ] as const) {
    const field = form.getByRole('textbox', { name: label });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(error);
  }
  const consent = form.getByRole('checkbox', { name: /adatkezelési tájékoztatót/ });
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(consent).toHaveAccessibleDescription('Az adatkezelési tájékoztató elfogadása kötelező.');

  await page.goto('/services/account');
  const signIn = page.getByRole('form', { name: 'Bejelentkezés' });
  await signIn.getByRole('button', { name: 'Bejelentkezés' }).tap();
  const email = signIn.getByRole('textbox', { name: 'E-mail-cím' });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Az e-mail-cím kötelező.');
});

test.describe('the admin, at a desk', () => {
  test.use({ viewport: { width: 1280, height: 720 }, isMobile: false, hasTouch: false });

  test("the admin sign-in form's errors are read with their fields", async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Bejelentkezés' }).click();
    for (const [label, error] of [
      ['E-mail-cím', 'Az e-mail-cím kötelező.'],
      ['Jelszó', 'A jelszó kötelező.'],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(error);
    }
  });

  test("an admin editor's error is read with its field, in place of the field's helper text", async ({
    adminPage: page,
  }) => {
    await page.goto('/admin/catalog/categories');
    await page.getByRole('button', { name: 'Új kategória' }).click();
    const dialog = page.getByRole('dialog', { name: 'Új kategória' });
    await dialog.getByRole('textbox', { name: 'URL-név' }).fill('Nem jó URL-név');
    await dialog.getByRole('button', { name: 'Létrehozás' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Cím', exact: true })).toHaveAccessibleDescription(
      'A cím kötelező.',
    );
    // The helper ("Ha üresen hagyod, …") steps aside for the error: only the error is read.
    await expect(dialog.getByRole('textbox', { name: 'URL-név' })).toHaveAccessibleDescription(
      'Az URL-név csak ékezet nélküli kisbetűt, számot és kötőjelet tartalmazhat.',
    );
    await dialog.getByRole('button', { name: 'Mégse' }).click();

    await page.goto('/admin/catalog/products/new');
    const ean = page.getByRole('textbox', { name: 'EAN / GTIN' });
    // Before any error the field is described by its helper, as before.
    await expect(ean).toHaveAccessibleDescription(/^A vonalkód alatti 8, 12, 13 vagy 14 számjegy/);
    await ean.fill('123');
    await page.getByRole('button', { name: 'Létrehozás' }).click();
    await expect(page.getByRole('textbox', { name: 'Megnevezés (magyar)' })).toHaveAccessibleDescription(
      'A cím kötelező.',
    );
    await expect(ean).toHaveAccessibleDescription('Az EAN/GTIN 8, 12, 13 vagy 14 számjegyből áll.');
  });
});

test('pictures say what they show in Hungarian, decorative ones nothing', async ({
  context,
  categoryTree,
}) => {
  const page = await slowPhonePage(context);
  const category = categoryTree[0];
  if (!category) throw new Error('A demóadatokban nincs kategória.');
  const pictures = page.getByRole('main').locator('img');
  for (const path of ['/', `/category/${category.urlPath}`, '/blog', '/blog/hogyan-valasszunk-bogret']) {
    await page.goto(path);
    await expect(pictures.first()).toBeAttached();
    const alts = await pictures.evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    // Every picture has an alt text; one that names a file or says "image" tells a listener nothing.
    expect(alts, path).not.toContain(null);
    for (const alt of alts)
      expect(alt ?? '', path).not.toMatch(/\.(jpe?g|png|webp|avif|gif)$|^(image|kép|img)\b/i);
  }

  // A product card's picture repeats its title, which the card says already: it is decorative there.
  await page.goto(`/category/${category.urlPath}`);
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card.locator('img')).toHaveAttribute('alt', '');

  // The product page's picture is named after the product (or the admin's alt text) on its zoom button.
  const link = card.getByRole('heading').getByRole('link');
  const title = (await link.getAttribute('title')) ?? '';
  await link.tap();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const zoom = page.getByRole('button', { name: /^Nagyítás: / }).first();
  await expect(zoom).toHaveAccessibleName(/^Nagyítás: \p{L}/u);
  expect(await zoom.getAttribute('aria-label')).not.toMatch(/\.(jpe?g|png|webp|avif)\b/i);
});

test("the cart's totals are read in forints, as the eye sees them in Ft", async ({
  context,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Felolvasott kosár'),
    price: 4990,
  });
  const page = await slowPhonePage(context);
  await page.goto('/foo');
  await page.evaluate(
    (id) => window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 2 }])),
    product.id,
  );
  await page.goto('/cart');
  const total = page
    .getByRole('complementary', { name: 'Összesítés' })
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: 'Várható végösszeg' }) })
    .getByRole('definition');
  await expect(total).toBeVisible();
  await expect(total.locator('[aria-hidden="true"]')).toHaveText(/^\d{1,3}(\u00a0\d{3})*\u00a0Ft$/);
  const heard = await total.ariaSnapshot();
  expect(heard).toMatch(/\d+ forint/);
  expect(heard).not.toMatch(/\d\s?Ft\b/);
  // The subtotal of the two pieces is said the same way.
  expect(await page.getByRole('complementary', { name: 'Összesítés' }).ariaSnapshot()).toContain(
    '9980 forint',
  );

  // So is the line: its price a piece and its total, seen as before.
  const line = page.getByRole('listitem', { name: product.title });
  await expect(line.locator('[aria-hidden="true"]')).toContainText([ft(4990), ft(9980)]);
  const lineHeard = await line.ariaSnapshot();
  expect(lineHeard).toContain('4990 forint / db');
  expect(lineHeard).toContain('Összesen: 9980 forint');
  expect(lineHeard).not.toMatch(/\d\s?Ft\b/);

  // A refused coupon's reason is read with its field.
  const coupon = page.getByRole('textbox', { name: 'Kuponkód' });
  await coupon.fill('nincsilyen');
  await page.getByRole('button', { name: 'Beváltás' }).tap();
  await expect(coupon).toHaveAccessibleDescription('NINCSILYEN: Nincs ilyen kuponkód.');
});
