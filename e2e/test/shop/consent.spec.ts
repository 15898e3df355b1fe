import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../admin-account';
import { expect, test } from '../fixtures';

/** A first visit: the browser has no cookie decision, so the banner asks. */
test.use({ cookieConsentDecided: false });
// Each journey reloads the product page a few times and waits for the Pixel's calls.
test.slow();

type Product = { id: number; slug: string; title: string };
/** One `bp(...)` call as the stand-in bp.js reports it: `['track', 'addToCart', {...}]`. */
type PixelCall = unknown[];

const PIXEL_ID = 'BP-0123456789-01';
const BANNER = 'Sütik (cookie-k) ezen az oldalon';

/**
 * Barion's host answered by the test: bp.js is a stand-in that sends every queued and later `bp(...)`
 * call to the same host, where the test records it. Nothing leaves the machine.
 */
async function recordPixel(page: Page): Promise<PixelCall[]> {
  const calls: PixelCall[] = [];
  const standIn = `(() => {
    const send = (args) => fetch('https://pixel.barion.com/collect', { method: 'POST', body: JSON.stringify(args) });
    const queued = (window.bp && window.bp.q) || [];
    window.bp = (...args) => send(args);
    for (const args of queued) send(Array.from(args));
  })();`;
  await page.route('https://pixel.barion.com/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/bp.js') return route.fulfill({ contentType: 'text/javascript', body: standIn });
    if (url.pathname === '/collect') {
      calls.push(JSON.parse(route.request().postData() ?? '[]') as PixelCall);
      return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } });
    }
    return route.fulfill({ status: 404 });
  });
  return calls;
}

const tracked = (calls: PixelCall[]) => calls.filter((call) => call[0] === 'track').map((call) => call[1]);
const consents = (calls: PixelCall[]) => calls.filter((call) => call[0] === 'consent').map((call) => call[1]);

async function setPixelId(request: APIRequestContext, adminToken: string, barionPixelId: string | null) {
  const response = await request.put('/api/barionpixel', {
    headers: { token: adminToken },
    data: { barionPixelId },
  });
  expect(response.ok()).toBe(true);
}

async function createProduct(
  request: APIRequestContext,
  adminToken: string,
  title: string,
): Promise<Product> {
  const kutiId = `E2E-SUTI-${Date.now().toString(36)}`.toUpperCase();
  const response = await request.post('/api/product/update', {
    headers: { token: adminToken },
    data: { price: 2490, stock: 50, kutiId, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

async function addToCart(page: Page, product: Product) {
  await page.getByRole('button', { name: `Kosárba: ${product.title}` }).click();
  await expect(page.getByText(`Kosárba tettük: ${product.title}`)).toBeVisible();
}

let product: Product;

test.beforeAll(async ({ request }) => {
  const signin = await request.post('/api/user/signin', {
    data: E2E_ADMIN,
  });
  const { token } = (await signin.json()) as { token: string };
  await setPixelId(request, token, PIXEL_ID);
  product = await createProduct(request, token, `Sütis bögre ${Date.now().toString(36)}`);
});

test.afterAll(async ({ request }) => {
  const signin = await request.post('/api/user/signin', {
    data: E2E_ADMIN,
  });
  const { token } = (await signin.json()) as { token: string };
  await setPixelId(request, token, null);
});

test('rejecting all keeps the Pixel’s marketing events from firing', async ({ page }) => {
  const calls = await recordPixel(page);
  await page.goto(`/${product.slug}`);
  const banner = page.getByRole('dialog', { name: BANNER });
  await expect(banner).toBeVisible();
  // Reject is as prominent as accept: same size, same weight.
  const reject = banner.getByRole('button', { name: 'Összes elutasítása' });
  const accept = banner.getByRole('button', { name: 'Összes elfogadása' });
  const [rejectBox, acceptBox] = [await reject.boundingBox(), await accept.boundingBox()];
  expect(rejectBox?.height).toBe(acceptBox?.height);

  const recorded = page.waitForResponse((response) => response.url().includes('/trpc/consent.record'));
  await reject.click();
  await expect(banner).toBeHidden();
  expect((await recorded).ok()).toBe(true);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cookie-consent') ?? '{}'));
  expect(stored).toMatchObject({ statistics: false, marketing: false, version: expect.any(String) });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(banner).toBeHidden();
  await addToCart(page, product);
  // The base code ran (init, consent rejected by default) but no marketing event followed.
  await expect.poll(() => calls.some((call) => call[0] === 'init')).toBe(true);
  await page.waitForTimeout(500);
  expect(consents(calls)).not.toContain('grantConsent');
  expect(consents(calls)).toContain('rejectConsent');
  expect(tracked(calls)).toEqual([]);
});

test('accepting all lets the Pixel’s events through; the footer reopens the choice', async ({ page }) => {
  const calls = await recordPixel(page);
  await page.goto(`/${product.slug}`);
  const banner = page.getByRole('dialog', { name: BANNER });
  await banner.getByRole('button', { name: 'Összes elfogadása' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => consents(calls)).toContain('grantConsent');

  await page.reload();
  await expect.poll(() => tracked(calls)).toContain('contentView');
  await addToCart(page, product);
  await expect.poll(() => tracked(calls)).toContain('addToCart');
  const addToCartCall = calls.find((call) => call[0] === 'track' && call[1] === 'addToCart');
  expect(addToCartCall?.[2]).toMatchObject({
    id: String(product.id),
    name: product.title,
    quantity: 1,
    unitPrice: 2490,
    currency: 'HUF',
  });

  // "Süti beállítások" in the footer: marketing off again, and the events stop.
  await page.getByRole('button', { name: 'Süti beállítások' }).click();
  await expect(banner).toBeVisible();
  const marketing = banner.getByRole('checkbox', { name: 'Marketing' });
  await expect(marketing).toBeChecked();
  await marketing.uncheck({ force: true });
  await banner.getByRole('button', { name: 'Kiválasztottak mentése' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => consents(calls).at(-1)).toBe('rejectConsent');
  const before = tracked(calls).length;
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await addToCart(page, product);
  await page.waitForTimeout(500);
  expect(tracked(calls).length).toBe(before);
});
