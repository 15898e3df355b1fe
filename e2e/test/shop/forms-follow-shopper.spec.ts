import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { registerCustomer } from '../customer';
import { expect, test } from '../fixtures';
import { ft } from '../money';

const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';
const LOCKER = 'FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca';

/** Screenshots for looking at the screens by eye (E2E_SHOTS=dir); none in ordinary runs. */
const SHOTS = process.env.E2E_SHOTS;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

// A mid-range phone: most of the shop's shoppers.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A product of the test's own at 4 490 Ft: one piece is under every free-shipping threshold. */
async function createProduct(request: APIRequestContext, adminToken: string, title: string) {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 4490, stock: 20, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number; slug: string; title: string };
}

async function putInGuestCart(page: Page, product: number) {
  await page.goto('/foo');
  await page.evaluate(
    (id) => window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 1 }])),
    product,
  );
}

/**
 * The message `message` stands under (or for) `field` and the field is `aria-invalid`; after `fix`,
 * both are gone at once, without another submit.
 */
async function fixes(scope: Locator, field: Locator, message: string, fix: () => Promise<void>) {
  await expect(scope.getByText(message, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await fix();
  await expect(scope.getByText(message, { exact: true })).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

test('after an empty checkout submit each error and aria-invalid goes the moment its field is right', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, uniqueName('Hibátlan bögre'));
  await putInGuestCart(page, product.id);
  // This machine reaches no tile server; the picker's list does not need it.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/order/checkout');
  const form = page.getByRole('form', { name: 'Megrendelés' });
  await expect(page.getByRole('radio', { name: /Foxpost csomagautomata/ })).toBeChecked();

  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  const invalid = form.locator('[aria-invalid="true"]');
  // E-mail, two names, phone, four of the billing address and the terms; the point is a block's message.
  await expect(invalid).toHaveCount(9);
  await shoot(page, 'checkout-errors-390');

  const point = page.getByRole('region', { name: 'Csomagpont / automata' });
  await expect(point.getByText('Válassz csomagpontot vagy automatát!')).toBeVisible();
  // The first problem is the point, a block with no field: its button has the focus, in view.
  const choose = point.getByRole('button', { name: 'Csomagpont választása' });
  await expect(choose).toBeFocused();
  await expect(choose).toBeInViewport();
  await choose.click();
  const picker = page.getByRole('dialog', { name: 'Foxpost csomagpont választása' });
  await picker.getByLabel('Irányítószám, város vagy a pont neve').fill('1117');
  await picker.getByRole('button', { name: `Ezt választom: ${LOCKER}` }).click();
  await expect(point.getByText(LOCKER)).toBeVisible();
  await expect(point.getByText('Válassz csomagpontot vagy automatát!')).toHaveCount(0);
  await expect(point.getByRole('alert')).toHaveCount(0);

  const email = page.getByLabel('E-mail-cím');
  await fixes(form, email, 'Érvénytelen e-mail-cím.', async () => {
    // Still wrong while half typed: the message stays, then goes with the last character.
    await email.fill('panna@');
    await expect(form.getByText('Érvénytelen e-mail-cím.')).toBeVisible();
    await email.fill('panna@example.hu');
  });
  await fixes(form, page.getByLabel('Vezetéknév'), 'A vezetéknév kötelező.', () =>
    page.getByLabel('Vezetéknév').fill('Hibátlan'),
  );
  await fixes(form, page.getByLabel('Keresztnév'), 'A keresztnév kötelező.', () =>
    page.getByLabel('Keresztnév').fill('Panna'),
  );
  const phone = page.getByLabel('Telefonszám');
  await fixes(form, phone, 'Érvénytelen telefonszám. Add meg +36 formátumban, pl. +36 30 123 4567.', () =>
    phone.fill('06 30 123 4567'),
  );
  const billing = page.getByRole('group', { name: 'Számlázási cím' });
  await fixes(billing, billing.getByLabel('Számlázási név'), 'A név kötelező.', () =>
    billing.getByLabel('Számlázási név').fill('Hibátlan Panna'),
  );
  await fixes(billing, billing.getByLabel('Irányítószám'), 'Az irányítószám 4 számjegyből áll.', () =>
    billing.getByLabel('Irányítószám').fill('1117'),
  );
  await fixes(billing, billing.getByLabel('Település'), 'A település kötelező.', () =>
    billing.getByLabel('Település').fill('Budapest'),
  );
  await fixes(billing, billing.getByLabel('Utca, házszám'), 'Az utca, házszám kötelező.', () =>
    billing.getByLabel('Utca, házszám').fill('Irinyi József utca 10.'),
  );
  const terms = page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
  await fixes(
    form,
    terms,
    'A rendeléshez el kell fogadnod az Általános Szerződési Feltételeket.',
    async () => {
      await terms.press('Space');
      await expect(terms).toBeChecked();
    },
  );
  await expect(invalid).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await shoot(page, 'checkout-fixed-390');
});

test('the contact form drops each error as its field is put right, and then sends', async ({
  page,
  uniqueName,
}) => {
  // The form makes the sender wait its minimum fill time.
  test.slow();
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Kapcsolatfelvételi űrlap' });
  await form.getByRole('button', { name: 'Üzenet küldése' }).click();
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(5);

  const name = form.getByRole('textbox', { name: 'Név', exact: true });
  await fixes(form, name, 'A név kötelező.', () => name.fill('Javító Judit'));
  const email = form.getByRole('textbox', { name: 'E-mail-cím' });
  await fixes(form, email, 'Az e-mail-cím kötelező.', async () => {
    await email.fill('javito');
    // Wrong in another way now: the message says so instead of going.
    await expect(form.getByText('Érvénytelen e-mail-cím.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill(`javito.${Date.now().toString(36)}@example.hu`);
    await expect(form.getByText('Érvénytelen e-mail-cím.')).toHaveCount(0);
  });
  const subject = form.getByRole('textbox', { name: 'Tárgy' });
  await fixes(form, subject, 'A tárgy kötelező.', () => subject.fill(uniqueName('Hibák')));
  const message = form.getByRole('textbox', { name: 'Üzenet' });
  await fixes(form, message, 'Az üzenet kötelező.', () => message.fill('Eltűnnek a hibák?'));
  const consent = form.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
  await fixes(form, consent, 'Az adatkezelési tájékoztató elfogadása kötelező.', async () => {
    await consent.press('Space');
    await expect(consent).toBeChecked();
  });
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);

  await form.getByRole('button', { name: 'Üzenet küldése' }).click();
  await expect(page.getByText('Köszönjük, megkaptuk az üzenetedet!')).toBeVisible();
});

test("a signed-in shopper who starts on the checkout before the account's details arrive keeps exactly what they typed", async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const customer = await registerCustomer(request, { firstName: 'Fiókos' });
  const product = await createProduct(request, adminToken, uniqueName('Előre gépelt bögre'));
  const added = await request.post('/api/cart/add', {
    headers: { token: customer.token },
    data: { product: product.id, quantity: 1 },
  });
  expect(added.ok()).toBe(true);
  await page.goto('/foo');
  await page.evaluate((token) => window.localStorage.setItem('token', token), customer.token);
  await page.goto('/cart');
  await expect(page.getByRole('listitem', { name: product.title })).toBeVisible();

  // The account's details and addresses are held back until the shopper has started.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/trpc\/[^?]*user\.(details|addressList)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Tovább a pénztárhoz' }).click();
  await expect(page).toHaveURL('/order/checkout');

  const email = page.getByLabel('E-mail-cím');
  const lastName = page.getByLabel('Vezetéknév');
  const firstName = page.getByLabel('Keresztnév');
  await lastName.pressSequentially('Kis');
  await expect(firstName).toHaveValue('');
  // The shopper has gone on to the e-mail field when the account's details arrive.
  await email.click();
  release();
  await expect(firstName).toHaveValue('Fiókos');
  await email.pressSequentially('panna@example.hu');
  await lastName.press('End');
  await lastName.pressSequentially('s');

  await expect(email).toHaveValue('panna@example.hu');
  await expect(lastName).toHaveValue('Kiss');
  // Untouched, the phone field is the account's (none given at sign-up: empty, not mixed).
  await expect(page.getByLabel('Telefonszám')).toHaveValue('');
});

test('the product page, the cart and the checkout show the same shipping method and fee', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, uniqueName('Egyárú bögre'));
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  // Under every threshold the cheapest delivery is the Foxpost locker, 1 290 Ft (the demo shop's methods).
  await page.goto(`/${product.slug}`);
  const delivery = page.getByRole('region', { name: 'Szállítás' });
  await expect(delivery).toContainText(`Szállítás ${ft(1290)}-tól (Foxpost csomagautomata)`);

  await putInGuestCart(page, product.id);
  await page.goto('/cart');
  const summary = page.getByRole('complementary', { name: 'Összesítés' });
  const shippingRow = summary
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: /^Szállítás/ }) });
  // The cart names the method its estimate assumes, and that its point is chosen at the checkout.
  await expect(shippingRow.getByRole('term')).toContainText('Foxpost csomagautomata');
  await expect(shippingRow.getByRole('term')).toContainText(
    'A csomagpontot vagy automatát a pénztárban választod ki',
  );
  await expect(shippingRow.getByRole('definition').locator('[aria-hidden="true"]')).toHaveText(ft(1290));
  await expect(summary.getByText(ft(4490 + 1290), { exact: true })).toBeVisible();
  await shoot(page, `cart-${page.viewportSize()?.width}`);

  await page.goto('/order/checkout');
  await expect(page.getByRole('radio', { name: /Foxpost csomagautomata/ })).toBeChecked();
  const order = page.getByRole('region', { name: 'Rendelésed összesítése' });
  await expect(order.getByText(ft(4490 + 1290), { exact: true })).toBeVisible();
  // The preselected locker says, on the phone's first screen, that its point is the next step.
  const nextStep = page.getByText('Következő lépés: válaszd ki a csomagpontot vagy automatát.');
  await expect(nextStep).toBeInViewport();
  await shoot(page, `checkout-${page.viewportSize()?.width}`);

  const point = page.getByRole('region', { name: 'Csomagpont / automata' });
  await point.getByRole('button', { name: 'Csomagpont választása' }).click();
  const picker = page.getByRole('dialog', { name: 'Foxpost csomagpont választása' });
  await picker.getByLabel('Irányítószám, város vagy a pont neve').fill('1117');
  await picker.getByRole('button', { name: `Ezt választom: ${LOCKER}` }).click();
  await expect(point.getByText(LOCKER)).toBeVisible();
  await expect(nextStep).toHaveCount(0);
  await expect(order.getByText(ft(4490 + 1290), { exact: true })).toBeVisible();
});
