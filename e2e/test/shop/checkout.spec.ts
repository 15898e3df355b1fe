import type { APIRequestContext, Page } from '@playwright/test';
import { registerCustomer } from '../customer';
import { expect, test } from '../fixtures';
import { ft } from '../money';

type Product = { id: number; title: string };
type OutboxItem = { to: string; subject: string; templateKey: string | null };

const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';
/** The stand-in's test cards (Barion's sandbox numbers). */
const CARD_SUCCEEDS = '4444 8888 8888 5559';
const CARD_DECLINED = '4444 8888 8888 9999';
const ORDER_NUMBER = /^\d{4}-\d{6}$/;

/** A product of the test's own, so its price and stock are known and no other test changes them. */
async function createProduct(
  request: APIRequestContext,
  adminToken: string,
  { title, price }: { title: string; price: number },
): Promise<Product> {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price, stock: 20, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

/** A guest's cart is a list in browser storage under `cart`, the specification's key. */
async function putInGuestCart(page: Page, lines: { product: number; quantity: number }[]) {
  await page.goto('/foo');
  await page.evaluate((cart) => window.localStorage.setItem('cart', JSON.stringify(cart)), lines);
}

async function fillContact(page: Page, { email, phone }: { email: string; phone: string }) {
  await page.getByLabel('E-mail-cím').fill(email);
  await page.getByLabel('Vezetéknév').fill('Vendég');
  await page.getByLabel('Keresztnév').fill('Vilma');
  await page.getByLabel('Telefonszám').fill(phone);
}

async function fillShippingAddress(page: Page) {
  const address = page.getByRole('region', { name: 'Szállítási cím' });
  await address.getByLabel('Címzett neve').fill('Vendég Vilma');
  await address.getByLabel('Irányítószám').fill('6720');
  await address.getByLabel('Település').fill('Szeged');
  await address.getByLabel('Utca, házszám').fill('Kárász utca 1.');
}

/** The GLS courier instead of the preselected (cheaper) locker; the radio is drawn over its native input. */
async function chooseCourier(page: Page) {
  const gls = page.getByRole('radio', { name: /GLS házhozszállítás/ });
  await gls.press('Space');
  await expect(gls).toBeChecked();
}

/** Chakra draws the box over the native input, so the keyboard (as a user would) ticks it. */
async function acceptTerms(page: Page) {
  const terms = page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
  await expect(terms).not.toBeChecked();
  await terms.press('Space');
  await expect(terms).toBeChecked();
}

async function payOnGateway(page: Page, card: string) {
  await expect(page.getByLabel('Kártyaszám')).toBeVisible();
  await page.getByLabel('Kártyaszám').fill(card);
  await page.getByRole('button', { name: 'Fizetés', exact: true }).click();
}

async function outboxFor(
  request: APIRequestContext,
  adminToken: string,
  email: string,
): Promise<OutboxItem[]> {
  const response = await request.post('/api/email/outbox', {
    headers: { token: adminToken },
    data: { search: email },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: OutboxItem[] }).items;
}

test('a guest pays by card, lands on the thank-you page and gets the confirmation e-mail', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Kártyás bögre'),
    price: 7490,
  });
  const email = `kartyas.${Date.now().toString(36)}@example.hu`;
  await putInGuestCart(page, [{ product: product.id, quantity: 2 }]);

  await page.goto('/order/services/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Hogyan szeretnél rendelni?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bejelentkezés' })).toBeVisible();
  await page.getByRole('link', { name: 'Folytatás vendégként' }).click();
  await expect(page).toHaveURL('/order/checkout');

  // 2 × 7 490 = 14 980 Ft, under the 20 000 Ft free-shipping line: the cheapest delivery, the Foxpost
  // locker the cart estimated, comes preselected; this guest wants the GLS courier (1 990 Ft) instead.
  const summary = page.getByRole('region', { name: 'Rendelésed összesítése' });
  await expect(summary.getByText(product.title)).toBeVisible();
  await expect(summary.getByText(`2 db × ${ft(7490)}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: /Foxpost csomagautomata/ })).toBeChecked();
  await chooseCourier(page);
  await expect(page.getByRole('radio', { name: /Bankkártyás fizetés/ })).toBeChecked();
  await expect(summary.getByText(ft(14_980 + 1990), { exact: true })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Általános Szerződési Feltételeket' })).toHaveAttribute(
    'href',
    '/page/altalanos-szerzodesi-feltetelek',
  );
  await expect(summary.getByRole('link', { name: 'adatkezelési tájékoztató' })).toHaveAttribute(
    'href',
    '/page/adatkezelesi-tajekoztato',
  );

  // The API's own rules answer at the fields before anything is sent; the terms are never pre-ticked.
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(page.getByText('A vezetéknév kötelező.')).toBeVisible();
  await expect(page.getByText('Az irányítószám 4 számjegyből áll.')).toBeVisible();
  await expect(
    page.getByText('A rendeléshez el kell fogadnod az Általános Szerződési Feltételeket.'),
  ).toBeVisible();

  await fillContact(page, { email, phone: '06 30 123 4567' });
  await fillShippingAddress(page);
  await acceptTerms(page);
  await page.getByRole('button', { name: ORDER_BUTTON }).click();

  await expect(page).toHaveURL(/\/_barion\//);
  await payOnGateway(page, CARD_SUCCEEDS);

  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Köszönjük a rendelésedet!' })).toBeVisible();
  const orderNumber = (await page.getByText(ORDER_NUMBER).textContent()) ?? '';
  expect(orderNumber).toMatch(ORDER_NUMBER);
  await expect(page.getByText('A bankkártyás fizetés sikerült', { exact: false })).toBeVisible();
  await expect(page.getByText(ft(16_970)).first()).toBeVisible();
  // The guest cart is emptied once the order is placed.
  expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();

  // The private link works for the guest: the order page shows it paid.
  await page.getByRole('link', { name: 'Rendelés megtekintése' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Rendelés ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('Kifizetve').first()).toBeVisible();
  await expect(page.getByText('Vendég Vilma').first()).toBeVisible();

  const outbox = await outboxFor(request, adminToken, email);
  const confirmation = outbox.find((message) => message.templateKey === 'order_confirmation');
  expect(confirmation?.subject).toContain(orderNumber);
  expect(outbox.some((message) => message.templateKey === 'payment_succeeded')).toBe(true);
});

test('a declined card, then a cancelled payment, keep the order; paying again by card completes it', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Makacs váza'),
    price: 21_500,
  });
  await putInGuestCart(page, [{ product: product.id, quantity: 1 }]);

  await page.goto('/order/checkout');
  // 21 500 Ft reaches the free-shipping line of GLS.
  const gls = page.getByRole('radio', { name: /GLS házhozszállítás/ });
  await expect(gls).toBeChecked();
  await expect(
    page.getByRole('region', { name: 'Szállítási mód' }).getByText('ingyenes').first(),
  ).toBeVisible();
  await fillContact(page, {
    email: `elutasitott.${Date.now().toString(36)}@example.hu`,
    phone: '+36 70 555 1234',
  });
  await fillShippingAddress(page);
  await acceptTerms(page);
  await page.getByRole('button', { name: ORDER_BUTTON }).click();

  await payOnGateway(page, CARD_DECLINED);
  // The bank said no, and the payment stays open for another try on the gateway.
  await expect(page.getByLabel('Kártyaszám')).toBeVisible();
  await page.getByRole('button', { name: 'Mégse' }).click();

  await expect(page).toHaveURL(/\/order\/failure\?order=\d+/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'A fizetés most nem sikerült' })).toBeVisible();
  await expect(page.getByText('A rendelésedet megőriztük', { exact: false })).toBeVisible();
  await expect(page.getByText(ORDER_NUMBER)).toBeVisible();
  const orderNumber = (await page.getByText(ORDER_NUMBER).textContent()) ?? '';
  // Another method would cost its own fee: shown before it is chosen.
  await expect(page.getByText(`Végösszeg ezzel: ${ft(21_990)}`)).toBeVisible();

  await page.getByRole('button', { name: 'Fizetés újra bankkártyával' }).click();
  await expect(page).toHaveURL(/\/_barion\//);
  await payOnGateway(page, CARD_SUCCEEDS);

  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });
  await expect(page.getByText(orderNumber, { exact: true })).toBeVisible();
  await expect(page.getByText('A bankkártyás fizetés sikerült', { exact: false })).toBeVisible();
});

test('a customer signs in on the way to the checkout, buys as a company paying cash on delivery and finds the order under "Rendeléseim"', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const customer = await registerCustomer(request, { firstName: 'Utánvétes' });
  // 12 993 + 1 990 shipping + 490 cash-on-delivery fee = 15 473 Ft, paid in cash as 15 475 Ft.
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Kerekítő tál'),
    price: 12_993,
  });
  await putInGuestCart(page, [{ product: product.id, quantity: 1 }]);

  await page.goto('/order/services/account');
  await page.getByLabel('E-mail-cím').fill(customer.email);
  await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Bejelentkezés' }).click();
  await expect(page).toHaveURL('/order/checkout');
  // As the specification asks, signing in with a guest cart asks whether to enter with it.
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Igen, ezzel a kosárral lépek be' })
    .click();

  const summary = page.getByRole('region', { name: 'Rendelésed összesítése' });
  await expect(summary.getByText(product.title)).toBeVisible();
  // Prefilled from the account.
  await expect(page.getByLabel('E-mail-cím')).toHaveValue(customer.email);
  await expect(page.getByLabel('Keresztnév')).toHaveValue('Utánvétes');
  await expect(page.getByText('Vendégként rendelsz.')).toBeHidden();
  await chooseCourier(page);

  await page.getByLabel('Telefonszám').fill('06 20 987 6543');
  await fillShippingAddress(page);
  // Like the terms box, the radio is drawn over its native input: the keyboard chooses it.
  await page.getByRole('radio', { name: /Utánvét/ }).press('Space');
  await expect(page.getByRole('radio', { name: /Utánvét/ })).toBeChecked();
  await expect(summary.getByText('Kerekítés (készpénzes fizetés)')).toBeVisible();
  await expect(summary.getByText('+2\u00a0Ft')).toBeVisible();
  await expect(summary.getByText(ft(15_475), { exact: true })).toBeVisible();

  // A company buyer: the tax number is read without dashes, the EU VAT number is checked at the field.
  await page.getByRole('checkbox', { name: /Cégként vásárolok/ }).press('Space');
  await page.getByLabel('Cégnév').fill('Utánvét Kft.');
  await page.getByLabel(/^Adószám/).fill('12345676242');
  await page.getByLabel('Közösségi adószám').fill('HU12345678');
  await acceptTerms(page);
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(page.getByText('A közösségi adószám (HU…) ellenőrző számjegye hibás.')).toBeVisible();
  await page.getByLabel('Közösségi adószám').fill('hu 12345676');
  await page.getByRole('button', { name: ORDER_BUTTON }).click();

  await expect(page).toHaveURL(/\/order\/success\?order=\d+/);
  const orderNumber = (await page.getByText(ORDER_NUMBER).textContent()) ?? '';
  expect(orderNumber).toMatch(ORDER_NUMBER);
  await expect(page.getByText(`A végösszeget (${ft(15_475)})`, { exact: false })).toBeVisible();

  await page.getByRole('link', { name: 'Rendeléseim' }).click();
  await expect(page).toHaveURL('/services/account?tab=rendeleseim');
  const order = page.getByRole('button', { name: new RegExp(orderNumber) });
  await expect(order).toContainText('Új');
  await expect(order).toContainText(ft(15_475));
  await order.click();
  await expect(page.getByText(`1 × ${ft(12_993)}`)).toBeVisible();
  await page.getByRole('link', { name: 'A rendelés részletei' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Rendelés ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('Utánvét').first()).toBeVisible();
  const billing = page.getByText('Utánvét Kft.').locator('..');
  await expect(billing.getByText('Adószám: 12345676-2-42')).toBeVisible();
  await expect(billing.getByText('Közösségi adószám: HU12345676')).toBeVisible();
});

test('on a 1440×900 screen a cart of several lines shows the order button when the page is scrolled to its end', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const lines = [];
  for (const name of [
    'Hosszú kosár bögre',
    'Hosszú kosár tányér',
    'Hosszú kosár kancsó',
    'Hosszú kosár tál',
  ]) {
    lines.push({
      product: (await createProduct(request, adminToken, { title: uniqueName(name), price: 2990 })).id,
      quantity: 1,
    });
  }
  await putInGuestCart(page, lines);
  await page.goto('/order/checkout');
  const order = page.getByRole('button', { name: 'Megrendelés fizetési kötelezettséggel' });
  await expect(order).toBeVisible();
  // The mouse wheel over the form scrolls the page, as a shopper does; at some point on the way down the
  // whole button shows (the intersection counts what a box that scrolls inside itself cuts off).
  const wholeInView = () =>
    order.evaluate(
      (button) =>
        new Promise<boolean>((resolve) => {
          const observer = new IntersectionObserver(([entry]) => {
            observer.disconnect();
            resolve((entry?.intersectionRatio ?? 0) > 0.99);
          });
          observer.observe(button);
        }),
    );
  await page.mouse.move(400, 600);
  let seen = await wholeInView();
  for (let step = 0; step < 40 && !seen; step++) {
    await page.mouse.wheel(0, 200);
    seen = await wholeInView();
  }
  expect(seen).toBe(true);
});

test('an order page nobody may see is "Page not found"', async ({ page }) => {
  await page.goto('/order/999999?key=nem-ez-a-kulcs-1234567890');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/order/nem-szam');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
