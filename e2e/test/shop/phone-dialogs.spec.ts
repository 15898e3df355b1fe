import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { registerCustomer, type TestCustomer } from '../customer';
import { expect, test } from '../fixtures';
import { TINY_PNG_BASE64 } from '../images';

/**
 * Every dialog, drawer and question the shop and the customer's account open, on a 375 × 667 phone:
 * it fits the screen, and its buttons can be brought on screen the way a shopper does it, by
 * scrolling with a finger (here the wheel over the dialog), then pressed. A script could also scroll
 * what a finger cannot (an `overflow: hidden` box), so the walk never scrolls by script before it
 * checks a button. Form dialogs are sent empty first: the errors appear and the form still saves.
 */

type Product = { id: number; slug: string; title: string };

const PHONE = { width: 375, height: 667 };
const BANNER = 'Sütik (cookie-k) ezen az oldalon';

test.use({ viewport: PHONE });

/** Screenshots for looking at the screens by eye (E2E_SHOTS=dir); none in ordinary runs. */
const SHOTS = process.env.E2E_SHOTS;

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-${name}.png` });
}

async function createProduct(
  request: APIRequestContext,
  adminToken: string,
  title: string,
  imageIds: number[] = [],
) {
  const kutiId = `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: {
      price: 3490,
      stock: 20,
      kutiId,
      enabled: true,
      imageIds,
      descriptions: [{ language: 'hu', title }],
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

async function putInGuestCart(page: Page, products: Product[]) {
  await page.goto('/foo');
  await page.evaluate(
    (lines) => window.localStorage.setItem('cart', JSON.stringify(lines)),
    products.map((product) => ({ product: product.id, quantity: 1 })),
  );
}

async function signIn(page: Page, customer: TestCustomer) {
  await page.goto('/foo');
  await page.evaluate((token) => window.localStorage.setItem('token', token), customer.token);
}

/**
 * The dialog lies wholly on the screen and nothing in it sticks out at the sides (a form's honeypot,
 * hidden from everyone off the screen on purpose, aside).
 */
async function expectOnScreen(dialog: Locator) {
  await expect(dialog).toBeInViewport({ ratio: 1 });
  const stickingOut = await dialog.evaluate((node) => {
    const width = document.documentElement.clientWidth;
    return [...node.querySelectorAll('*')]
      .filter((element) => {
        if (element.closest('[aria-hidden="true"]')) return false;
        const box = element.getBoundingClientRect();
        return box.width > 1 && (box.left < -1 || box.right > width + 1);
      })
      .map((element) => element.outerHTML.slice(0, 120));
  });
  expect(stickingOut).toEqual([]);
}

/**
 * Scrolls the way a finger does, with the wheel over the dialog, until `target` is wholly on the
 * screen (not cut off by a box around it), and fails when scrolling cannot get it there.
 */
async function scrollTo(page: Page, dialog: Locator, target: Locator, direction: 'down' | 'up' = 'down') {
  await expect(async () => {
    if (await isWhollyOnScreen(target)) return;
    // Measured anew each turn: a drawer may still be sliding in.
    const box = await dialog.boundingBox();
    if (!box) throw new Error('The dialog is not on the page.');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, direction === 'down' ? 150 : -150);
    expect(await isWhollyOnScreen(target)).toBe(true);
  }).toPass({ intervals: [50, 100, 100], timeout: 15_000 });
}

/** What Playwright's toBeInViewport measures, read once: the part of the element the screen shows. */
const isWhollyOnScreen = (target: Locator) =>
  target.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(([entry]) => {
          observer.disconnect();
          resolve((entry?.intersectionRatio ?? 0) > 0.99);
        });
        observer.observe(element);
      }),
  );

/** Scrolls to the button as a shopper would and presses it. */
async function press(page: Page, dialog: Locator, button: Locator, direction: 'down' | 'up' = 'down') {
  await scrollTo(page, dialog, button, direction);
  await button.click();
}

test.describe('a guest', () => {
  test('the menu drawer scrolls to its last category and closes', async ({ page }) => {
    await page.goto('/');
    const open = page.getByRole('button', { name: 'Menü megnyitása' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menü' });
    await expectOnScreen(drawer);
    await press(page, drawer, drawer.getByRole('button', { name: 'Menü bezárása' }));
    await expect(drawer).toBeHidden();

    // Every category opened makes the list much taller than the screen.
    await open.click();
    const expand = drawer.getByRole('button', { name: /alkategóriák megjelenítése$/ });
    while ((await expand.count()) > 0) await expand.first().click();
    await shoot(page, 'menu');
    const last = drawer.getByRole('navigation', { name: 'Kategóriák (mobil)' }).getByRole('link').last();
    const href = await last.getAttribute('href');
    await press(page, drawer, last);
    await expect(drawer).toBeHidden();
    expect(href).toBeTruthy();
    await expect(page).toHaveURL(href ?? '');
  });

  test('the listing’s filter drawer scrolls to its last filter and shows the products', async ({ page }) => {
    await page.goto('/category/konyha/bogrek-es-cseszek');
    const open = page.getByRole('button', { name: /^Szűrők/ });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Szűrők' });
    await expectOnScreen(drawer);
    await press(page, drawer, drawer.getByRole('button', { name: 'Szűrők bezárása' }));
    await expect(drawer).toBeHidden();

    await open.click();
    await scrollTo(page, drawer, drawer.getByRole('group').last());
    await shoot(page, 'filters');
    await press(page, drawer, drawer.getByRole('button', { name: /termék mutatása$/ }));
    await expect(drawer).toBeHidden();
  });

  test('the offer request form shows its errors and is sent', async ({
    page,
    request,
    adminToken,
    uniqueName,
  }) => {
    // The form makes the sender wait its minimum fill time.
    test.slow();
    const product = await createProduct(request, adminToken, uniqueName('Telefonos ajánlat bögre'));
    await page.goto(`/${product.slug}`);
    const open = page.getByRole('button', { name: 'Árajánlatot kérek' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Árajánlatot kérek' });
    await expectOnScreen(dialog);
    await press(page, dialog, dialog.getByRole('button', { name: 'Mégse' }));
    await expect(dialog).toBeHidden();

    await open.click();
    const send = dialog.getByRole('button', { name: 'Ajánlatkérés küldése' });
    await press(page, dialog, send);
    const name = dialog.getByRole('textbox', { name: 'Név', exact: true });
    await expect(dialog.getByText('A név kötelező.')).toBeInViewport();
    await expect(name).toBeFocused();
    await expect(send).toBeInViewport({ ratio: 1 });
    await shoot(page, 'offer-errors');

    await name.fill('Telefon Péter');
    await dialog
      .getByRole('textbox', { name: 'E-mail-cím' })
      .fill(`${uniqueName('telefon').replace(/\W+/g, '-')}@example.hu`);
    // Its label is scrolled to; Chakra draws the box over the native input, so the keyboard ticks it.
    await scrollTo(page, dialog, dialog.getByText('Elolvastam és elfogadom'));
    const terms = dialog.getByRole('checkbox', { name: /Elolvastam és elfogadom/ });
    await terms.press('Space');
    await expect(terms).toBeChecked();
    await press(page, dialog, send);
    await expect(page.getByText('Megkaptuk az árajánlatkérésedet.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('the product page’s image lightbox keeps its buttons on the screen', async ({
    page,
    request,
    adminToken,
    uniqueName,
  }) => {
    const alts = ['Telefonos bögre elölről', 'Telefonos bögre oldalról'];
    const imageIds: number[] = [];
    for (const [n, alt] of alts.entries()) {
      const uploaded = await request.post('/api/media', {
        headers: { token: adminToken },
        data: { fileName: `telefon-bogre-${n}.png`, mimeType: 'image/png', dataBase64: TINY_PNG_BASE64, alt },
      });
      expect(uploaded.ok()).toBe(true);
      imageIds.push(((await uploaded.json()) as { id: number }).id);
    }
    const product = await createProduct(request, adminToken, uniqueName('Kétképes telefonbögre'), imageIds);
    await page.goto(`/${product.slug}`);
    await page.getByRole('button', { name: `Nagyítás: ${alts[0]} (1. kép)` }).click();
    const lightbox = page.getByRole('dialog', { name: product.title });
    await expectOnScreen(lightbox);
    for (const name of ['Nagyítás', 'Előző kép', 'Következő kép', 'Bezárás']) {
      await expect(lightbox.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    await press(page, lightbox, lightbox.getByRole('button', { name: 'Következő kép' }));
    await expect(lightbox.getByText('2. kép / 2')).toBeVisible();
    await shoot(page, 'lightbox');
    await press(page, lightbox, lightbox.getByRole('button', { name: 'Bezárás' }));
    await expect(lightbox).toBeHidden();
  });

  test('the cart’s emptying question', async ({ page, request, adminToken, uniqueName }) => {
    const product = await createProduct(request, adminToken, uniqueName('Ürítendő bögre'));
    await putInGuestCart(page, [product]);
    await page.goto('/cart');
    const open = page.getByRole('button', { name: 'Kosár ürítése' });
    await open.click();
    const question = page.getByRole('alertdialog', { name: 'Kiüríted a kosarat?' });
    await expectOnScreen(question);
    await press(page, question, question.getByRole('button', { name: 'Mégse' }));
    await expect(question).toBeHidden();
    await expect(page.getByRole('link', { name: product.title })).toBeVisible();

    await open.click();
    await shoot(page, 'cart-clear');
    await press(page, question, question.getByRole('button', { name: 'Kosár ürítése' }));
    await expect(question).toBeHidden();
    await expect(page.getByRole('link', { name: product.title })).toHaveCount(0);
  });

  test('the pickup point picker of the checkout scrolls to its last point', async ({
    page,
    request,
    adminToken,
    uniqueName,
  }) => {
    const product = await createProduct(request, adminToken, uniqueName('Automatás telefonbögre'));
    await putInGuestCart(page, [product]);
    // This machine reaches no tile server; the picker's list does not need it.
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/order/checkout');
    await page.getByRole('radio', { name: /Foxpost csomagautomata/ }).check({ force: true });
    const section = page.getByRole('region', { name: 'Csomagpont / automata' });
    const open = section.getByRole('button', { name: 'Csomagpont választása' });
    await open.click();
    const picker = page.getByRole('dialog', { name: 'Foxpost csomagpont választása' });
    const points = picker.getByRole('list', { name: 'Foxpost pontok' }).getByRole('listitem');
    await expect(points.first()).toBeVisible();
    await expectOnScreen(picker);
    await press(page, picker, picker.getByRole('button', { name: 'Bezárás' }));
    await expect(picker).toBeHidden();

    await open.click();
    await expect(points).not.toHaveCount(0);
    const choose = points.last().getByRole('button', { name: /^Ezt választom: / });
    const lastPoint = (await choose.getAttribute('aria-label'))?.replace('Ezt választom: ', '') ?? '';
    await press(page, picker, choose);
    await expect(picker).toBeHidden();
    await expect(section.getByText('Választott pont')).toBeVisible();
    await expect(section.getByText(lastPoint)).toBeVisible();
  });

  test('the popup scrolls its long text under a close button that stays on screen', async ({
    page,
    request,
    adminToken,
    uniqueName,
  }) => {
    const title = uniqueName('Telefonos ablak');
    const popup = (enabled: boolean) => ({
      enabled,
      title,
      body: `<p>${'Fiókkal gyorsabb a vásárlás, és a rendeléseid egy helyen vannak. '.repeat(30)}</p>`,
      link: '/services/registration',
      audience: 'everyone',
      frequency: 'once_per_visitor',
    });
    const save = async (enabled: boolean) =>
      expect(
        (await request.post('/api/popup', { headers: { token: adminToken }, data: popup(enabled) })).ok(),
      ).toBe(true);
    await save(true);
    try {
      await page.goto('/category/konyha');
      const dialog = page.getByRole('dialog', { name: title });
      await expectOnScreen(dialog);
      const close = dialog.getByRole('button', { name: 'Ablak bezárása' });
      await expect(close).toBeInViewport({ ratio: 1 });
      const details = dialog.getByRole('link', { name: 'Részletek' });
      await scrollTo(page, dialog, details);
      await expect(dialog.getByRole('button', { name: 'Bezárás', exact: true })).toBeInViewport({ ratio: 1 });
      await expect(close).toBeInViewport({ ratio: 1 });
      await shoot(page, 'popup');
      await details.click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL('/services/registration');
    } finally {
      await save(false);
    }
  });

  test.describe('on the first visit', () => {
    test.use({ cookieConsentDecided: false });

    test('the cookie settings reach their buttons', async ({ page }) => {
      await page.goto('/');
      const banner = page.getByRole('dialog', { name: BANNER });
      await banner.getByRole('button', { name: 'Beállítások' }).click();
      await expect(banner.getByRole('checkbox', { name: 'Marketing' })).toBeAttached();
      await expectOnScreen(banner);
      await scrollTo(page, banner, banner.getByRole('button', { name: 'Összes elfogadása' }));
      await shoot(page, 'cookie-settings');
      await press(page, banner, banner.getByRole('button', { name: 'Kiválasztottak mentése' }));
      await expect(banner).toBeHidden();

      // Reopened from the footer, it closes without a change through its own button.
      await page.getByRole('button', { name: 'Süti beállítások' }).click();
      await expectOnScreen(banner);
      await press(page, banner, banner.getByRole('button', { name: 'Bezárás változtatás nélkül' }), 'up');
      await expect(banner).toBeHidden();
    });
  });

  test('the sign-in question about the guest cart', async ({ page, request, adminToken, uniqueName }) => {
    const customer = await registerCustomer(request, { firstName: 'Kosaras' });
    const product = await createProduct(request, adminToken, uniqueName('Vendégkosár bögre'));
    await putInGuestCart(page, [product]);
    await page.goto('/services/account');
    await page.getByLabel('E-mail-cím').fill(customer.email);
    await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Bejelentkezés' }).click();
    const question = page.getByRole('alertdialog', { name: 'Belépés a kosaraddal?' });
    await expectOnScreen(question);
    const decline = question.getByRole('button', { name: 'Nem, a fiókom kosarát kérem' });
    await scrollTo(page, question, decline);
    await shoot(page, 'cart-merge');
    await press(page, question, question.getByRole('button', { name: 'Igen, ezzel a kosárral lépek be' }));
    await expect(page.getByText('A kosaraddal léptél be.')).toBeVisible();
    await expect(question).toBeHidden();
  });
});

test.describe('a signed-in customer', () => {
  test('the billing address dialog shows its errors, then saves; editing and deleting ask too', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request, { firstName: 'Számlás' });
    await signIn(page, customer);
    await page.goto('/services/account?tab=cimeim');
    await page.getByRole('button', { name: 'Új cím' }).click();
    const dialog = page.getByRole('dialog', { name: 'Új cím' });
    await expectOnScreen(dialog);
    await press(page, dialog, dialog.getByRole('button', { name: 'Mégse' }));
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Új cím' }).click();
    await dialog.getByText('Számlázási cím', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Számlázási cím' })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Cégnév' })).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Cím hozzáadása' });
    // The case: sent empty from the bottom of the form, the errors appear all the way up...
    await scrollTo(page, dialog, dialog.getByText(/Ez legyen az alapértelmezett számlázási címem/));
    await press(page, dialog, save);
    const name = dialog.getByRole('textbox', { name: 'Számlázási név' });
    await expect(dialog.getByText('A név kötelező.')).toBeInViewport();
    await expect(name).toBeFocused();
    await shoot(page, 'billing-errors');
    // ... the later ones are reached by scrolling, and the buttons stay on the screen throughout.
    await scrollTo(page, dialog, dialog.getByText('Az utca, házszám kötelező.'));
    await expect(save).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Mégse' })).toBeInViewport({ ratio: 1 });
    await shoot(page, 'billing-errors-scrolled');

    await name.fill('Számlás Kft.');
    await dialog.getByRole('textbox', { name: 'Cégnév' }).fill('Számlás Kft.');
    await dialog.getByRole('textbox', { name: 'Adószám', exact: true }).fill('12345676-2-42');
    await dialog.getByRole('textbox', { name: /Irányítószám/ }).fill('6720');
    await dialog.getByRole('textbox', { name: /Település/ }).fill('Szeged');
    await dialog.getByRole('textbox', { name: /Utca, házszám/ }).fill('Kárász utca 1.');
    await press(page, dialog, save);
    await expect(page.getByText('A címet elmentettük.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('article', { name: 'Számlázási cím: Számlás Kft.' });
    await expect(card.getByText('6720 Szeged, Kárász utca 1.')).toBeVisible();

    await card.getByRole('button', { name: 'Szerkesztés' }).click();
    const editor = page.getByRole('dialog', { name: 'Cím szerkesztése' });
    await expectOnScreen(editor);
    await editor.getByRole('textbox', { name: 'Emelet, ajtó' }).fill('3. em. 2.');
    await press(page, editor, editor.getByRole('button', { name: 'Mentés' }));
    await expect(page.getByText('A cím módosítását elmentettük.')).toBeVisible();
    await expect(card.getByText('6720 Szeged, Kárász utca 1. 3. em. 2.')).toBeVisible();

    await card.getByRole('button', { name: 'Törlés' }).click();
    const question = page.getByRole('alertdialog', { name: 'Cím törlése' });
    await expectOnScreen(question);
    await press(page, question, question.getByRole('button', { name: 'Mégse' }));
    await expect(question).toBeHidden();
    await card.getByRole('button', { name: 'Törlés' }).click();
    await press(page, question, question.getByRole('button', { name: 'Törlés' }));
    await expect(page.getByText('A címet töröltük.')).toBeVisible();
    await expect(card).toBeHidden();
  });

  test('the account deletion question', async ({ page, request }) => {
    const customer = await registerCustomer(request, { firstName: 'Törlődő' });
    await signIn(page, customer);
    await page.goto('/services/account?tab=adatvedelem');
    await page.getByLabel('Jelszó a megerősítéshez').fill(customer.password);
    const open = page.getByRole('button', { name: 'Fiók törlése' });
    await open.click();
    const question = page.getByRole('alertdialog', { name: 'Biztosan törlöd a fiókodat?' });
    await expectOnScreen(question);
    await press(page, question, question.getByRole('button', { name: 'Mégse' }));
    await expect(question).toBeHidden();

    await open.click();
    await press(page, question, question.getByRole('button', { name: 'Végleges törlés' }));
    await expect(page.getByText('A fiókodat töröltük.')).toBeVisible();
    const signin = await request.post('/api/user/signin', {
      data: { email: customer.email, password: customer.password },
    });
    expect(((await signin.json()) as { token?: string }).token).toBeUndefined();
  });

  test('the withdrawal form of a long order, through its three steps', async ({
    page,
    request,
    adminToken,
    uniqueName,
  }) => {
    const customer = await registerCustomer(request, { firstName: 'Elálló' });
    const headers = { token: customer.token };
    for (let line = 1; line <= 5; line += 1) {
      const product = await createProduct(request, adminToken, uniqueName(`Elállós telefonbögre ${line}`));
      const added = await request.post('/api/cart/add', {
        headers,
        data: { product: product.id, quantity: 2 },
      });
      expect(added.ok()).toBe(true);
    }
    const order = await placeOrder(request, customer);
    const completed = await request.post(`/api/order/${order.id}/status`, {
      headers: { token: adminToken },
      data: { status: 'completed' },
    });
    expect(completed.ok()).toBe(true);

    await signIn(page, customer);
    await page.goto(`/order/${order.id}`);
    const open = page
      .getByRole('region', { name: 'Elállás a szerződéstől' })
      .getByRole('button', { name: 'Elállás a szerződéstől' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Elállás a szerződéstől' });
    await expectOnScreen(dialog);
    await press(page, dialog, dialog.getByRole('button', { name: 'Mégse' }));
    await expect(dialog).toBeHidden();

    await open.click();
    await scrollTo(page, dialog, dialog.getByRole('textbox', { name: 'Indoklás (nem kötelező)' }));
    await shoot(page, 'withdrawal-form');
    await press(page, dialog, dialog.getByRole('button', { name: 'Tovább' }));
    await expectOnScreen(dialog);
    await scrollTo(page, dialog, dialog.getByRole('button', { name: 'Vissza' }));
    await press(page, dialog, dialog.getByRole('button', { name: 'Elállás megerősítése' }));
    const done = page.getByRole('dialog', { name: 'Elállási nyilatkozatodat rögzítettük' });
    await expectOnScreen(done);
    await press(page, done, done.getByRole('button', { name: 'Bezárás' }));
    await expect(done).toBeHidden();
  });
});

async function placeOrder(request: APIRequestContext, customer: TestCustomer) {
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
      shippingMethod: courier.id,
      paymentMethod: cashOnDelivery.id,
    },
  });
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { order: { id: number } }).order;
}
