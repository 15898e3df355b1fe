import type { BrowserContext, Page } from '@playwright/test';
import { demoProduct, variantOf } from '../demo-variants';
import { expect, test } from '../fixtures';
import { ft } from '../money';

/**
 * Products sold in variants, on a phone, with the demo data's T-shirt and mug (demo-variants.ts). The
 * shopper taps each control the moment it shows, as on a real phone, never waiting for the app to wake
 * up (first-tap.spec.ts does the same with the CPU slowed four times).
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

// A fresh server renders its first shop page slowly (it loads the server-side app and builds the
// catalogue); that is not what these journeys are about, so it happens before them.
test.beforeAll(async ({ request }) => {
  expect((await request.get('/', { headers: { accept: 'text/html' } })).ok()).toBe(true);
});

const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';
/** The Barion stand-in's card that succeeds (Barion's sandbox number). */
const CARD_SUCCEEDS = '4444 8888 8888 5559';

/** A page of the test's browser that the fixture does not hold back until the app is awake. */
async function phonePage(context: BrowserContext): Promise<Page> {
  return context.newPage();
}

/** The large picture's button names the picture shown: "Nagyítás: Póló, kék (1. kép)". */
const mainPicture = (page: Page) => page.getByRole('button', { name: /^Nagyítás:/ });
const value = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('a shopper on a phone picks kék and M, sees price, picture and address follow, and finds "Póló, kék, M" in the cart', async ({
  context,
  request,
}) => {
  const shirt = await demoProduct(request, 'KT-POLO');
  const kekM = variantOf(shirt, 'kék, M');
  const page = await phonePage(context);
  await page.goto(`/${shirt.slug}`, { waitUntil: 'commit' });

  // Nothing is chosen for the shopper; "Kosárba" first says what to choose and moves there.
  await page.getByRole('button', { name: 'Kosárba: Póló' }).tap();
  await expect(page.getByRole('alert').filter({ hasText: 'Előbb válaszd ki: szín, méret.' })).toBeVisible();
  await expect(value(page, 'kék')).toBeFocused();
  await expect(page).toHaveURL(`/${shirt.slug}`);
  await expect(page.getByText(`Változattól függően ${ft(5990)} – ${ft(6490)}`)).toBeVisible();

  // A colour shows its own picture before a size is chosen.
  await value(page, 'piros').tap();
  await expect(mainPicture(page)).toHaveAccessibleName(/^Nagyítás: Póló, piros/);
  await value(page, 'kék').tap();
  await expect(mainPicture(page)).toHaveAccessibleName(/^Nagyítás: Póló, kék/);
  await expect(value(page, 'kék')).toHaveAttribute('aria-pressed', 'true');
  await expect(value(page, 'piros')).toHaveAttribute('aria-pressed', 'false');

  await value(page, 'M').tap();
  await expect(page).toHaveURL(`/${shirt.slug}?variant=${kekM.id}`);
  await expect(page.getByText('Cikkszám: KT-POLO-KEK-M')).toBeVisible();
  await expect(page.getByText(ft(5990)).first()).toBeVisible();
  await expect(page.getByText(/Változattól függően/)).toBeHidden();
  await expect(page.getByText('Raktáron', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Kosárba: Póló, kék, M' }).tap();
  await expect(page.getByText('Kosárba tettük: Póló, kék, M')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]'))).toEqual([
    { product: shirt.id, variant: kekM.id, quantity: 1 },
  ]);

  await page.goto('/cart');
  const line = page.getByRole('listitem', { name: 'Póló, kék, M' });
  await expect(line).toBeVisible();
  await expect(line.getByText('KT-POLO-KEK-M')).toBeVisible();
  await expect(line.getByRole('link', { name: 'Póló, kék, M' })).toHaveAttribute(
    'href',
    `/${shirt.slug}?variant=${kekM.id}`,
  );
});

test('a guest on a phone pays for "Póló, kék, M" by card on the Barion stand-in, and only that variant\'s stock drops', async ({
  context,
  request,
}) => {
  const shirt = await demoProduct(request, 'KT-POLO');
  const kekM = variantOf(shirt, 'kék, M');
  const page = await phonePage(context);
  // The cart as the product page leaves it (the journey above): the variant beside the product.
  await page.goto('/foo');
  await page.evaluate(
    (cart) => window.localStorage.setItem('cart', JSON.stringify(cart)),
    [{ product: shirt.id, variant: kekM.id, quantity: 1 }],
  );

  await page.goto('/cart', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Tovább a pénztárhoz' }).tap();
  await page.getByRole('link', { name: 'Folytatás vendégként' }).tap();
  await expect(page).toHaveURL('/order/checkout');
  const summary = page.getByRole('region', { name: 'Rendelésed összesítése' });
  await expect(summary.getByText('Póló, kék, M')).toBeVisible();
  await expect(summary.getByText(`1 db × ${ft(5990)}`)).toBeVisible();

  await page.getByLabel('E-mail-cím').fill(`polos.${Date.now().toString(36)}@example.hu`);
  await page.getByLabel('Vezetéknév').fill('Vendég');
  await page.getByLabel('Keresztnév').fill('Vilma');
  await page.getByLabel('Telefonszám').fill('06 30 123 4567');
  const gls = page.getByRole('radio', { name: /GLS házhozszállítás/ });
  await gls.press('Space');
  await expect(gls).toBeChecked();
  const address = page.getByRole('region', { name: 'Szállítási cím' });
  await address.getByLabel('Címzett neve').fill('Vendég Vilma');
  await address.getByLabel('Irányítószám').fill('6720');
  await address.getByLabel('Település').fill('Szeged');
  await address.getByLabel('Utca, házszám').fill('Kárász utca 1.');
  await expect(page.getByRole('radio', { name: /Bankkártyás fizetés/ })).toBeChecked();
  const terms = page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
  await terms.press('Space');
  await expect(terms).toBeChecked();
  await page.getByRole('button', { name: ORDER_BUTTON }).tap();

  await expect(page).toHaveURL(/\/_barion\//);
  await page.getByLabel('Kártyaszám').fill(CARD_SUCCEEDS);
  await page.getByRole('button', { name: 'Fizetés', exact: true }).tap();
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Köszönjük a rendelésedet!' })).toBeVisible();
  await expect(page.getByText('A bankkártyás fizetés sikerült', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();

  // That variant's stock went down by the piece sold, and no other size's.
  const after = await demoProduct(request, 'KT-POLO');
  expect(variantOf(after, 'kék, M').stock).toBe(kekM.stock - 1);
  expect(variantOf(after, 'kék, L').stock).toBe(variantOf(shirt, 'kék, L').stock);
});

test('a sold-out combination is crossed out, cannot be ordered and offers "Értesítést kérek" for that variant', async ({
  context,
  request,
}) => {
  const shirt = await demoProduct(request, 'KT-POLO');
  const kekXl = variantOf(shirt, 'kék, XL');
  expect(kekXl.inStock).toBe(false);
  const page = await phonePage(context);
  await page.goto(`/${shirt.slug}`, { waitUntil: 'commit' });

  // A double tap chooses, as one tap does.
  await value(page, 'kék').tap();
  await value(page, 'kék').tap();
  await expect(value(page, 'kék')).toHaveAttribute('aria-pressed', 'true');
  const xl = value(page, 'XL (elfogyott)');
  await expect(xl).toBeVisible();
  await expect(xl).toHaveCSS('text-decoration-line', 'line-through');
  await expect(value(page, 'L')).toBeEnabled();

  await xl.tap();
  await expect(page).toHaveURL(`/${shirt.slug}?variant=${kekXl.id}`);
  await expect(page.getByText('Jelenleg nincs készleten')).toBeVisible();
  await expect(page.getByText(ft(6490)).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Elfogyott: Póló, kék, XL' })).toBeDisabled();

  const email = `xl.${Date.now().toString(36)}@example.hu`;
  await page.getByLabel('E-mail-cím').fill(email);
  await page.getByRole('button', { name: 'Értesítést kérek' }).tap();
  await expect(page.getByText('Értesítünk, amint újra raktáron lesz.')).toBeVisible();

  // Another colour in XL is in stock: the form gives way to Kosárba.
  await value(page, 'fehér').tap();
  await expect(value(page, 'XL')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Kosárba: Póló, fehér, XL' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Értesítést kérek' })).toBeHidden();
});

test('an address with ?variant= opens with that variant chosen, and the server already draws it', async ({
  context,
  request,
}) => {
  const shirt = await demoProduct(request, 'KT-POLO');
  const feherL = variantOf(shirt, 'fehér, L');
  const path = `/${shirt.slug}?variant=${feherL.id}`;

  // What a crawler (no JavaScript) reads.
  const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
  const canonical = new RegExp(
    `<link rel="canonical" href="https?://[^/"]+/${shirt.slug}\\?variant=${feherL.id}">`,
  );
  expect(canonical.test(html), 'the canonical address names the variant').toBe(true);
  // React writes a comment between a text and a value it renders beside it.
  expect(/Cikkszám: (<!-- -->)?KT-POLO-FEH-L/.test(html), "the variant's code in the server's page").toBe(
    true,
  );
  expect(html.includes('"@type":"ProductGroup"'), 'ProductGroup structured data').toBe(true);
  // An outdated name part leads to the one product address, keeping the variant.
  const moved = await request.get(`/regi-nev-${shirt.id}?variant=${feherL.id}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(307);
  const location = new URL(moved.headers().location ?? '', 'http://shop.test');
  expect(`${location.pathname}${location.search}`).toBe(path);

  const page = await phonePage(context);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(value(page, 'fehér')).toHaveAttribute('aria-pressed', 'true');
  await expect(value(page, 'L')).toHaveAttribute('aria-pressed', 'true');
  await expect(mainPicture(page)).toHaveAccessibleName(/^Nagyítás: Póló, fehér/);
  await expect(page.getByText('Cikkszám: KT-POLO-FEH-L')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kosárba: Póló, fehér, L' })).toBeVisible();
});

test('a listing card says "4 színben" and its Kosárba opens the product page to choose', async ({
  page,
  request,
}) => {
  const mug = await demoProduct(request, 'KT-ZOMANCBOGRE');
  await page.goto('/category/konyha/bogrek-es-cseszek/keramia-bogrek');
  const card = page.getByRole('article').filter({ hasText: mug.title });
  await expect(card.getByText('4 színben')).toBeVisible();
  await card.getByRole('link', { name: `Kosárba: ${mug.title} – a termékoldalon választhatsz` }).tap();
  await expect(page).toHaveURL(`/${mug.slug}`);
  await expect(page.getByRole('group', { name: 'Szín' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();
});
