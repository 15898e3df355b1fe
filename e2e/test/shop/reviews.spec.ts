import type { APIRequestContext, Page } from '@playwright/test';
import { registerCustomer, type TestCustomer } from '../customer';
import { decideCookieConsent, expect, test } from '../fixtures';
import { createProduct, type SeededProduct } from '../seed-products';
import { PHONE, signedInPage, slowPhonePage } from '../slow-cpu';

/**
 * Product reviews (#29) from three sides, each journey on its own data made over REST: the buyer who
 * writes one from a delivered order, the admin who approves it and sets the review-request e-mail, and a
 * stranger who reads it and finds the product by its rating. Every page is on a phone. The shop's pages
 * run on a CPU four times slower and are used the moment a control shows, never waiting for the app to
 * wake; the admin's, which the app draws, at full speed (`signedInPage`).
 */

const SHOTS = process.env.E2E_SHOTS_DIR;

test.use(PHONE);

type Order = { id: number; number: string };
type OwnReview = { id: number; rating: number; title: string | null; body: string; status: string };

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

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

/** A fresh buyer's order of the product, placed over REST; delivered (completed) when asked. */
async function orderedBy(
  request: APIRequestContext,
  adminToken: string,
  product: SeededProduct,
  { delivered }: { delivered: boolean },
): Promise<{ buyer: TestCustomer; order: Order }> {
  const buyer = await registerCustomer(request, { firstName: 'Réka', lastName: 'Értékelő' });
  const asBuyer = { headers: { token: buyer.token } };
  const added = await request.post('/api/cart/add', {
    ...asBuyer,
    data: { product: product.id, quantity: 1 },
  });
  expect(added.ok()).toBe(true);
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
  const order = ((await placed.json()) as { order: Order }).order;
  if (delivered) {
    const completed = await request.post(`/api/order/${order.id}/status`, {
      headers: { token: adminToken },
      data: { status: 'completed', notify: false },
    });
    expect(completed.ok()).toBe(true);
  }
  return { buyer, order };
}

/** A delivered order's buyer reviews the product over REST (four stars); approved at once when asked. */
async function reviewedProduct(
  request: APIRequestContext,
  adminToken: string,
  product: SeededProduct,
  { approved }: { approved: boolean },
): Promise<OwnReview> {
  const { buyer, order } = await orderedBy(request, adminToken, product, { delivered: true });
  const created = await request.post('/api/review', {
    headers: { token: buyer.token },
    data: {
      order: order.id,
      product: product.id,
      rating: 4,
      title: 'Szép és strapabíró',
      body: 'Mindennap ebből iszom a kávét, a mosogatógépet is jól bírja.',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const review = (await created.json()) as OwnReview;
  if (approved) {
    const moderated = await request.patch(`/api/review/${review.id}`, {
      headers: { token: adminToken },
      data: { status: 'approved' },
    });
    expect(moderated.ok(), await moderated.text()).toBe(true);
  }
  return review;
}

/** The buyer's own reviews of the order's products, as GET /api/review/order/{order} serves them. */
async function reviewsOfOrder(request: APIRequestContext, buyer: TestCustomer, order: Order) {
  const answer = await request.get(`/api/review/order/${order.id}`, { headers: { token: buyer.token } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { reviewable: boolean; products: { review: OwnReview | null }[] };
}

test('the order e-mail’s link asks a signed-out buyer to sign in, then shows the order, with no review before delivery', async ({
  context,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Értékelt bögre'),
    price: 4590,
  });
  const { buyer, order } = await orderedBy(request, adminToken, product, { delivered: false });

  const page = await slowPhonePage(context);
  await page.goto(`/order/${order.id}`);
  await expect(
    page.getByRole('heading', { name: 'Jelentkezz be a rendelésed megtekintéséhez' }),
  ).toBeVisible();
  await shoot(page, 'order-sign-in-390');
  await page.getByLabel('E-mail-cím').fill(buyer.email);
  await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Bejelentkezés', exact: true }).tap();
  await expect(page.getByRole('heading', { name: `Rendelés ${order.number}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
  await expect(page.getByRole('heading', { name: 'Értékeld a termékeket' })).toHaveCount(0);
  expect((await reviewsOfOrder(request, buyer, order)).reviewable).toBe(false);
});

test('a buyer reviews a product of their delivered order with a radio group of stars, and it waits for moderation', async ({
  context,
  request,
  adminToken,
  uniqueName,
}) => {
  const title = uniqueName('Értékelt bögre');
  const product = await createProduct(request, adminToken, { title, price: 4590 });
  const { buyer, order } = await orderedBy(request, adminToken, product, { delivered: true });

  const page = await slowPhonePage(context, { token: buyer.token });
  await page.goto(`/order/${order.id}`);
  const reviews = page.getByRole('region', { name: 'Értékeld a termékeket' });
  await reviews.getByRole('button', { name: 'Értékelés írása' }).tap();
  const form = reviews.getByRole('form', { name: `${title} értékelése` });
  await form.getByRole('button', { name: 'Értékelés elküldése' }).tap();
  await expect(form.getByText('Adj legalább 1 csillagot.')).toBeVisible();
  // The stars are one radio group: a tap chooses, the arrow keys move the choice.
  await form.getByRole('radio', { name: '3 csillag' }).tap();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 csillag' })).toBeChecked();
  await expect(form.getByRole('radio', { name: '4 csillag' })).toBeFocused();
  await form.getByLabel('Cím (nem kötelező)').fill('Szép és strapabíró');
  await form.getByLabel('Véleményed').fill('Mindennap ebből iszom a kávét, a mosogatógépet is jól bírja.');
  await form.getByRole('button', { name: 'Értékelés elküldése' }).tap();
  await expect(reviews.getByText('Moderálásra vár')).toBeVisible();
  await expect(reviews.getByRole('img', { name: '4 csillag az 5-ből' })).toBeVisible();

  // One review, with every star and character as given, waiting; a stranger is shown none yet.
  const [reviewed] = (await reviewsOfOrder(request, buyer, order)).products;
  expect(reviewed?.review).toMatchObject({
    rating: 4,
    title: 'Szép és strapabíró',
    body: 'Mindennap ebből iszom a kávét, a mosogatógépet is jól bírja.',
    status: 'pending',
  });
  const shown = await request.get(`/api/review/product/${product.id}`);
  expect(((await shown.json()) as { summary: { count: number } }).summary.count).toBe(0);
});

test('the admin approves a waiting review from a verified buyer, and only then does a stranger see it', async ({
  context,
  browser,
  request,
  adminToken,
  uniqueName,
}) => {
  const title = uniqueName('Értékelt bögre');
  const product = await createProduct(request, adminToken, { title, price: 4590 });
  await reviewedProduct(request, adminToken, product, { approved: false });

  const stranger = await slowPhonePage(context);
  await stranger.goto(`/${product.slug}`);
  await expect(stranger.getByText('Ehhez a termékhez még nincs értékelés.', { exact: false })).toBeVisible();

  // The admin on a phone of their own: the stranger's browser stays signed out.
  const adminPhone = await browser.newContext(PHONE);
  await decideCookieConsent(adminPhone);
  const admin = await signedInPage(adminPhone, adminToken);
  await admin.goto('/admin/reviews');
  await expect(admin.getByRole('heading', { name: 'Értékelések', level: 1 })).toBeVisible();
  const entry = admin.getByRole('article', { name: title });
  await expect(entry.getByText('Ellenőrzött vásárló')).toBeVisible();
  await entry.getByRole('button', { name: 'Jóváhagyás' }).tap();
  await expect(entry).toHaveCount(0);
  await admin.getByRole('tab', { name: 'Megjelent' }).tap();
  await expect(admin.getByRole('article', { name: title }).getByText('Megjelent')).toBeVisible();
  await shoot(admin, 'reviews-admin-390');
  await adminPhone.close();

  await stranger.goto(`/${product.slug}`);
  const section = stranger.getByRole('region', { name: 'Értékelések' });
  await expect(section.getByText('1 értékelés alapján')).toBeVisible();
  await expect(section.getByText('Szép és strapabíró')).toBeVisible();
});

test('the admin sets when the review-request e-mail goes, a week after delivery unless told otherwise', async ({
  context,
  request,
  adminToken,
}) => {
  const admin = await signedInPage(context, adminToken);
  await admin.goto('/admin/reviews');
  // Under the list, the review-request e-mail: on, a week after delivery, unless the admin says otherwise.
  const requests = admin.getByRole('region', { name: 'Értékelést kérő levél' });
  await expect(requests.getByLabel('Értékelést kérő levél küldése')).toBeChecked();
  const delay = requests.getByLabel('Hány nappal a teljesítés után');
  await expect(delay).toHaveValue('7');
  await delay.fill('0');
  await expect(requests.getByText('A levél legkorábban 1 nappal a teljesítés után mehet.')).toBeVisible();
  await delay.fill('10');
  await requests.getByRole('button', { name: 'Mentés' }).tap();
  await expect(admin.getByText('Az értékelést kérő levél beállítása mentve.')).toBeVisible();
  const saved = await request.get('/api/review/settings', { headers: { token: adminToken } });
  expect(await saved.json()).toEqual({ requestEnabled: true, requestDelayDays: 10 });
  const restored = await request.put('/api/review/settings', {
    headers: { token: adminToken },
    data: { requestEnabled: true, requestDelayDays: 7 },
  });
  expect(restored.ok()).toBe(true);
});

test('a stranger reads an approved review on the product page, with how reviews are checked', async ({
  context,
  request,
  adminToken,
  uniqueName,
}) => {
  const product = await createProduct(request, adminToken, {
    title: uniqueName('Értékelt bögre'),
    price: 4590,
  });
  await reviewedProduct(request, adminToken, product, { approved: true });

  const stranger = await slowPhonePage(context);
  await stranger.goto(`/${product.slug}`);
  const section = stranger.getByRole('region', { name: 'Értékelések' });
  await expect(section.getByText('1 értékelés alapján')).toBeVisible();
  await expect(section.getByRole('img', { name: '4 csillag az 5-ből' }).first()).toBeVisible();
  await expect(section.getByText('Szép és strapabíró')).toBeVisible();
  await expect(section.getByText('Ellenőrzött vásárló')).toBeVisible();
  await section.getByRole('link', { name: 'Hogyan ellenőrizzük az értékeléseket?' }).tap();
  await expect(
    stranger.getByRole('heading', { name: 'Hogyan ellenőrizzük az értékeléseket', level: 1 }),
  ).toBeVisible();
});

test('the listing finds a reviewed product by its rating and sorts the best rated first', async ({
  context,
  request,
  adminToken,
  uniqueName,
}) => {
  const title = uniqueName('Értékelt bögre');
  const product = await createProduct(request, adminToken, { title, price: 4590 });
  const unratedTitle = uniqueName('Értékeletlen bögre');
  await createProduct(request, adminToken, { title: unratedTitle, price: 4590 });
  await reviewedProduct(request, adminToken, product, { approved: true });

  // Newest first both mugs show; at least four stars only the reviewed one, best rated first.
  const stranger = await slowPhonePage(context);
  await stranger.goto('/product?sort=newest');
  await expect(stranger.getByText(unratedTitle).first()).toBeVisible();
  await stranger.getByRole('button', { name: 'Szűrők', exact: false }).tap();
  const filters = stranger.getByRole('dialog', { name: 'Szűrők' });
  await filters.getByRole('combobox', { name: 'Értékelés' }).selectOption({ label: 'Legalább 4 csillag' });
  await filters.getByRole('button', { name: /termék mutatása$/ }).tap();
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
});
