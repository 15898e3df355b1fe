import type { APIRequestContext, Page } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { decideCookieConsent, expect, test, waitForAppAfterNavigation } from '../fixtures';
import { slowCpu } from '../slow-cpu';

type Listed = { items: { id: number; name: string }[] };

let sink: SmtpSink;

const demoSettings = {
  smtpHost: null,
  smtpPort: null,
  smtpSecure: false,
  senderName: 'Kék Bögre Webáruház',
  senderEmail: 'webaruhaz@kekbogre.hu',
};

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  // A dialog fades in: the picture waits for it to stand still.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.beforeAll(async () => {
  sink = await startSmtpSink();
});

test.afterAll(async ({ request, adminToken }) => {
  // Back to the demo: later tests must not depend on a sink that is gone.
  await request.put('/api/emailsetting', { headers: { token: adminToken }, data: demoSettings });
  await sink.close();
});

/** A guest's cash-on-delivery order over REST (GLS courier): waiting for the warehouse. */
async function placeOrder(request: APIRequestContext, adminToken: string, title: string) {
  const product = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 3990, stock: 10, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(product.ok()).toBe(true);
  const { id } = (await product.json()) as { id: number };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const address = { name: 'Raktár Rita', postcode: '9021', city: 'Győr', street: 'Baross út 3.' };
  const placed = await request.post('/api/cart/order', {
    data: {
      cart: [{ product: id, quantity: 1 }],
      customer: {
        email: `raktar.${Date.now().toString(36)}@example.hu`,
        firstName: 'Rita',
        lastName: 'Raktár',
        phone: '06 30 111 2233',
      },
      shippingAddress: address,
      billingAddress: address,
      acceptTerms: true,
      shippingMethod: shipping.items.find((method) => /GLS/.test(method.name))?.id,
      paymentMethod: paying.items.find((method) => method.name === 'Utánvét')?.id,
    },
  });
  expect(placed.ok()).toBe(true);
  const { order } = (await placed.json()) as { order: { id: number; number: string } };
  return { ...order, productId: id };
}

// The member works on a phone whose CPU runs four times slower; the owner at a desk.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the owner invites a warehouse member, who works on orders only, until the owner suspends them', async ({
  browser,
  page,
  request,
  admin,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(120_000);
  const saved = await request.put('/api/emailsetting', {
    headers: { token: adminToken },
    data: { ...demoSettings, smtpHost: sink.host, smtpPort: sink.port },
  });
  expect(saved.status()).toBe(200);
  const order = await placeOrder(request, adminToken, uniqueName('Raktári bögre'));

  const ownerContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'hu-HU',
    timezoneId: 'Europe/Budapest',
    viewport: { width: 1440, height: 1000 },
  });
  await decideCookieConsent(ownerContext);
  const owner = waitForAppAfterNavigation(await ownerContext.newPage());
  await owner.goto('/foo');
  await owner.evaluate((token) => window.localStorage.setItem('token', token), adminToken);

  // The owner invites Rita as Raktár; an address already in use comes back on its field.
  const email = `rita.${Date.now().toString(36)}@kekbogre.hu`;
  await owner.goto('/admin/settings/staff');
  await expect(owner.getByRole('heading', { level: 1, name: 'Munkatársak' })).toBeVisible();
  await owner.getByRole('button', { name: 'Munkatárs meghívása' }).click();
  const invite = owner.getByRole('dialog', { name: 'Munkatárs meghívása' });
  await invite.getByRole('textbox', { name: 'Vezetéknév' }).fill('Raktár');
  await invite.getByRole('textbox', { name: 'Keresztnév' }).fill('Rita');
  await invite.getByRole('textbox', { name: 'E-mail-cím' }).fill(admin.email);
  await invite.getByRole('combobox', { name: 'Szerepkör' }).selectOption({ label: 'Raktár' });
  await invite.getByRole('button', { name: 'Meghívó küldése' }).click();
  await expect(
    invite.getByText('Ezzel az e-mail-címmel már regisztráltak. Jelentkezz be, vagy kérj új jelszót!'),
  ).toBeVisible();
  await invite.getByRole('textbox', { name: 'E-mail-cím' }).fill(email);
  await invite.getByRole('button', { name: 'Meghívó küldése' }).click();
  await expect(invite).toBeHidden();
  const team = owner.getByRole('table', { name: 'Munkatársak' });
  const row = team.getByRole('row', { name: 'Raktár Rita' });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Raktár');
  await expect(row).toContainText('Függőben');

  // The invitation's link, read from the e-mail as the password reset's.
  const message = await sink.waitForMessage((candidate) => candidate.to.includes(email), 20_000);
  const link = /https?:\/\/[^\s"'<>]+\/newpassword\/[A-Za-z0-9_-]+/.exec(message.html)?.[0];
  expect(link).toBeTruthy();

  // Rita sets her password on her phone and lands in the admin, signed in; later she signs in at /admin.
  await slowCpu(page);
  const password = `Raktar-Jelszo-${Date.now().toString(36)}-7`;
  await page.goto(new URL(link ?? '').pathname);
  await page.getByRole('textbox', { name: 'Új jelszó', exact: true }).fill(password);
  await page.getByLabel('Új jelszó még egyszer').fill(password);
  await page.getByRole('button', { name: 'Jelszó mentése' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Vezérlőpult' })).toBeVisible();
  await page.evaluate(() => window.localStorage.removeItem('token'));
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'E-mail-cím' }).fill(email);
  await page.getByLabel('Jelszó').fill(password);
  await page.getByRole('button', { name: 'Bejelentkezés' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Vezérlőpult' })).toBeVisible();

  // Her menu holds what Raktár opens and nothing else.
  await page.getByRole('button', { name: 'Admin menü megnyitása' }).tap();
  const menu = page.getByRole('navigation', { name: 'Admin menü' });
  await expect(menu.getByRole('link', { name: 'Rendelések', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Termékek', exact: true })).toBeVisible();
  for (const hidden of ['Vásárlók', 'Fizetési módok', 'Munkatársak', 'API-kulcsok']) {
    await expect(menu.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Menü bezárása' }).tap();

  // Her dashboard's queue is the warehouse's: orders to pack, opening the list filtered; no refunds.
  const queue = page.getByRole('region', { name: 'Teendőid' });
  await expect(queue.getByRole('region', { name: 'Csomagolás és feladás' })).toBeVisible();
  await expect(queue.getByRole('region', { name: 'Elállások és visszatérítések' })).toHaveCount(0);
  await expect(queue.getByText(/visszatérítés|számla|üzenet/i)).toHaveCount(0);
  await shoot(page, 'admin-dashboard-queue-warehouse-390');
  await queue.getByRole('link', { name: /Csomagolásra vár/ }).tap();
  await expect(page).toHaveURL(/\/admin\/order\?.*status=.*received.*processing/);
  await expect(page.getByText(order.number)).toBeVisible();

  // A typed address of a section she may not open says so, in the admin's frame.
  await page.goto('/admin/customer');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ehhez a részhez nincs jogosultságod' }),
  ).toBeVisible();
  await expect(page.getByText(/„Vásárlók olvasása”/)).toBeVisible();

  // She hands the order to the courier with its tracking number; a refund is not hers to give.
  await page.goto(`/admin/order/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Rendelés ${order.number}` })).toBeVisible();
  // The customer's name and the delivery address are hers; the e-mail, phone and billing address are not.
  const customer = page.getByRole('region', { name: 'Vásárló' });
  await expect(customer.getByText('Raktár Rita')).toBeVisible();
  await expect(customer.getByText(/@example\.hu|06 30 111 2233|\+36 30 111 2233/)).toHaveCount(0);
  const addresses = page.getByRole('region', { name: 'Címek' });
  await expect(addresses.getByText('Baross út 3.')).toBeVisible();
  await expect(addresses.getByText('Számlázási cím')).toHaveCount(0);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/admin-order-warehouse-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.screenshot({ path: `${SHOTS}/admin-order-warehouse-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
  }
  const refunds = page.getByRole('region', { name: 'Visszatérítések és elállások' });
  await expect(refunds.getByRole('button', { name: 'Visszatérítés' })).toBeDisabled();
  await expect(refunds.getByText('Ehhez nincs jogosultságod (szükséges: „Visszatérítések”).')).toBeVisible();
  const tracking = `GLS${Date.now().toString().slice(-9)}`;
  await page.getByRole('button', { name: 'Állapot módosítása' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Állapot módosítása' });
  await dialog.getByRole('combobox', { name: 'Új állapot' }).selectOption({ label: 'Átadva a futárnak' });
  await dialog.getByRole('textbox', { name: 'Csomagszám' }).fill(tracking);
  await dialog.getByRole('button', { name: 'Állapot mentése' }).tap();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Állapottörténet' }).getByText(`Csomagszám: ${tracking}`),
  ).toBeVisible();

  // She may look at a product, but its price is not hers to change; its stock is (Készlet módosítása).
  await page.goto(`/admin/catalog/products/${order.productId}`);
  await expect(page.getByText('Csak megtekintheted ezt a terméket.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Bruttó ár (Ft)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Mentés', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Készlet mentése' })).toBeVisible();

  // The owner sees her signed in and reads what she did, then suspends her.
  await owner.reload();
  await expect(row).not.toContainText('Függőben');
  await owner.getByRole('button', { name: 'Tevékenység: Raktár Rita' }).click();
  const activity = owner.getByRole('dialog', { name: 'Raktár Rita tevékenysége' });
  await expect(activity.getByRole('listitem').first()).toContainText(`${order.number} · Állapotváltás`);
  await expect(activity.getByRole('listitem').first()).toContainText(`csomagszám: ${tracking}`);
  await activity.getByRole('button', { name: 'Bezárás' }).click();
  await expect(activity).toBeHidden();
  await owner.getByRole('button', { name: 'Raktár Rita felfüggesztése' }).click();
  const confirm = owner.getByRole('alertdialog', { name: /Felfüggeszted Raktár Rita hozzáférését/ });
  await confirm.getByRole('button', { name: 'Felfüggesztés' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Felfüggesztve');

  // Her next tap in the admin ends at the sign-in form.
  await page.getByRole('button', { name: 'Admin menü megnyitása' }).tap();
  await menu.getByRole('link', { name: 'Rendelések', exact: true }).tap();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Bejelentkezés az adminba' })).toBeVisible();

  await ownerContext.close();
});

test('the owner writes a role on a phone: grouped permissions, a refund limit, and a role in use stays', async ({
  adminPage: page,
  request,
  adminToken,
  uniqueName,
}) => {
  test.setTimeout(90_000);
  const roleName = uniqueName('Hétvégi ügyelet');
  await page.goto('/admin/settings/staff?tab=roles');
  await page.getByRole('button', { name: 'Új szerepkör' }).tap();
  const editor = page.getByRole('dialog', { name: 'Új szerepkör' });
  // On a phone the long form scrolls between its title and its buttons, which stay on screen.
  await expect(editor.getByRole('button', { name: 'Szerepkör létrehozása' })).toBeInViewport();
  await editor.getByRole('textbox', { name: 'Név' }).fill(roleName);
  const ordersGroup = editor.getByRole('group', { name: 'Rendelések' });
  await ordersGroup.getByText('Rendelések módosítása').tap();
  // The write brings its read: ticked, and not to be unticked on its own.
  const ordersRead = ordersGroup.getByRole('checkbox', { name: /Rendelések olvasása/ });
  await expect(ordersRead).toBeChecked();
  await expect(ordersRead).toBeDisabled();
  await ordersGroup.getByText('Visszatérítések', { exact: true }).tap();
  await expect(ordersGroup.getByRole('checkbox', { name: /Visszatérítések/ })).toBeChecked();
  await shoot(page, 'admin-staff-role-editor-390');
  const webhooks = editor.getByText('Webhookok kezelése');
  await webhooks.scrollIntoViewIfNeeded();
  await expect(webhooks).toBeInViewport();
  await expect(editor.getByRole('button', { name: 'Szerepkör létrehozása' })).toBeInViewport();
  await editor.getByRole('textbox', { name: 'Visszatérítési korlát' }).fill('-5');
  await editor.getByRole('button', { name: 'Szerepkör létrehozása' }).tap();
  await expect(editor.getByText('A visszatérítési korlát nem lehet negatív.')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Visszatérítési korlát' }).fill('20 000');
  await editor.getByRole('button', { name: 'Szerepkör létrehozása' }).tap();
  await expect(editor).toBeHidden();
  const card = page.getByRole('article', { name: roleName });
  await expect(card.getByText('Rendelések módosítása')).toBeVisible();
  await expect(card.getByText('Visszatérítés: legfeljebb 20 000 Ft')).toBeVisible();
  await shoot(page, 'admin-staff-roles-390');

  // Someone holds it (invited over REST): the team shows them on the phone and at a desk.
  const { items: roles } = (await (
    await request.get('/api/staff/role', { headers: { token: adminToken } })
  ).json()) as {
    items: { id: number; name: string }[];
  };
  const role = roles.find((candidate) => candidate.name === roleName);
  const invited = await request.post('/api/staff', {
    headers: { token: adminToken },
    data: {
      email: `ugyelet.${Date.now().toString(36)}@kekbogre.hu`,
      firstName: 'Ügyes',
      lastName: 'Ügyeletes',
      role: role?.id,
    },
  });
  expect(invited.ok()).toBe(true);
  await page.getByRole('tab', { name: 'Csapat' }).tap();
  await expect(page.getByRole('row', { name: 'Ügyeletes Ügyes' })).toContainText(roleName);
  await shoot(page, 'admin-staff-team-390');
  await page.getByRole('button', { name: 'Munkatárs meghívása' }).tap();
  const invite = page.getByRole('dialog', { name: 'Munkatárs meghívása' });
  await invite.getByRole('button', { name: 'Meghívó küldése' }).tap();
  await expect(invite.getByText('Válassz szerepkört.')).toBeVisible();
  await expect(invite.getByText('Az e-mail-cím kötelező.')).toBeVisible();
  await expect(invite.getByRole('button', { name: 'Meghívó küldése' })).toBeInViewport();
  await shoot(page, 'admin-staff-invite-390');
  await invite.getByRole('button', { name: 'Mégse' }).tap();

  await page.setViewportSize({ width: 1440, height: 1000 });
  await expect(page.getByRole('row', { name: 'Ügyeletes Ügyes' })).toBeVisible();
  await shoot(page, 'admin-staff-team-1440');
  await page.getByRole('button', { name: 'Munkatárs meghívása' }).click();
  await expect(invite).toBeVisible();
  await shoot(page, 'admin-staff-invite-1440');
  await invite.getByRole('button', { name: 'Mégse' }).click();
  await page.getByRole('tab', { name: 'Szerepkörök' }).click();
  await page.getByRole('button', { name: 'Raktár szerkesztése' }).click();
  const builtIn = page.getByRole('dialog', { name: 'Szerepkör: Raktár' });
  await expect(builtIn.getByRole('checkbox', { name: /Készlet módosítása/ })).toBeChecked();
  await shoot(page, 'admin-staff-role-editor-1440');
  await builtIn.getByRole('button', { name: 'Mégse' }).click();

  // A role someone holds cannot go: the server's 409 says what to do, and the role stays.
  await card.getByRole('button', { name: `${roleName} törlése` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Törlés' }).click();
  await expect(
    page.getByText('1 munkatárs szerepköre ez: előbb adj nekik másikat, aztán törölheted.'),
  ).toBeVisible();
  await expect(card).toBeVisible();
});
