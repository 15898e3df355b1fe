import type { Page } from '@playwright/test';
import { registerCustomer } from '../customer';
import { demoProduct } from '../demo-variants';
import { expect, test, waitForAppAfterNavigation } from '../fixtures';
import { createProduct } from '../seed-products';
import { describeFindings, settledFindings, useWidth, WIDTHS, type Width } from './axe';

/**
 * Every shop screen in the states a shopper meets, at a phone's and a laptop's width, against axe's
 * WCAG 2.1 A and AA rules: no serious or critical finding. A test walks its screens on one page (a
 * width is a resize, not a reload), and each screen's findings fail it softly, so one run names every
 * screen at fault, each finding with its rule, impact, elements and what to do.
 */

const [PHONE, DESKTOP] = WIDTHS;

// A trace would record axe's whole source at every check; a failure's message names what to fix.
test.use({ trace: 'off' });

/** Checks the page as it is now at each width; a state that exists at one width only is checked there. */
async function check(page: Page, screen: string, widths: readonly Width[] = WIDTHS) {
  for (const width of widths) {
    await useWidth(page, width);
    const findings = await settledFindings(page, `${screen} @ ${width.width} px`);
    expect.soft(describeFindings(findings), `WCAG 2.1 AA: ${screen} @ ${width.width} px`).toBe('');
  }
}

// The walks are long by design (one page, many screens); a failure still names its screen.
test.describe.configure({ timeout: 180_000 });

test('every shop page a guest opens', async ({ page, request, adminToken, categoryTree, uniqueName }) => {
  const shirt = await demoProduct(request, 'KT-POLO');
  const soldOut = await createProduct(request, adminToken, {
    title: uniqueName('Elfogyott akadálymentes bögre'),
    price: 3490,
    stock: 0,
  });
  const category = categoryTree[0];
  if (!category) throw new Error('A demóadatokban nincs kategória.');
  const heading = page.getByRole('heading', { level: 1 });

  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await check(page, 'főoldal');

  await page.goto(`/category/${category.urlPath}`);
  await expect(heading).toBeVisible();
  await check(page, 'kategória');

  await page.goto(`/${shirt.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: shirt.title })).toBeVisible();
  await check(page, 'termék változatokkal');
  await page
    .getByRole('button', { name: /^Nagyítás: / })
    .first()
    .click();
  const lightbox = page.getByRole('dialog', { name: shirt.title });
  await expect(lightbox).toBeVisible();
  await check(page, 'képnagyító');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  await page.goto(`/${soldOut.slug}`);
  await page.getByRole('button', { name: 'Értesítést kérek' }).click();
  await expect(page.getByText('Az e-mail-cím kötelező.')).toBeVisible();
  await check(page, 'elfogyott termék, értesítés hibával');

  await page.goto('/search/bogre');
  await expect(heading).toBeVisible();
  await check(page, 'keresés');

  await page.goto('/featured');
  await expect(heading).toBeVisible();
  await check(page, 'kiemelt termékek');

  await page.goto('/blog');
  await expect(heading).toBeVisible();
  await check(page, 'blog');

  await page.goto('/blog/hogyan-valasszunk-bogret');
  await expect(heading).toBeVisible();
  await check(page, 'blogbejegyzés');

  await page.goto('/page/altalanos-szerzodesi-feltetelek');
  await expect(heading).toBeVisible();
  await check(page, 'ÁSZF');

  await page.goto('/page/akadalymentessegi-nyilatkozat');
  await expect(heading).toBeVisible();
  await check(page, 'akadálymentességi nyilatkozat');

  await page.goto('/page/katalogusok');
  await expect(heading).toBeVisible();
  await check(page, 'katalógusok');

  await page.goto('/contact');
  await page.getByRole('button', { name: 'Üzenet küldése' }).click();
  await expect(page.getByText('A név kötelező.')).toBeVisible();
  await check(page, 'kapcsolat, hibákkal');

  await page.goto('/services/account');
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expect(page.getByText('Az e-mail-cím kötelező.')).toBeVisible();
  await check(page, 'bejelentkezés, hibákkal');

  await page.goto('/services/registration');
  await page.getByRole('button', { name: 'Regisztráció' }).click();
  await expect(page.getByText('Az e-mail-cím kötelező.')).toBeVisible();
  await check(page, 'regisztráció, hibákkal');

  await page.goto('/nincs-ilyen/oldal');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await check(page, '404');
});

test('menus, drawers, dialogs and the cookie banner opened', async ({
  browser,
  page,
  request,
  adminToken,
  categoryTree,
  uniqueName,
}) => {
  await useWidth(page, PHONE);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menü megnyitása' }).click();
  const menu = page.getByRole('dialog', { name: 'Menü' });
  await menu
    .getByRole('button', { name: /alkategóriák megjelenítése$/ })
    .first()
    .click();
  await check(page, 'menü', [PHONE]);
  // The drawer's open state is stored (it survives a reload), so it is closed before the next page.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.goto('/category/konyha/bogrek-es-cseszek');
  await page.getByRole('button', { name: /^Szűrők/ }).click();
  await expect(page.getByRole('dialog', { name: 'Szűrők' })).toBeVisible();
  await check(page, 'szűrők', [PHONE]);

  const mug = await createProduct(request, adminToken, { title: uniqueName('Ajánlatos bögre'), price: 2990 });
  await page.goto(`/${mug.slug}`);
  await page.getByRole('button', { name: 'Árajánlatot kérek' }).click();
  const offer = page.getByRole('dialog', { name: 'Árajánlatot kérek' });
  await offer.getByRole('button', { name: 'Ajánlatkérés küldése' }).click();
  await expect(offer.getByText('A név kötelező.')).toBeVisible();
  await check(page, 'árajánlatkérés, hibákkal');

  // A first visit: a browser with no cookie decision yet.
  const context = await browser.newContext();
  const firstVisit = waitForAppAfterNavigation(await context.newPage());
  try {
    await firstVisit.goto('/');
    const banner = firstVisit.getByRole('dialog', { name: 'Sütik (cookie-k) ezen az oldalon' });
    await expect(banner).toBeVisible();
    await check(firstVisit, 'sütisáv');
    await banner.getByRole('button', { name: 'Beállítások' }).click();
    await expect(banner.getByRole('checkbox', { name: 'Marketing' })).toBeAttached();
    await check(firstVisit, 'sütibeállítások');
  } finally {
    await context.close();
  }

  await useWidth(page, DESKTOP);
  await page.goto('/');
  const categories = page.getByRole('navigation', { name: 'Kategóriák', exact: true });
  const withChildren = categoryTree.find((node) => node.children.length > 0);
  if (!withChildren) throw new Error('A demóadatokban nincs alkategória.');
  await categories.getByRole('link', { name: withChildren.title, exact: true }).hover();
  await expect(
    categories.getByRole('link', { name: withChildren.children[0]?.title, exact: true }),
  ).toBeVisible();
  await check(page, 'lenyíló kategóriamenü', [DESKTOP]);
});

test('the cart empty and full, the add-to-cart notice and the checkout with its errors', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, 'kosár, üres');

  const product = await createProduct(request, adminToken, {
    title: uniqueName('Akadálymentes bögre'),
    price: 3490,
  });
  await page.goto(`/${product.slug}`);
  await page.getByRole('button', { name: `Kosárba: ${product.title}` }).click();
  await expect(page.getByText(`Kosárba tettük: ${product.title}`)).toBeVisible();
  await check(page, 'kosárba tettük értesítés');

  await page.goto('/cart');
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
  await check(page, 'kosár, tele');
  await page.getByRole('button', { name: 'Kosár ürítése' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Kiüríted a kosarat?' })).toBeVisible();
  await check(page, 'kosár ürítése kérdés');
  await page.keyboard.press('Escape');

  await page.goto('/order/services/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, 'pénztár: belépés vagy vendég');

  await page.goto('/order/checkout');
  await page.getByRole('button', { name: 'Megrendelés fizetési kötelezettséggel' }).click();
  await expect(page.getByText('A vezetéknév kötelező.')).toBeVisible();
  await check(page, 'pénztár, hibákkal');
});

test('a signed-in customer’s account and order', async ({ page, request, adminToken, uniqueName }) => {
  const customer = await registerCustomer(request, { firstName: 'Akadálymentes' });
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Rendelt bögre'),
    price: 4990,
  });
  type Listed = { items: { id: number; name: string }[] };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const address = { name: 'Akadálymentes Anna', postcode: '6720', city: 'Szeged', street: 'Kárász utca 1.' };
  // A customer's order is placed from the cart the server keeps for them.
  const added = await request.post('/api/cart/add', {
    headers: { token: customer.token },
    data: { product: product.id, quantity: 2 },
  });
  expect(added.ok()).toBe(true);
  const placed = await request.post('/api/cart/order', {
    headers: { token: customer.token },
    data: {
      customer: {
        email: customer.email,
        firstName: customer.firstName,
        lastName: customer.lastName,
        phone: '06 30 123 4567',
      },
      shippingAddress: address,
      billingAddress: address,
      acceptTerms: true,
      shippingMethod: shipping.items.find((method) => /GLS/.test(method.name))?.id,
      paymentMethod: paying.items.find((method) => /Utánvét/.test(method.name))?.id,
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const { order } = (await placed.json()) as { order: { id: number } };

  await page.goto('/foo');
  await page.evaluate((token) => window.localStorage.setItem('token', token), customer.token);
  for (const tab of ['rendeleseim', 'cimeim', 'kedvencek', 'jelszo', 'adatvedelem']) {
    await page.goto(`/services/account?tab=${tab}`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await check(page, `fiók: ${tab}`);
  }

  await page.goto(`/order/${order.id}`);
  await expect(page.getByText('Fizetendő végösszeg')).toBeVisible();
  await check(page, 'rendelés oldala');
});
