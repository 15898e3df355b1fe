import { createHash } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../admin-account';
import { COOKIE_POLICY_VERSION, expect, test } from '../fixtures';
import { PHONE, slowPhonePage } from '../slow-cpu';

/**
 * A first visit (the browser has no cookie decision, so the banner asks) on a phone whose CPU runs four
 * times slower: every page acts the moment a control shows, never waiting for the app to wake.
 */
test.use({ cookieConsentDecided: false, ...PHONE });

type Product = { id: number; slug: string; title: string };
/** A gtag() call as gtag.js reads it from the dataLayer: `['event', 'view_item', {...}]`. */
type Call = unknown[];

const GA4_ID = 'G-E2ETEST123';
const PIXEL_ID = '123456789012345';
const BANNER = 'Sütik (cookie-k) ezen az oldalon';
const ORDER_BUTTON = 'Megrendelés fizetési kötelezettséggel';
const CARD_SUCCEEDS = '4444 8888 8888 5559';
/** Every host Google Analytics or the Meta Pixel could load from or send to. */
const TRACKER_HOST =
  /(^|\.)(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com)$/;

/**
 * Watches every request the page makes and answers the trackers' hosts itself: gtag.js and fbevents.js
 * are small fakes (the real ones need the internet), so the calls stay in `window.dataLayer` and the
 * Pixel's queue, where the test reads them. `requests` lists every URL that went to a tracker's host.
 */
async function watchTrackers(page: Page): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (TRACKER_HOST.test(hostname)) requests.push(request.url());
  });
  const fakeFbevents = `(() => {
    const fbq = window.fbq;
    const calls = (window.__pixelCalls = window.__pixelCalls || []);
    fbq.callMethod = (...args) => calls.push(args);
    for (const args of fbq.queue.splice(0)) calls.push(Array.from(args));
  })();`;
  await page.route(
    (url) => TRACKER_HOST.test(url.hostname),
    (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === 'www.googletagmanager.com' && url.pathname === '/gtag/js') {
        return route.fulfill({ contentType: 'text/javascript', body: 'window.__gtagLoaded = true;' });
      }
      if (url.hostname === 'connect.facebook.net' && url.pathname.endsWith('/fbevents.js')) {
        return route.fulfill({ contentType: 'text/javascript', body: fakeFbevents });
      }
      return route.fulfill({ status: 204 });
    },
  );
  return requests;
}

/** What gtag() was told on this page, in order. */
const gtagCalls = (page: Page): Promise<Call[]> =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Array.from(entry as ArrayLike<unknown>),
    ),
  );

const pixelCalls = (page: Page): Promise<Call[]> =>
  page.evaluate(() => (window as unknown as { __pixelCalls?: Call[] }).__pixelCalls ?? []);

/**
 * The shop's own events still waiting for analytics.ts in the pages' queue (analytics-events.ts), by
 * kind; null once analytics.ts took the queue over (it loads only after consent). An event waiting there
 * proves the page did report it, and that nothing took it on to Google or Meta.
 */
const waitingEvents = (page: Page): Promise<string[] | null> =>
  page.evaluate(() => {
    const queue = (window as unknown as { shopAnalytics?: unknown }).shopAnalytics;
    if (queue === undefined) return [];
    return Array.isArray(queue) ? queue.map((event: { kind: string }) => event.kind) : null;
  });

/**
 * Counts, from every page's start, the shop's `a2c` events (cart/announce-add-to-cart.ts): the page's own
 * word that it reported an add to cart, which analytics.ts, once loaded, hears and sends on at once.
 */
async function countAddToCartEvents(page: Page) {
  await page.addInitScript(() => {
    window.addEventListener('a2c', () => {
      const counted = window as unknown as { __a2cEvents?: number };
      counted.__a2cEvents = (counted.__a2cEvents ?? 0) + 1;
    });
  });
}

const addToCartEvents = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __a2cEvents?: number }).__a2cEvents ?? 0);

/** The shop recording the banner's choice on its own server (POST /api/consent over tRPC). */
const consentSaved = (page: Page) =>
  page.waitForResponse(
    (response) => /[/,]consent\.record\b/.test(response.url()) && response.request().method() === 'POST',
  );

const events = (calls: Call[]) => calls.filter((call) => call[0] === 'event').map((call) => call[1]);
const tracked = (calls: Call[]) => calls.filter((call) => call[0] === 'track').map((call) => call[1]);

async function adminToken(request: APIRequestContext): Promise<string> {
  const signin = await request.post('/api/user/signin', { data: E2E_ADMIN });
  return ((await signin.json()) as { token: string }).token;
}

async function setAnalytics(request: APIRequestContext, token: string, on: boolean) {
  const response = await request.put('/api/analyticssetting', {
    headers: { token },
    data: {
      ga4Enabled: on,
      ga4MeasurementId: GA4_ID,
      metaPixelEnabled: on,
      metaPixelId: PIXEL_ID,
      // With a token the server reports paid orders to the Conversions API stand-in at /_meta.
      metaCapiToken: on ? 'EAAE2Ebeforeall0token0123456789' : null,
    },
  });
  expect(response.ok()).toBe(true);
}

let product: Product;

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  await setAnalytics(request, token, true);
  const kutiId = `E2E-ANA-${Date.now().toString(36)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token },
    data: {
      price: 3990,
      stock: 50,
      kutiId,
      enabled: true,
      descriptions: [{ language: 'hu', title: `Mért bögre ${Date.now().toString(36)}` }],
    },
  });
  expect(response.ok()).toBe(true);
  product = (await response.json()) as Product;
});

test.afterAll(async ({ request }) => {
  await setAnalytics(request, await adminToken(request), false);
});

async function addToCart(page: Page) {
  await page.getByRole('button', { name: `Kosárba: ${product.title}` }).tap();
  await expect(page.getByText(`Kosárba tettük: ${product.title}`)).toBeVisible();
}

const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]') as unknown[]);

/**
 * A slowed phone page of a returning visitor who allowed statistics and marketing on the banner earlier:
 * the choice is in the browser (as the banner stores it) before the first page, unless the visitor has
 * changed it since.
 */
async function consentingVisitorPage(context: BrowserContext): Promise<Page> {
  const page = await slowPhonePage(context);
  await page.addInitScript((version) => {
    if (window.location.origin === 'null' || window.localStorage.getItem('cookie-consent')) return;
    const allowed = {
      id: crypto.randomUUID(),
      statistics: true,
      marketing: true,
      version,
      decidedAt: new Date().toISOString(),
    };
    window.localStorage.setItem('cookie-consent', JSON.stringify(allowed));
  }, COOKIE_POLICY_VERSION);
  return page;
}

test('nothing goes to Google or Meta before consent, nor after rejecting it', async ({ context }) => {
  const page = await slowPhonePage(context);
  const requests = await watchTrackers(page);
  await countAddToCartEvents(page);
  // The shop's own analytics code is a chunk of its own, fetched only after consent too.
  const analyticsChunks: string[] = [];
  page.on('request', (request) => {
    // analytics.ts's own chunk (the pages' tiny event queue, analytics-events, may load any time).
    if (/\/assets\/analytics-[A-Za-z0-9_-]{8}\.js$/.test(request.url())) analyticsChunks.push(request.url());
  });
  await page.goto(`/${product.slug}`);
  const banner = page.getByRole('dialog', { name: BANNER });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  // The page names both services (so the shop would measure), yet loads neither.
  await expect(page.locator('meta[name="shop-analytics"]')).toHaveAttribute(
    'content',
    `ga4=${GA4_ID};meta=${PIXEL_ID}`,
  );
  // The page reported the product view (the banner's chunk, which would load analytics, is running):
  // the event waits in the page's queue, and nothing took it further.
  await expect.poll(() => waitingEvents(page)).toContain('view_item');
  expect(requests).toEqual([]);
  expect(analyticsChunks).toEqual([]);
  expect(await page.evaluate(() => 'gtag' in window || 'fbq' in window)).toBe(false);

  const rejectionSaved = consentSaved(page);
  await banner.getByRole('button', { name: 'Összes elutasítása' }).tap();
  await expect(banner).toBeHidden();
  expect((await rejectionSaved).ok()).toBe(true);
  expect(requests).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await addToCart(page);
  await expect.poll(() => addToCartEvents(page)).toBe(1);
  expect(await storedCart(page)).toEqual([{ product: product.id, quantity: 1 }]);
  expect(requests).toEqual([]);
  expect(analyticsChunks).toEqual([]);
  expect(await page.evaluate(() => 'gtag' in window || 'fbq' in window)).toBe(false);
});

test('after consent on the banner: Consent Mode default then update, then the shop’s view and add to cart', async ({
  context,
}) => {
  const page = await slowPhonePage(context);
  const requests = await watchTrackers(page);
  await countAddToCartEvents(page);
  await page.goto(`/${product.slug}`);
  const banner = page.getByRole('dialog', { name: BANNER });
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect.poll(() => waitingEvents(page)).toContain('view_item');
  expect(requests).toEqual([]);

  const consentGiven = consentSaved(page);
  await banner.getByRole('button', { name: 'Összes elfogadása' }).tap();
  await expect(banner).toBeHidden();
  expect((await consentGiven).ok()).toBe(true);
  await expect
    .poll(() =>
      requests.some((url) => url.startsWith('https://www.googletagmanager.com/gtag/js?id=G-E2ETEST123')),
    )
    .toBe(true);
  await expect
    .poll(() => requests.some((url) => url.includes('connect.facebook.net/') && url.endsWith('/fbevents.js')))
    .toBe(true);

  // Consent Mode v2: everything denied by default first, then the visitor's grant.
  const calls = await gtagCalls(page);
  const consentCalls = calls.filter((call) => call[0] === 'consent');
  expect(consentCalls[0]).toEqual([
    'consent',
    'default',
    expect.objectContaining({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    }),
  ]);
  expect(consentCalls[1]).toEqual([
    'consent',
    'update',
    {
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    },
  ]);
  expect(calls.findIndex((call) => call[0] === 'consent')).toBeLessThan(
    calls.findIndex((call) => call[0] === 'config'),
  );
  expect(calls).toContainEqual(['config', GA4_ID]);

  // The product view from before the consent went out once the consent came.
  await expect.poll(async () => events(await gtagCalls(page))).toContain('view_item');
  const viewItem = (await gtagCalls(page)).find((call) => call[1] === 'view_item');
  expect(viewItem?.[2]).toMatchObject({
    currency: 'HUF',
    value: 3990,
    items: [{ item_id: String(product.id), item_name: product.title, price: 3990, quantity: 1 }],
  });
  await expect.poll(async () => tracked(await pixelCalls(page))).toContain('ViewContent');
  expect((await pixelCalls(page)).slice(0, 3)).toEqual([
    ['consent', 'grant'],
    ['init', PIXEL_ID],
    ['track', 'PageView'],
  ]);

  // The shop's `a2c` event becomes add_to_cart and AddToCart, once each for the one tap.
  await addToCart(page);
  await expect.poll(async () => events(await gtagCalls(page))).toContain('add_to_cart');
  await expect.poll(async () => tracked(await pixelCalls(page))).toContain('AddToCart');
  expect(await addToCartEvents(page)).toBe(1);
  expect(events(await gtagCalls(page)).filter((name) => name === 'add_to_cart')).toHaveLength(1);
  expect(tracked(await pixelCalls(page)).filter((name) => name === 'AddToCart')).toHaveLength(1);
  expect(await storedCart(page)).toEqual([{ product: product.id, quantity: 1 }]);
});

test('a consenting guest’s checkout paid by card is one purchase, and a reload of the thank-you page is none', async ({
  context,
}) => {
  const page = await consentingVisitorPage(context);
  await watchTrackers(page);
  // The cart the shopper filled on an earlier visit.
  await page.goto('/foo');
  await page.evaluate(
    (id) => window.localStorage.setItem('cart', JSON.stringify([{ product: id, quantity: 1 }])),
    product.id,
  );

  await page.goto('/order/services/account');
  await page.getByRole('link', { name: 'Folytatás vendégként' }).tap();
  await expect(page).toHaveURL('/order/checkout');
  await expect.poll(async () => events(await gtagCalls(page))).toContain('begin_checkout');
  await expect.poll(async () => tracked(await pixelCalls(page))).toContain('InitiateCheckout');
  const gls = page.getByRole('radio', { name: /GLS házhozszállítás/ });
  await gls.press('Space');
  await expect(gls).toBeChecked();
  const contact = page.getByRole('region', { name: 'Elérhetőség' });
  await contact.getByLabel('E-mail-cím').fill(`mert.${Date.now().toString(36)}@example.hu`);
  await contact.getByLabel('Vezetéknév').fill('Mért');
  await contact.getByLabel('Keresztnév').fill('Márta');
  await contact.getByLabel('Telefonszám').fill('06 30 123 4567');
  const address = page.getByRole('region', { name: 'Szállítási cím' });
  await address.getByLabel('Címzett neve').fill('Mért Márta');
  await address.getByLabel('Irányítószám').fill('6720');
  await address.getByLabel('Település').fill('Szeged');
  await address.getByLabel('Utca, házszám').fill('Kárász utca 1.');
  await page.getByRole('checkbox', { name: /Elolvastam és elfogadom/ }).press('Space');
  await page.getByRole('button', { name: ORDER_BUTTON }).tap();
  await expect(page).toHaveURL(/\/_barion\//);
  await page.getByLabel('Kártyaszám').fill(CARD_SUCCEEDS);
  await page.getByRole('button', { name: 'Fizetés', exact: true }).tap();
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });
  const orderNumber = (await page.getByText(/^\d{4}-\d{6}$/).textContent()) ?? '';
  expect(orderNumber).toMatch(/^\d{4}-\d{6}$/);

  await expect.poll(async () => events(await gtagCalls(page))).toContain('purchase');
  const purchase = (await gtagCalls(page)).find((call) => call[1] === 'purchase');
  expect(purchase?.[2]).toMatchObject({ transaction_id: orderNumber, currency: 'HUF' });
  await expect.poll(async () => tracked(await pixelCalls(page))).toContain('Purchase');
  const pixelPurchase = (await pixelCalls(page)).find((call) => call[1] === 'Purchase');
  // The same event id the server's Conversions API request carries for this order.
  expect(pixelPurchase?.[3]).toEqual({ eventID: `order-${orderNumber}` });
  expect(events(await gtagCalls(page)).filter((name) => name === 'purchase')).toHaveLength(1);
  expect(tracked(await pixelCalls(page)).filter((name) => name === 'Purchase')).toHaveLength(1);

  // A reload of the thank-you page does not count the order again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Köszönjük a rendelésedet!' })).toBeVisible();
  await expect.poll(async () => tracked(await pixelCalls(page))).toContain('PageView');
  await expect(page.getByText(orderNumber, { exact: true })).toBeVisible();
  // The page has the order (its report of the purchase follows its first showing) and analytics.ts
  // sends what the page reports: an add to cart reported after it is sent, the purchase was not.
  await expect.poll(() => waitingEvents(page)).toBeNull();
  await page.evaluate(
    (id) =>
      window.dispatchEvent(new CustomEvent('a2c', { detail: { product: id, quantity: 1, unitPrice: 3990 } })),
    product.id,
  );
  await expect.poll(async () => events(await gtagCalls(page))).toContain('add_to_cart');
  expect(events(await gtagCalls(page))).not.toContain('purchase');
  expect(tracked(await pixelCalls(page))).not.toContain('Purchase');
});

test('withdrawing consent from the footer tells both services, and nothing more is sent', async ({
  context,
}) => {
  const page = await consentingVisitorPage(context);
  const requests = await watchTrackers(page);
  await countAddToCartEvents(page);
  await page.goto('/contact');
  // The stored choice loads both services on the first page.
  await expect.poll(async () => tracked(await pixelCalls(page))).toContain('PageView');
  await expect.poll(async () => (await gtagCalls(page)).some((call) => call[0] === 'config')).toBe(true);

  // Withdrawing both consents from the footer: both services are told, and nothing more is sent.
  const banner = page.getByRole('dialog', { name: BANNER });
  await page.getByRole('button', { name: 'Süti beállítások' }).tap();
  await expect(banner).toBeVisible();
  await banner.getByRole('checkbox', { name: 'Statisztika' }).uncheck({ force: true });
  await banner.getByRole('checkbox', { name: 'Marketing' }).uncheck({ force: true });
  const withdrawalSaved = consentSaved(page);
  await banner.getByRole('button', { name: 'Kiválasztottak mentése' }).tap();
  await expect(banner).toBeHidden();
  expect((await withdrawalSaved).ok()).toBe(true);
  await expect
    .poll(async () => (await gtagCalls(page)).filter((call) => call[0] === 'consent').at(-1))
    .toEqual([
      'consent',
      'update',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
  await expect.poll(async () => (await pixelCalls(page)).at(-1)).toEqual(['consent', 'revoke']);
  const before = { ga: (await gtagCalls(page)).length, meta: (await pixelCalls(page)).length };
  // analytics.ts hears `a2c` and calls gtag and fbq within the event's dispatch: once dispatchEvent has
  // returned, whatever it would have sent is in the calls already, with no time to wait out.
  await page.evaluate(
    (id) =>
      window.dispatchEvent(new CustomEvent('a2c', { detail: { product: id, quantity: 1, unitPrice: 3990 } })),
    product.id,
  );
  expect((await gtagCalls(page)).length).toBe(before.ga);
  expect((await pixelCalls(page)).length).toBe(before.meta);

  // The next page loads neither service.
  const seen = requests.length;
  await page.goto(`/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await addToCart(page);
  await expect.poll(() => addToCartEvents(page)).toBe(1);
  expect(await storedCart(page)).toEqual([{ product: product.id, quantity: 1 }]);
  expect(requests.slice(seen)).toEqual([]);
});

test.describe('the admin, at a desk', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the admin sets GA4 and the Pixel on the shop settings; the Conversions API token is never shown again', async ({
    adminPage: page,
    request,
    adminToken,
  }) => {
    await page.goto('/admin/settings/shop');
    const card = page.getByRole('form', { name: 'Analitika és hirdetésmérés' });
    const save = card.getByRole('button', { name: 'Mentés' });
    await card.getByRole('textbox', { name: 'Mérési azonosító' }).fill('UA-12345-1');
    await save.click();
    await expect(card.getByText(/G- kezdetű/)).toBeVisible();

    const token = `EAAE2E${Date.now().toString(36)}token0123456789`;
    await card.getByRole('textbox', { name: 'Mérési azonosító' }).fill('g-e2etest123');
    await card.getByRole('textbox', { name: 'Pixel-azonosító' }).fill(PIXEL_ID);
    await card.getByLabel(/Conversions API hozzáférési token/).fill(token);
    await save.click();
    await expect(page.getByText('Az analitika beállításait elmentettük.')).toBeVisible();
    await expect(card.getByText('mentve')).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'Mérési azonosító' })).toHaveValue(GA4_ID);
    await expect(card.getByLabel(/Conversions API hozzáférési token/)).toHaveValue('');

    const answer = await request.get('/api/analyticssetting', { headers: { token: adminToken } });
    const body = await answer.text();
    expect(body).not.toContain(token);
    expect(JSON.parse(body)).toMatchObject({
      ga4MeasurementId: GA4_ID,
      metaPixelId: PIXEL_ID,
      metaCapiTokenSet: true,
    });
  });
});

test('the server reports a paid order of a buyer who allowed marketing to the Conversions API stand-in, once', async ({
  context,
  request,
}) => {
  // A buyer who allowed marketing (as the banner records it) orders over REST and pays by card.
  const consentId = crypto.randomUUID();
  const recorded = await request.post('/api/consent', {
    data: { consentId, statistics: false, marketing: true, policyVersion: COOKIE_POLICY_VERSION },
  });
  expect(recorded.ok()).toBe(true);
  type Listed = { items: { id: number; name: string }[] };
  const shipping = (await (await request.get('/api/checkout/shipping')).json()) as Listed;
  const paying = (await (await request.get('/api/checkout/payment')).json()) as Listed;
  const email = `capi.${Date.now().toString(36)}@example.hu`;
  const address = { name: 'Mért Márta', postcode: '6720', city: 'Szeged', street: 'Kárász utca 1.' };
  const placed = await request.post('/api/cart/order', {
    data: {
      cart: [{ product: product.id, quantity: 1 }],
      customer: { email, firstName: 'Márta', lastName: 'Mért', phone: '06 30 123 4567' },
      shippingAddress: address,
      billingAddress: address,
      shippingMethod: shipping.items.find((method) => /GLS/.test(method.name))?.id,
      paymentMethod: paying.items.find((method) => /Bankkártyás/.test(method.name))?.id,
      acceptTerms: true,
      consentId,
    },
  });
  expect(placed.ok()).toBe(true);
  const answer = (await placed.json()) as { order: { number: string }; payment: { gatewayUrl: string } };
  const page = await slowPhonePage(context);
  await page.goto(answer.payment.gatewayUrl);
  await page.getByLabel('Kártyaszám').fill(CARD_SUCCEEDS);
  await page.getByRole('button', { name: 'Fizetés', exact: true }).tap();
  await expect(page).toHaveURL(/\/order\/success\?order=\d+/, { timeout: 20_000 });

  type Received = { pixelId: string; events: { event_id: string; user_data: { em: string[] } }[] }[];
  const sentFor = async (number: string) =>
    ((await (await request.get('/_meta/_received')).json()) as Received).flatMap((entry) =>
      entry.events
        .filter((event) => event.event_id === `order-${number}`)
        .map((event) => ({ pixelId: entry.pixelId, event })),
    );
  // The test server's worker sends every half second (META_CAPI_INTERVAL_MS in playwright.config.ts);
  // a shop's default is 30 s, which a 30 s test could not wait out.
  await expect.poll(async () => (await sentFor(answer.order.number)).length, { timeout: 10_000 }).toBe(1);
  const [sent] = await sentFor(answer.order.number);
  expect(sent?.pixelId).toBe(PIXEL_ID);
  expect(sent?.event.user_data.em).toEqual([createHash('sha256').update(email).digest('hex')]);
  // A withdrawal before the worker's turn stops the send (packages/api test/analytics.test.ts); here the
  // consenting journey's order may already have gone out while its buyer still allowed marketing.
});
