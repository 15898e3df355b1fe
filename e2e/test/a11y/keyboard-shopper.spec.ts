import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { registerCustomer, type TestCustomer } from '../customer';
import { expect, test } from '../fixtures';
import { openAtOnce, slowCpu } from '../slow-cpu';

/**
 * Whole shopper journeys by keyboard alone (issue #30): Tab, Shift+Tab, Enter, Space, arrows and Escape,
 * never a click or a filled-in field. Every stop of the Tab key must show where the focus is, and after
 * each step (a cookie choice, Kosárba, a new checkout page, a refused form, a closed dialog) the focus
 * must land where the shopper can go on, never on the page's body. The pages are used the moment a
 * control shows, as a keyboard user who does not wait for the app would, on a computer whose CPU runs
 * four times slower than the test machine's, as a shopper's older laptop does.
 */

const DESKTOP = { width: 1280, height: 900 };
const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';
const CARD_SUCCEEDS = '4444 8888 8888 5559';
const LOCKER = 'FOXPOST A-BOX Budapest Újbuda Október huszonharmadika utca';

test.use({ viewport: DESKTOP });

/** The page's slowed CPU, for a journey that runs a part of it at full speed. */
let cpu: Awaited<ReturnType<typeof slowCpu>>;

test.beforeEach(async ({ page }) => {
  cpu = await slowCpu(page);
});

type Product = { id: number; slug: string; title: string };

async function createProduct(request: APIRequestContext, adminToken: string, title: string) {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 4990, stock: 20, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

/** Where the focus is after a key press, read in one look at the page. */
type FocusState = { where: string; visible: boolean; onTarget: boolean };

/**
 * What has the focus (described for a failure message; 'body' when it was dropped), whether it shows
 * it, and whether it is `target`. Visible means an outline or a ring (box shadow) of its own, its
 * control's (Chakra draws a checkbox's and a radio's box beside the hidden native input that holds the
 * focus), or an outline its close wrapper draws for it (a quantity field with its − and + buttons).
 */
function focusState(target: Locator): Promise<FocusState> {
  return target.evaluate((targetElement) => {
    const element = document.activeElement;
    if (!element || element === document.body) return { where: 'body', visible: false, onTarget: false };
    const name =
      element.getAttribute('aria-label') ??
      (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null) ??
      element.textContent;
    const outlined = (box: Element | null) => {
      if (!box) return false;
      const style = getComputedStyle(box);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    };
    const ringed = (box: Element | null) =>
      outlined(box) || (box !== null && getComputedStyle(box).boxShadow !== 'none');
    const visible =
      ringed(element) ||
      ringed(element.closest('label')?.querySelector('[data-part="control"]') ?? null) ||
      outlined(element.parentElement) ||
      outlined(element.parentElement?.parentElement ?? null);
    return {
      where: `${element.tagName.toLowerCase()} "${(name ?? '').trim().slice(0, 80)}"`,
      visible,
      onTarget: element === targetElement,
    };
  });
}

/** What has the focus, for a check that it was not dropped on the page's body. */
const focused = (page: Page) => focusState(page.locator('html'));

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times, and checks at every stop
 * that the focus is visible and not dropped on the body. Returns how many presses it took.
 */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}): Promise<number> {
  await expect(target).toBeVisible();
  let state: FocusState | undefined;
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    state = await focusState(target);
    expect(state.where, 'a Tab dropped the focus on the page body').not.toBe('body');
    expect(state.visible, `the focus on ${state.where} is not visible`).toBe(true);
    if (state.onTarget) return presses;
  }
  throw new Error(`${max} Tab did not reach the target; the focus is on ${state?.where}`);
}

/** Tabs to a text field and types into it, as a shopper fills a form. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test.describe('on a first visit', () => {
  test.use({ cookieConsentDecided: false });

  test('a guest on a first visit by keyboard: the cookie choice, then Kosárba, said and keeping the focus, then the header’s cart', async ({
    page,
    request,
    adminToken,
    uniqueName,
  }) => {
    // On the slowed CPU the browser can go over 10 s without an idle moment; the Enter pressed before
    // the app woke is carried out anyway, at the latest 4 s after the app's first commit (early-input/wake.ts).
    const product = await createProduct(request, adminToken, uniqueName('Billentyűs bögre'));

    await openAtOnce(page, `/${product.slug}`);
    const banner = page.getByRole('dialog', { name: 'Sütik (cookie-k) ezen az oldalon' });
    const reject = banner.getByRole('button', { name: 'Összes elutasítása' });
    await expect(reject).toBeVisible();
    // The skip link first, then the banner: a handful of Tabs, not a walk through the whole page.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Ugrás a tartalomra' })).toBeFocused();
    expect(await tabTo(page, reject, { max: 4 })).toBeLessThanOrEqual(4);
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    // The choice made, the focus goes on to the content, not back to the top of the page's body.
    await expect(page.getByRole('main')).toBeFocused();

    const addToCart = page.getByRole('button', { name: `Kosárba: ${product.title}` });
    await tabTo(page, addToCart);
    await page.keyboard.press('Enter');
    // A screen reader hears the change from a polite live region, and the focus stays on the button.
    const cartNews = page
      .locator('[aria-live="polite"]')
      .filter({ hasText: `A kosárba került: ${product.title}, 1 db` });
    await expect(cartNews).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Kosár, 1 termék' })).toBeVisible();
    await expect(addToCart).toBeFocused();

    // Back up to the header's cart.
    await tabTo(page, page.getByRole('link', { name: 'Kosár, 1 termék' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('link', { name: product.title })).toBeVisible();
  });
});

test('a guest changes the cart by keyboard and goes on to the checkout, each page taking the focus to its heading', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, uniqueName('Billentyűs bögre'));
  // The cart the guest filled before (the journey above, by keyboard).
  await openAtOnce(page, '/foo');
  await page.evaluate(
    (id) => window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 1 }])),
    product.id,
  );
  await openAtOnce(page, '/cart');
  // A change in the cart is said, and the focus stays on the button that made it.
  const more = page
    .getByRole('list', { name: 'A kosár tételei' })
    .getByRole('button', { name: 'Eggyel több' });
  await tabTo(page, more, { max: 60 });
  await page.keyboard.press('Enter');
  await expect(
    page.locator('[aria-live="polite"]').filter({ hasText: `${product.title}: 2 db a kosárban` }),
  ).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Kosár, 2 termék' })).toBeVisible();
  await expect(more).toBeFocused();
  const toCheckout = page.getByRole('link', { name: /Tovább a pénztárhoz/ });
  await tabTo(page, toCheckout, { max: 60 });
  await page.keyboard.press('Enter');

  // Each checkout page takes the focus to its own heading.
  await expect(page).toHaveURL('/order/services/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Hogyan szeretnél rendelni?' })).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Folytatás vendégként' }), { max: 5 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/order/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Pénztár' })).toBeFocused();
});

/**
 * Opens the checkout of a guest whose cart holds a product of its own (filled before, as the journey
 * above does by keyboard) and goes, as a keyboard user does on a page opened directly, through the skip
 * link into the content.
 */
async function openCheckout(page: Page, request: APIRequestContext, adminToken: string, title: string) {
  const product = await createProduct(request, adminToken, title);
  await openAtOnce(page, '/foo');
  await page.evaluate(
    (id) => window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 2 }])),
    product.id,
  );
  await openAtOnce(page, '/order/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Pénztár' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Ugrás a tartalomra' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

/** Moves a radio group's choice with the arrow keys, from its checked radio, until `radio` has it. */
async function chooseByArrows(page: Page, checked: Locator, radio: Locator) {
  if (await radio.isChecked()) return;
  await tabTo(page, checked, { max: 40 });
  for (let step = 0; step < 8 && !(await radio.isChecked()); step += 1)
    await page.keyboard.press('ArrowDown');
  await expect(radio).toBeChecked();
  await expect(radio).toBeFocused();
}

test('a guest chooses a Foxpost locker by the arrows, and a refused order takes the focus to its first problem, the pickup point', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  // Every stop of the Tab key is checked for a visible focus, on a slowed CPU.
  test.setTimeout(60_000);
  await openCheckout(page, request, adminToken, uniqueName('Billentyűs bögre'));

  // The locker is chosen with the arrows of its radio group (the cheapest, it may come chosen already).
  const foxpost = page.getByRole('radio', { name: /Foxpost csomagautomata/ });
  await tabTo(page, page.getByRole('radio', { checked: true }).first(), { max: 5 });
  for (let step = 0; step < 6 && !(await foxpost.isChecked()); step += 1)
    await page.keyboard.press('ArrowDown');
  await expect(foxpost).toBeChecked();
  await expect(foxpost).toBeFocused();

  // Ordering with nothing filled in: the focus goes to the first problem, the pickup point's button.
  await tabTo(page, page.getByRole('button', { name: ORDER_BUTTON }), { max: 60 });
  await page.keyboard.press('Enter');
  const pointSection = page.getByRole('region', { name: 'Csomagpont / automata' });
  await expect(pointSection.getByRole('button', { name: 'Csomagpont választása' })).toBeFocused();
});

test('the Foxpost picker takes the focus to its search, keeps it while open and gives it back on closing', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  // A search typed a key at a time into a list of points, on a slowed CPU.
  test.setTimeout(60_000);
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
  await openCheckout(page, request, adminToken, uniqueName('Billentyűs bögre'));
  await chooseByArrows(
    page,
    page.getByRole('radio', { checked: true }).first(),
    page.getByRole('radio', { name: /Foxpost csomagautomata/ }),
  );
  const pointSection = page.getByRole('region', { name: 'Csomagpont / automata' });
  await tabTo(page, pointSection.getByRole('button', { name: 'Csomagpont választása' }), { max: 5 });

  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Foxpost csomagpont választása' });
  const search = picker.getByLabel('Irányítószám, város vagy a pont neve');
  await expect(search).toBeFocused();
  await page.keyboard.type('1117');
  await expect(search).toHaveValue('1117');
  const results = picker.getByRole('list', { name: 'Foxpost pontok' }).getByRole('listitem');
  await expect(results).toHaveCount(3);
  // The dialog keeps the focus: Shift+Tab from its first field goes round to its end, not to the page.
  await page.keyboard.press('Shift+Tab');
  expect(await picker.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await tabTo(page, picker.getByRole('button', { name: `Ezt választom: ${LOCKER}` }), { max: 12 });
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(pointSection.getByText(LOCKER)).toBeVisible();
  // Closed, the dialog gives the focus back to the section's button (now "Másik pont választása").
  await expect(pointSection.getByRole('button', { name: 'Másik pont választása' })).toBeFocused();
});

/** Chooses pickup in person (only the invoice needs an address) and payment by card, by the arrows. */
async function pickUpAndPayByCard(page: Page) {
  await chooseByArrows(
    page,
    page.getByRole('radio', { checked: true }).first(),
    page.getByRole('radio', { name: /Személyes átvétel/ }),
  );
  await chooseByArrows(
    page,
    page.getByRole('radio', { checked: true }).nth(1),
    page.getByRole('radio', { name: /Bankkártyás fizetés/ }),
  );
}

test('a guest’s refused order takes the focus to the e-mail address, and the contact details are typed from there by keyboard', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  // A form typed a key at a time on a slowed CPU.
  test.setTimeout(60_000);
  await openCheckout(page, request, adminToken, uniqueName('Billentyűs bögre'));
  await pickUpAndPayByCard(page);

  // Ordering with nothing filled in: the focus goes to the first problem, the e-mail address.
  await tabTo(page, page.getByRole('button', { name: ORDER_BUTTON }), { max: 60 });
  await page.keyboard.press('Enter');
  const order = page.getByRole('form', { name: 'Megrendelés' });
  const email = order.getByLabel('E-mail-cím');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  const address = `billentyu.${Date.now().toString(36)}@example.hu`;
  await page.keyboard.type(address);
  await expect(email).toHaveValue(address);
  await typeInto(page, order.getByLabel('Vezetéknév'), 'Billentyű');
  await typeInto(page, order.getByLabel('Keresztnév'), 'Benő');
  await typeInto(page, order.getByLabel('Telefonszám'), '06 30 765 4321');
  await expect(email).toHaveValue(address);
});

test('a guest types the invoice address by keyboard, accepts the terms by Space and pays on the Barion stand-in', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  // A form typed a key at a time on a slowed CPU.
  test.setTimeout(60_000);
  await openCheckout(page, request, adminToken, uniqueName('Billentyűs bögre'));
  await pickUpAndPayByCard(page);
  // The contact details, typed by keyboard in the journey above, are this one's set-up.
  const order = page.getByRole('form', { name: 'Megrendelés' });
  await order.getByLabel('E-mail-cím').fill(`billentyu.${Date.now().toString(36)}@example.hu`);
  await order.getByLabel('Vezetéknév').fill('Billentyű');
  await order.getByLabel('Keresztnév').fill('Benő');
  await order.getByLabel('Telefonszám').fill('06 30 765 4321');

  const billing = page.getByRole('group', { name: 'Számlázási cím' });
  await typeInto(page, billing.getByLabel('Számlázási név'), 'Billentyű Benő');
  await typeInto(page, billing.getByLabel('Irányítószám'), '1117');
  await typeInto(page, billing.getByLabel('Település'), 'Budapest');
  await typeInto(page, billing.getByLabel('Utca, házszám'), 'Irinyi József utca 10.');
  const terms = page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
  await tabTo(page, terms, { max: 30 });
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: ORDER_BUTTON }), { max: 5 });
  await page.keyboard.press('Enter');

  // The Barion stand-in: the card number, then Enter sends its form.
  await expect(page).toHaveURL(/\/_barion\//);
  const cardNumber = page.getByLabel('Kártyaszám');
  await tabTo(page, cardNumber, { max: 30 });
  await page.keyboard.type(CARD_SUCCEEDS);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

async function placeOrder(request: APIRequestContext, customer: TestCustomer, product: Product) {
  const headers = { token: customer.token };
  expect(
    (await request.post('/api/cart/add', { headers, data: { product: product.id, quantity: 1 } })).ok(),
  ).toBe(true);
  type Listed = { items: { id: number; name: string }[] };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const courier = shipping.items.find((method) => /GLS/.test(method.name));
  const cashOnDelivery = paying.items.find((method) => /Utánvét/.test(method.name));
  if (!courier || !cashOnDelivery) throw new Error('A demó szállítási vagy fizetési mód hiányzik.');
  const address = {
    name: `${customer.lastName} ${customer.firstName}`,
    postcode: '6720',
    city: 'Szeged',
    street: 'Kárász utca 1.',
  };
  const placed = await request.post('/api/cart/order', {
    headers,
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
      shippingMethod: courier.id,
      paymentMethod: cashOnDelivery.id,
    },
  });
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { order: { id: number; number: string } }).order;
}

test('a customer signs in by keyboard: a refused form takes the focus to its first problem, the account to its heading', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, { firstName: 'Billentyűs' });
  await openAtOnce(page, '/services/account');
  // The footer's newsletter form asks for an e-mail address too: the sign-in form's own fields.
  const form = page.getByRole('form', { name: 'Bejelentkezés' });
  const email = form.getByLabel('E-mail-cím');
  const password = form.getByRole('textbox', { name: 'Jelszó', exact: true });
  const signIn = form.getByRole('button', { name: 'Bejelentkezés' });

  // The skip link, then straight into the content.
  await expect(signIn).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(page, signIn, { max: 8 });
  await page.keyboard.press('Enter');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.type(customer.email);
  // A wrong password: the refusal is said, and the focus is not lost with the busy button.
  await typeInto(page, password, 'nem-ez-a-jelszo-1');
  await tabTo(page, signIn, { max: 4 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Hibás felhasználónév vagy jelszó!')).toBeVisible();
  expect((await focused(page)).where).not.toBe('body');
  await expect(password).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(customer.password);
  await page.keyboard.press('Enter');
  const greeting = page.getByRole('heading', { level: 1 });
  await expect(page.getByText(`Szia, ${customer.firstName}!`)).toBeVisible();
  await expect(greeting).toBeFocused();
});

test('a signed-in customer withdraws from an order by keyboard, in a dialog that keeps and returns the focus', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const customer = await registerCustomer(request, { firstName: 'Elálló' });
  const product = await createProduct(request, adminToken, uniqueName('Visszaküldött bögre'));
  const order = await placeOrder(request, customer, product);
  const completed = await request.post(`/api/order/${order.id}/status`, {
    headers: { token: adminToken },
    data: { status: 'completed' },
  });
  expect(completed.ok()).toBe(true);
  await page.context().addInitScript((token) => window.localStorage.setItem('token', token), customer.token);

  await openAtOnce(page, `/order/${order.id}`);
  const withdrawal = page.getByRole('region', { name: 'Elállás a szerződéstől' });
  const start = withdrawal.getByRole('button', { name: 'Elállás a szerződéstől' });
  await expect(start).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(page, start);

  // Escape closes the dialog and gives the focus back to its button.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Elállás a szerződéstől' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(start).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // However far the Tab goes, it stays in the dialog.
  for (let presses = 0; presses < 8; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await tabTo(page, dialog.getByRole('button', { name: 'Tovább' }), { max: 8 });
  await page.keyboard.press('Enter');
  const confirm = dialog.getByRole('button', { name: 'Elállás megerősítése' });
  await tabTo(page, confirm, { max: 8 });
  await page.keyboard.press('Enter');
  const done = page.getByRole('dialog', { name: 'Elállási nyilatkozatodat rögzítettük' });
  await expect(done).toBeVisible();
  await tabTo(page, done.getByRole('button', { name: 'Bezárás' }), { max: 8 });
  await page.keyboard.press('Enter');
  await expect(done).toBeHidden();
  await expect(withdrawal.getByText(/Elállási nyilatkozatod:/)).toBeVisible();
  // The button that opened the dialog is gone with the withdrawal: the focus waits on the section's
  // heading, above the receipt, not on the page's body.
  await expect(withdrawal.getByRole('heading', { name: 'Elállás a szerződéstől' })).toBeFocused();
});

test('the desktop category menu opens on request, not on focus, and every subcategory is reachable by keyboard', async ({
  page,
  categoryTree,
}) => {
  await openAtOnce(page, '/');
  const nav = page.getByRole('navigation', { name: 'Kategóriák' });
  const menu = page.getByTestId('mega-menu');
  const parents = categoryTree.filter((node) => node.children.length > 0);
  expect(parents.length).toBeGreaterThan(1);
  for (const [index, parent] of parents.entries()) {
    // The first menu is opened on the slowed CPU while the page wakes up; the others at full speed.
    // Every Tab and every look at the focus cost the slowed page a tenth of a second or more, and the
    // walk through all the menus takes some 150 of them: on a busy machine it outlasted the test.
    if (index === 1) await cpu.lift();
    const link = nav.getByRole('link', { name: parent.title, exact: true });
    await tabTo(page, link);
    // Focus alone opens nothing: the menu would cover the page under a Tab passing by.
    await expect(menu).toHaveCount(0);
    const toggle = nav.getByRole('button', { name: `${parent.title}: alkategóriák` });
    await tabTo(page, toggle, { max: 1 });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The next Tab goes into the opened subcategories, all of them in turn.
    for (const child of parent.children) {
      await tabTo(page, menu.getByRole('link', { name: child.title, exact: true }), { max: 30 });
    }
    // Escape closes it and puts the focus back on its button.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(toggle).toBeFocused();
  }
});

test('the desktop category menu takes the arrow keys: Left and Right along the bar, Down and Up into a subtree, Escape out', async ({
  page,
  categoryTree,
}) => {
  // The arrow keys are the app's (a link or button does nothing with them), so it must have woken: the
  // fixture's goto waits for that, where the journeys above do not.
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Kategóriák' });
  const menu = page.getByTestId('mega-menu');
  // The bar's stops in order: each category's link, then the button of its subcategories if it has any.
  const stops = categoryTree.flatMap((node) => [
    { node, control: nav.getByRole('link', { name: node.title, exact: true }) },
    ...(node.children.length > 0
      ? [{ node, control: nav.getByRole('button', { name: `${node.title}: alkategóriák` }) }]
      : []),
  ]);
  const press = async (key: string, target: Locator) => {
    await page.keyboard.press(key);
    await expect(target).toBeFocused();
  };
  const [first] = stops;
  if (!first) throw new Error('A demóadatokban nincs kategória.');
  await tabTo(page, first.control);
  for (const stop of stops.slice(1)) await press('ArrowRight', stop.control);
  for (const stop of stops.slice(0, -1).reverse()) await press('ArrowLeft', stop.control);
  // Moving along the bar opens nothing.
  await expect(menu).toHaveCount(0);

  const parent = categoryTree.find((node) => node.children.length > 1);
  if (!parent) throw new Error('A demóadatokban nincs több alkategóriás kategória.');
  const toggle = nav.getByRole('button', { name: `${parent.title}: alkategóriák` });
  const toggleAt = stops.findIndex((stop) => stop.node === parent) + 1;
  for (const stop of stops.slice(1, toggleAt + 1)) await press('ArrowRight', stop.control);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Down opens the subtree at its first link, and goes through every link in reading order.
  const links = [
    ...parent.children.flatMap((child) => [child.title, ...child.children.map((grand) => grand.title)]),
    `Kategória megnyitása: ${parent.title} →`,
  ].map((name) => menu.getByRole('link', { name, exact: true }));
  for (const link of links) await press('ArrowDown', link);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Up goes back the same way, and from the first link to the button, the subtree still open.
  for (const link of links.slice(0, -1).reverse()) await press('ArrowUp', link);
  await press('ArrowUp', toggle);
  await expect(menu).toBeVisible();
  // Right and Left inside go from column to column (one subcategory and its own each).
  const [firstColumn, secondColumn] = parent.children;
  if (!firstColumn || !secondColumn) throw new Error('unreachable');
  await press('ArrowDown', menu.getByRole('link', { name: firstColumn.title, exact: true }));
  await press('ArrowRight', menu.getByRole('link', { name: secondColumn.title, exact: true }));
  await press('ArrowLeft', menu.getByRole('link', { name: firstColumn.title, exact: true }));
  // The arrows never scrolled the page under the menu.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Escape closes it and gives the focus back to its button; Up opens it again at its last link.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await press('ArrowUp', links.at(-1) ?? toggle);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();
});

test('a cart opened directly starts at the skip link; the checkout reached from it at its heading', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, uniqueName('Közvetlenül nyitott kosár'));
  await openAtOnce(page, '/foo');
  await page.evaluate(
    (id) => window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 1 }])),
    product.id,
  );
  await openAtOnce(page, '/cart');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
  // The first page of a visit starts at the top, where the skip link is.
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Ugrás a tartalomra' });
  await expect(skipLink).toBeFocused();
  // Nor does the app take the focus from there once it has woken up and loaded the cart.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-awake'));
  await page.waitForLoadState('networkidle');
  await expect(skipLink).toBeFocused();
  await expect(heading).not.toBeFocused();

  // Arriving from the previous step, the link that was pressed is gone: the next page's heading takes over.
  await page.getByRole('link', { name: 'Tovább a pénztárhoz' }).press('Enter');
  await expect(page).toHaveURL(/\/order\/services\//);
  await expect(heading).toBeFocused();
});
