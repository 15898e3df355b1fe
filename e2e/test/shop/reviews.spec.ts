import type { APIRequestContext, Page } from '@playwright/test';
import { registerCustomer } from '../customer';
import { expect, test } from '../fixtures';
import { createProduct } from '../seed-products';

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR;

/** The seeded shop's GLS courier and cash on delivery. */
async function methods(request: APIRequestContext) {
  type Listed = { items: { id: number; name: string }[] };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const courier = shipping.items.find((method) => /GLS/.test(method.name));
  const cash = paying.items.find((method) => /Utánvét/.test(method.name));
  if (!courier || !cash) throw new Error('A demó GLS szállítás vagy az utánvét hiányzik.');
  return { shippingMethod: courier.id, paymentMethod: cash.id };
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.use({ viewport: PHONE });

test('a buyer reviews a product of their delivered order, the admin approves it, its stars show on the product page and the listing finds it by rating', async ({
  page,
  browser,
  request,
  adminToken,
  uniqueName,
}) => {
  // Three audiences, the admin's code-split screen among them, on a shared machine.
  test.setTimeout(90_000);
  const title = uniqueName('Értékelt bögre');
  const product = await createProduct(request, adminToken, { title, price: 4590 });
  const unratedTitle = uniqueName('Értékeletlen bögre');
  await createProduct(request, adminToken, { title: unratedTitle, price: 4590 });
  const buyer = await registerCustomer(request, { firstName: 'Réka', lastName: 'Értékelő' });
  const asBuyer = { headers: { token: buyer.token } };
  expect(
    (await request.post('/api/cart/add', { ...asBuyer, data: { product: product.id, quantity: 1 } })).ok(),
  ).toBe(true);
  const address = { name: 'Értékelő Réka', postcode: '6720', city: 'Szeged', street: 'Kárász utca 1.' };
  const placed = await request.post('/api/cart/order', {
    ...asBuyer,
    data: {
      customer: { email: buyer.email, firstName: 'Réka', lastName: buyer.lastName, phone: '06 30 123 4567' },
      shippingAddress: address,
      billingAddress: address,
      acceptTerms: true,
      ...(await methods(request)),
    },
  });
  expect(placed.ok()).toBe(true);
  const order = ((await placed.json()) as { order: { id: number; number: string } }).order;

  // The e-mail's link reaches a signed-out buyer: the page asks them to sign in, then shows the order.
  // Before delivery it offers no review.
  await page.goto(`/order/${order.id}`);
  await expect(
    page.getByRole('heading', { name: 'Jelentkezz be a rendelésed megtekintéséhez' }),
  ).toBeVisible();
  await shoot(page, 'order-sign-in-390');
  await page.getByLabel('E-mail-cím').fill(buyer.email);
  await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Bejelentkezés', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Rendelés ${order.number}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
  await expect(page.getByRole('heading', { name: 'Értékeld a termékeket' })).toHaveCount(0);

  const delivered = await request.post(`/api/order/${order.id}/status`, {
    headers: { token: adminToken },
    data: { status: 'completed', notify: false },
  });
  expect(delivered.ok()).toBe(true);

  await page.goto(`/order/${order.id}`);
  const reviews = page.getByRole('region', { name: 'Értékeld a termékeket' });
  await reviews.getByRole('button', { name: 'Értékelés írása' }).click();
  const form = reviews.getByRole('form', { name: `${title} értékelése` });
  await form.getByRole('button', { name: 'Értékelés elküldése' }).click();
  await expect(form.getByText('Adj legalább 1 csillagot.')).toBeVisible();
  // The stars are one radio group: a tap chooses, the arrow keys move the choice.
  await form.getByRole('radio', { name: '3 csillag' }).click();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 csillag' })).toBeChecked();
  await expect(form.getByRole('radio', { name: '4 csillag' })).toBeFocused();
  await form.getByLabel('Cím (nem kötelező)').fill('Szép és strapabíró');
  await form.getByLabel('Véleményed').fill('Mindennap ebből iszom a kávét, a mosogatógépet is jól bírja.');
  await form.getByRole('button', { name: 'Értékelés elküldése' }).click();
  await expect(reviews.getByText('Moderálásra vár')).toBeVisible();
  await expect(reviews.getByRole('img', { name: '4 csillag az 5-ből' })).toBeVisible();

  // Waiting for moderation: a stranger sees no review yet.
  const stranger = await browser.newPage({ viewport: PHONE });
  await stranger.goto(`/${product.slug}`);
  await expect(stranger.getByText('Ehhez a termékhez még nincs értékelés.', { exact: false })).toBeVisible();

  const admin = await browser.newPage({ viewport: PHONE });
  await admin.goto('/foo');
  await admin.evaluate((token) => window.localStorage.setItem('token', token), adminToken);
  await admin.goto('/admin/reviews');
  await expect(admin.getByRole('heading', { name: 'Értékelések', level: 1 })).toBeVisible();
  const entry = admin.getByRole('article', { name: title });
  await expect(entry.getByText('Ellenőrzött vásárló')).toBeVisible();
  await entry.getByRole('button', { name: 'Jóváhagyás' }).click();
  await expect(entry).toHaveCount(0);
  await admin.getByRole('tab', { name: 'Megjelent' }).click();
  await expect(admin.getByRole('article', { name: title }).getByText('Megjelent')).toBeVisible();
  await shoot(admin, 'reviews-admin-390');

  // Under the list, the review-request e-mail: on, a week after delivery, unless the admin says otherwise.
  const requests = admin.getByRole('region', { name: 'Értékelést kérő levél' });
  await expect(requests.getByLabel('Értékelést kérő levél küldése')).toBeChecked();
  const delay = requests.getByLabel('Hány nappal a teljesítés után');
  await expect(delay).toHaveValue('7');
  await delay.fill('0');
  await expect(requests.getByText('A levél legkorábban 1 nappal a teljesítés után mehet.')).toBeVisible();
  await delay.fill('10');
  await requests.getByRole('button', { name: 'Mentés' }).click();
  await expect(admin.getByText('Az értékelést kérő levél beállítása mentve.')).toBeVisible();
  const saved = await request.get('/api/review/settings', { headers: { token: adminToken } });
  expect(await saved.json()).toEqual({ requestEnabled: true, requestDelayDays: 10 });
  const restored = await request.put('/api/review/settings', {
    headers: { token: adminToken },
    data: { requestEnabled: true, requestDelayDays: 7 },
  });
  expect(restored.ok()).toBe(true);
  await admin.close();

  await stranger.goto(`/${product.slug}`);
  const section = stranger.getByRole('region', { name: 'Értékelések' });
  await expect(section.getByText('1 értékelés alapján')).toBeVisible();
  await expect(section.getByRole('img', { name: '4 csillag az 5-ből' }).first()).toBeVisible();
  await expect(section.getByText('Szép és strapabíró')).toBeVisible();
  await expect(section.getByText('Ellenőrzött vásárló')).toBeVisible();
  await section.getByRole('link', { name: 'Hogyan ellenőrizzük az értékeléseket?' }).click();
  await expect(
    stranger.getByRole('heading', { name: 'Hogyan ellenőrizzük az értékeléseket', level: 1 }),
  ).toBeVisible();

  // The listing: newest first both mugs show; at least four stars only the reviewed one, best rated first.
  await stranger.goto('/product?sort=newest');
  await expect(stranger.getByText(unratedTitle).first()).toBeVisible();
  await stranger.getByRole('button', { name: 'Szűrők', exact: false }).click();
  const filters = stranger.getByRole('dialog', { name: 'Szűrők' });
  await filters.getByRole('combobox', { name: 'Értékelés' }).selectOption({ label: 'Legalább 4 csillag' });
  await filters.getByRole('button', { name: /termék mutatása$/ }).click();
  await expect(stranger).toHaveURL(/[?&]rating=4/);
  await expect(stranger.getByRole('button', { name: 'Szűrő törlése: Legalább 4 csillag' })).toBeVisible();
  await expect(stranger.getByText(title).first()).toBeVisible();
  await expect(stranger.getByText(unratedTitle)).toHaveCount(0);
  await stranger.getByRole('combobox', { name: 'Rendezés' }).selectOption({ label: 'Legjobbra értékelt' });
  await expect(stranger).toHaveURL(/[?&]sort=rating/);
  await expect(stranger.getByText(title).first()).toBeVisible();
  // Its card shows the stars and how many reviews they stand for.
  const card = stranger.getByRole('article').filter({ hasText: title });
  await expect(card.getByRole('img', { name: '4 csillag az 5-ből' })).toBeVisible();
  await expect(card.getByText('(1 értékelés)')).toBeVisible();
  await shoot(stranger, 'reviews-listing-by-rating-390');
  await stranger.close();
});
