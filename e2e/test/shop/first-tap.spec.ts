import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { demoProduct, variantOf } from '../demo-variants';
import { expect, test } from '../fixtures';
import { PHONE, slowPhonePage } from '../slow-cpu';

/**
 * A shopper on a mid-range phone acts the moment a control is painted, long before the app has woken
 * up on the page (issue #22). Each journey opens a server-rendered page at 390 × 844 with touch and the
 * CPU slowed four times, acts as soon as the control is visible, never waiting for the app, and then
 * checks that the action happened exactly once, in order, and that nothing typed was lost.
 */

test.use(PHONE);

type Card = { id: number; slug: string; title: string; inStock: boolean };
type CategoryNode = { id: number; title: string; urlPath: string; children: CategoryNode[] };

/** A slowed phone page that also hears every add to cart the page reports (`a2c`). */
async function listeningPhonePage(context: BrowserContext): Promise<Page> {
  const page = await slowPhonePage(context);
  await page.addInitScript(() => {
    const heard: unknown[] = [];
    Object.assign(window, { heardAddToCart: heard });
    window.addEventListener('a2c', (event) => heard.push((event as CustomEvent).detail));
  });
  return page;
}

/** Waits, without acting, until the app has woken up and carried out what was done before. */
async function appAwake(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-awake'));
}

async function inStockProduct(request: APIRequestContext): Promise<Card> {
  const { items: tree } = (await (await request.get('/api/category')).json()) as { items: CategoryNode[] };
  const category = tree[0]?.children[0];
  const listing = (await (
    await request.post('/api/product/filters', { data: { category: category?.urlPath, pageSize: 48 } })
  ).json()) as { items: Card[] };
  const product = listing.items.find((item) => item.inStock);
  if (!product) throw new Error('A demóadatokban nincs raktáron lévő termék.');
  return product;
}

/** A category with products and no subcategories of its own, from the demo data. */
function leafCategory(tree: CategoryNode[]): CategoryNode {
  const category = tree[0]?.children[0];
  if (!category) throw new Error('A demóadatokban nincs alkategória.');
  return category;
}

const guestCart = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as unknown[]);
const addToCartEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { heardAddToCart: { quantity: number }[] }).heardAddToCart);

test('a quantity step and Kosárba tapped as soon as they show make one line of two, with one a2c', async ({
  context,
  request,
}) => {
  const product = await inStockProduct(request);
  const page = await listeningPhonePage(context);
  // The address every link of the shop uses: its route loads the product page's code with the data.
  await page.goto(`/${product.slug}`);

  await page.getByRole('button', { name: 'Eggyel több' }).tap();
  await page.getByRole('button', { name: `Kosárba: ${product.title}` }).tap();

  await expect.poll(() => guestCart(page)).toEqual([{ product: product.id, quantity: 2 }]);
  await appAwake(page);
  await expect(page.getByText(`Kosárba tettük: ${product.title}`)).toBeVisible();
  expect(await guestCart(page)).toEqual([{ product: product.id, quantity: 2 }]);
  expect((await addToCartEvents(page)).map((event) => event.quantity)).toEqual([2]);
});

test('Kosárba pressed twice in a row on a woken page puts one piece in the cart, with one a2c', async ({
  context,
  request,
}) => {
  const product = await inStockProduct(request);
  const page = await listeningPhonePage(context);
  await page.goto(`/product/${product.slug}`);
  await appAwake(page);

  // Its busy look (which disables it) is drawn a render after the press: the second press comes
  // before that render on a slow phone, and must still not add a second piece.
  await page.getByRole('button', { name: `Kosárba: ${product.title}` }).dblclick();

  await expect(page.getByText(`Kosárba tettük: ${product.title}`)).toBeVisible();
  expect(await guestCart(page)).toEqual([{ product: product.id, quantity: 1 }]);
  expect((await addToCartEvents(page)).map((event) => event.quantity)).toEqual([1]);
});

test('a colour, a size and Kosárba tapped as soon as they show put that variant in the cart once', async ({
  context,
  request,
}) => {
  const shirt = await demoProduct(request, 'KT-POLO');
  const kekM = variantOf(shirt, 'kék, M');
  const page = await listeningPhonePage(context);
  await page.goto(`/${shirt.slug}`);

  await page.getByRole('button', { name: 'kék', exact: true }).tap();
  await page.getByRole('button', { name: 'M', exact: true }).tap();
  // Still "Kosárba: Póló" while the app sleeps, "Kosárba: Póló, kék, M" once it has replayed the choice.
  await page.getByRole('button', { name: /^Kosárba: Póló/ }).tap();

  await expect.poll(() => guestCart(page)).toEqual([{ product: shirt.id, variant: kekM.id, quantity: 1 }]);
  await appAwake(page);
  await expect(page.getByText('Kosárba tettük: Póló, kék, M')).toBeVisible();
  await expect(page).toHaveURL(`/${shirt.slug}?variant=${kekM.id}`);
  expect(await guestCart(page)).toEqual([{ product: shirt.id, variant: kekM.id, quantity: 1 }]);
  expect((await addToCartEvents(page)).map((event) => event.quantity)).toEqual([1]);
});

test('the menu tapped as soon as it shows opens, and the choice is kept under `drawer`', async ({
  context,
}) => {
  const page = await listeningPhonePage(context);
  await page.goto('/');

  await page.getByRole('button', { name: 'Menü megnyitása' }).tap();

  await expect(page.getByRole('navigation', { name: 'Kategóriák (mobil)' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('drawer'))).toBe('open');
});

test('the slider’s pause tapped as soon as it shows stops it, once', async ({ context }) => {
  const page = await listeningPhonePage(context);
  await page.goto('/');

  // The server draws the pause button (hidden by CSS only for visitors who ask for less motion).
  await page.getByRole('button', { name: 'Automatikus váltás megállítása' }).tap();

  await appAwake(page);
  await expect(page.getByRole('button', { name: 'Automatikus váltás indítása' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Automatikus váltás megállítása' })).toHaveCount(0);
});

test('a search typed and sent while the page wakes up finds its word', async ({ context }) => {
  const page = await listeningPhonePage(context);
  await page.goto('/');

  const box = page.getByRole('combobox', { name: 'Keresés a webáruházban' });
  await box.tap();
  await box.pressSequentially('bögre');
  await box.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Keresés: „bögre”' })).toBeVisible();
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/search/bögre');
});

test('a link tapped while the page wakes up is followed once the app can', async ({ context }) => {
  const page = await listeningPhonePage(context);
  await page.goto('/contact');

  await page.getByRole('link', { name: 'Kék Bögre Webáruház – főoldal' }).tap();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Kiemelt termékek' })).toBeVisible();
});

test('without JavaScript the header search is a form that lands on the search page', async ({ request }) => {
  const sent = await request.get('/search?q=b%C3%B6gre', { maxRedirects: 0 });
  expect(sent.status()).toBeGreaterThanOrEqual(300);
  expect(sent.status()).toBeLessThan(400);
  expect(sent.headers().location).toBe('/search/b%C3%B6gre');
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<form[^>]*action="\/search"[^>]*method="get"/);
  expect(html).toMatch(/<input[^>]*name="q"/);
});

test('a filter ticked as soon as the sheet shows filters the listing once', async ({
  context,
  categoryTree,
}) => {
  const page = await listeningPhonePage(context);
  // The category's pretty address, as the shop links it.
  await page.goto(`/${leafCategory(categoryTree).urlPath}`);

  await page.getByRole('button', { name: /^Szűrők/ }).tap();
  const sheet = page.getByRole('dialog');
  await sheet.getByText('Csak a raktáron lévők').tap();

  await expect(sheet.getByRole('checkbox', { name: 'Csak a raktáron lévők' })).toBeChecked();
  await expect(page).toHaveURL(/raktaron|stock/i);
});

test('two values of one property ticked in a row in the sheet both count', async ({
  context,
  request,
  categoryTree,
}) => {
  const category = leafCategory(categoryTree);
  const listing = (await (
    await request.post('/api/product/filters', { data: { category: category.urlPath } })
  ).json()) as {
    facets: { properties: { title: string; values: { id: number; title: string; count: number }[] }[] };
  };
  const facet = listing.facets.properties.find(
    (each) => each.values.filter((value) => value.count > 0).length >= 2,
  );
  if (!facet) throw new Error('A demókategóriában nincs két értékkel szűrhető tulajdonság.');
  const [first, second] = facet.values.filter((value) => value.count > 0);
  const page = await listeningPhonePage(context);
  await page.goto(`/category/${category.urlPath}`);

  await page.getByRole('button', { name: /^Szűrők/ }).tap();
  const group = page.getByRole('dialog').getByRole('group', { name: facet.title });
  // The second tap comes while the listing is still drawing the first one's results.
  await group.getByText(first!.title, { exact: true }).tap();
  await group.getByText(second!.title, { exact: true }).tap();

  await expect(group.getByRole('checkbox', { name: first!.title, exact: true })).toBeChecked();
  await expect(group.getByRole('checkbox', { name: second!.title, exact: true })).toBeChecked();
  const ids = [first!.id, second!.id].sort((a, b) => a - b).join(',');
  await expect(page).toHaveURL(new RegExp(`f=\\d+(%3A|:)${ids.replace(',', '(%2C|,)')}`));
});

test('a sort chosen and a page tapped while the listing wakes up both count, in that order', async ({
  context,
  categoryTree,
}) => {
  const category = categoryTree[0];
  if (!category) throw new Error('A demóadatokban nincs kategória.');
  const page = await listeningPhonePage(context);
  await page.goto(`/category/${category.urlPath}`);

  await page.getByRole('combobox', { name: 'Rendezés' }).selectOption('price-desc');
  await page.getByRole('button', { name: '2. oldal' }).tap();

  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(page).toHaveURL(/page=2/);
  await appAwake(page);
  await expect(page.getByRole('combobox', { name: 'Rendezés' })).toHaveValue('price-desc');
  await expect(page.getByRole('button', { name: '2. oldal' })).toHaveAttribute('aria-current', 'page');
});

test('what a shopper types into the contact form before the app wakes stays in every field', async ({
  context,
}) => {
  const page = await listeningPhonePage(context);
  await page.goto('/contact');

  const form = page.getByRole('form', { name: 'Kapcsolatfelvételi űrlap' });
  const typed: [string, string][] = [
    ['Név', 'Korai Gépelő Anna'],
    ['E-mail-cím', 'korai.anna@example.hu'],
    ['Tárgy', 'Kérdés a bögréről'],
    ['Üzenet', 'Ezt még az oldal ébredése előtt írtam.'],
  ];
  for (const [label, text] of typed) {
    const field = form.getByRole('textbox', { name: label, exact: true });
    await field.tap();
    await field.pressSequentially(text);
  }

  await appAwake(page);
  for (const [label, text] of typed) {
    await expect(form.getByRole('textbox', { name: label, exact: true })).toHaveValue(text);
  }
});

test('a scroll made while the page wakes up is where the shopper left it', async ({
  context,
  categoryTree,
}) => {
  const page = await listeningPhonePage(context);
  await page.goto(`/category/${leafCategory(categoryTree).urlPath}`);
  await page.getByRole('heading', { level: 1 }).waitFor();

  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const reached = await page.evaluate(() => window.scrollY);

  await appAwake(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(reached);
});

test('a server-rendered page paints whole in its first frame, not blank or half read first', async ({
  context,
  categoryTree,
  request,
}) => {
  const product = await inStockProduct(request);
  for (const path of ['/', `/category/${leafCategory(categoryTree).urlPath}`, `/${product.slug}`]) {
    const page = await slowPhonePage(context);
    // Before any script of the page: an animation frame's callback runs just before the browser draws
    // its first frame, so it sees what that frame has to draw.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        Object.assign(window, { firstFrameHadFooter: document.querySelector('footer') !== null });
      });
    });
    await page.goto(path);
    await page.waitForFunction(() => 'firstFrameHadFooter' in window);
    expect(
      await page.evaluate(() => 'firstFrameHadFooter' in window && window.firstFrameHadFooter),
      path,
    ).toBe(true);
    await page.close();
  }
});

test('the cart, checkout and account paint the shop around them before the app wakes', async ({
  request,
}) => {
  for (const path of ['/cart', '/order/checkout', '/services/account']) {
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
    const root = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
    // The header's search and the footer's company data are in the HTML, the screen's place is held.
    expect(root, path).toContain('Keresés a webáruházban');
    expect(root, path).toContain('aria-busy="true"');
  }
});

test.describe('the cookie banner, for a first visit', () => {
  test.use({ cookieConsentDecided: false });

  test('rejecting as soon as the banner shows is kept, and the banner never shows again', async ({
    context,
  }) => {
    const page = await listeningPhonePage(context);
    await page.goto('/');

    const banner = page.getByRole('dialog', { name: /Sütik/ });
    await banner.getByRole('button', { name: 'Összes elutasítása' }).tap();
    await expect(banner).toBeHidden();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem('cookie-consent') ?? 'null')))
      .toMatchObject({ statistics: false, marketing: false });

    // A returning visitor: the banner is not painted even for a moment, on any page.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { bannerSeen: seen });
      const look = () => {
        const banner = document.querySelector('[data-consent-banner]');
        if (banner?.checkVisibility()) seen.push(window.location.pathname);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    for (const path of ['/', '/contact']) {
      await page.goto(path);
      await appAwake(page);
      expect(await page.evaluate(() => (window as unknown as { bannerSeen: string[] }).bannerSeen)).toEqual(
        [],
      );
    }
  });
});
