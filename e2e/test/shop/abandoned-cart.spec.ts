import type { Page } from '@playwright/test';
import { registerCustomer } from '../customer';
import { expect, test } from '../fixtures';
import { createProduct } from '../seed-products';
import { PHONE, signedInPage, slowPhonePage } from '../slow-cpu';

/**
 * The abandoned-cart reminder (#29) on a phone: a guest asks for the newsletter with a cart reminder at
 * checkout, a wrong restore link says so in Hungarian, and the admin reads the counts and sets the delay.
 * Each shop page is a fresh one on a CPU slowed four times that acts as soon as a control is there, never
 * waiting for the app to wake; the admin's, which the app draws, runs at full speed (`signedInPage`).
 */

test.use(PHONE);

test('a guest ticks “newsletter and cart reminder” at checkout: the signup waits for its confirmation', async ({
  context,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Emlékeztető bögre'),
    price: 2990,
  });
  const email = `kosar-${Date.now().toString(36)}@example.hu`;
  const page = await slowPhonePage(context);
  await page.addInitScript(
    (cart) => window.localStorage.setItem('cart', JSON.stringify(cart)),
    [{ product: product.id, quantity: 2 }],
  );
  await page.goto('/order/checkout');

  const reminder = page.getByRole('checkbox', { name: /Kérek hírlevelet és kosáremlékeztetőt/ });
  // Without an address the box says what it needs first and stays empty.
  await reminder.press('Space');
  await expect(page.getByText('Előbb add meg az e-mail-címedet')).toBeVisible();
  await expect(reminder).not.toBeChecked();

  await page.getByLabel('E-mail-cím').fill(email);
  await reminder.press('Space');
  await expect(reminder).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'megerősítő levelet küldtünk' })).toBeVisible();

  // Only a request: no consent until the confirmation e-mail's link is clicked.
  const register = await request.get('/api/newsletter/register', {
    headers: { token: adminToken },
    params: { email },
  });
  expect(register.status()).toBe(200);
  const { events } = (await register.json()) as {
    events: { event: string; source: string; consentText: string }[];
  };
  expect(events.map((entry) => [entry.event, entry.source])).toEqual([['requested', 'checkout']]);
  // The register keeps the text the box showed, the reminder's sentence with it.
  expect(events[0]?.consentText).toContain('erről a kosárról egyszer emlékeztetőt kérek');
});

test('a restore link nobody was sent opens no cart and says so in Hungarian', async ({
  context,
  request,
}) => {
  const page = await slowPhonePage(context);
  await page.goto('/hirlevel/kosar?token=nem-ez-a-kosar-tokenje-1234567890');
  await expect(page.getByText('Ez a kosár-visszaállító link érvénytelen vagy lejárt.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tovább a kosárhoz' })).toBeVisible();

  const malformed = await request.post('/api/cart/restore', { data: { token: 'rövid' } });
  expect(malformed.status()).toBe(400);
  expect(JSON.stringify(await malformed.json())).toContain('visszaállító link');
});

/**
 * The reminder's link as the shop answers it for a token it sent. The reminder goes hours after a cart is
 * left, so a journey cannot wait for a real one: the server's half (the token, its hash, its expiry) is
 * proven in packages/api/test/abandoned-cart.test.ts, and here only the answer is given, so the page's
 * own half runs for real: the lines go into this browser's cart, a guest's or the account's, and the cart
 * opens.
 */
async function answerRestore(page: Page, lines: { product: number; quantity: number }[]) {
  await page.route(/\/trpc\/abandonedCart\.restore\?batch=1/, (route) =>
    route.fulfill({ json: [{ result: { data: { lines } } }] }),
  );
}

test('the reminder’s link puts the cart back on another device, for a guest and for a signed-in shopper', async ({
  context,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Visszaállított tál'),
    price: 4590,
  });
  const lines = [{ product: product.id, quantity: 2 }];

  const guest = await slowPhonePage(context);
  await answerRestore(guest, lines);
  await guest.goto('/hirlevel/kosar?token=emlekezteto-token-1234567890');
  await expect(guest).toHaveURL(/\/cart$/);
  await expect(guest.getByText(product.title).first()).toBeVisible();
  expect(await guest.evaluate(() => window.localStorage.getItem('cart'))).toBe(JSON.stringify(lines));
  await guest.close();

  const shopper = await registerCustomer(request);
  const page = await slowPhonePage(context, { token: shopper.token });
  await answerRestore(page, lines);
  await page.goto('/hirlevel/kosar?token=emlekezteto-token-1234567890');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(product.title).first()).toBeVisible();
  const cart = await request.get('/api/cart', { headers: { token: shopper.token } });
  const { lines: stored } = (await cart.json()) as { lines: { product: number; quantity: number }[] };
  expect(stored.map(({ product: id, quantity }) => ({ product: id, quantity }))).toEqual(lines);
});

test('the admin reads how many carts were reminded and sets the delay; shoppers and strangers may not', async ({
  context,
  request,
  adminToken,
}) => {
  expect((await request.get('/api/cart/reminder/settings')).status()).toBe(401);
  const shopper = await registerCustomer(request);
  const refused = await request.get('/api/cart/reminder/settings', { headers: { token: shopper.token } });
  expect(refused.status()).toBe(403);

  const page = await signedInPage(context, adminToken);
  await page.goto('/admin/customer/newsletter');
  const card = page.getByRole('region', { name: 'Kosáremlékeztető' });
  // The demo's left cart is reminded when the server starts.
  await expect(card.getByText('Emlékeztetett kosár')).toBeVisible();
  const stats = await request.get('/api/cart/reminder/stats', { headers: { token: adminToken } });
  const { reminded } = (await stats.json()) as { reminded: number };
  expect(reminded).toBeGreaterThanOrEqual(1);

  const hours = card.getByLabel('Hány órával a kosár utolsó változása után');
  await hours.fill('0');
  await expect(card.getByText('Egész számú órát adj meg 1 és 168 között.')).toBeVisible();
  await hours.fill('6');
  await card.getByRole('button', { name: 'Mentés' }).tap();
  await expect(page.getByText('A kosáremlékeztető beállítása mentve.')).toBeVisible();
  const saved = await request.get('/api/cart/reminder/settings', { headers: { token: adminToken } });
  expect(await saved.json()).toEqual({ enabled: true, delayHours: 6 });

  const back = await request.put('/api/cart/reminder/settings', {
    headers: { token: adminToken },
    data: { enabled: true, delayHours: 4 },
  });
  expect(back.status()).toBe(200);
});
