import type { APIRequestContext, Page } from '@playwright/test';
import { decideCookieConsent, expect, test, waitForAppAfterNavigation } from '../fixtures';

type Banner = {
  id: number;
  title: string;
  image: { id: number; card: string } | null;
  mobileImage: { id: number; card: string } | null;
};

async function adminApi<T>(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put' | 'delete' | 'get',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](path, { headers: { token }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The slide the carousel shows now: hidden slides are out of the accessibility tree. */
const shownSlide = (page: Page) => page.getByRole('region', { name: 'Ajánlataink' }).getByRole('group');

// Each journey waits for real page loads and API writes besides the stopped clocks; on a busy
// machine that takes longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test.describe('home page banners', () => {
  test('the home page shows the hero and the slider turns', async ({
    page,
    request,
    adminToken,
    uniqueName,
  }) => {
    const {
      items: [seeded],
    } = await adminApi<{ items: Banner[] }>(request, adminToken, 'get', '/api/hero');
    const heroTitle = uniqueName('Tavaszi bögrevásár');
    const hero = await adminApi<Banner>(request, adminToken, 'post', '/api/hero', {
      descriptions: [{ language: 'hu', title: heroTitle, body: 'Minden bögre egy helyen.' }],
      link: '/product',
      buttonLabel: 'Bögrék',
      imageId: seeded?.image?.id,
      mobileImageId: seeded?.mobileImage?.id,
      position: 50,
    });
    const hidden = await adminApi<Banner>(request, adminToken, 'post', '/api/hero', {
      descriptions: [{ language: 'hu', title: uniqueName('Kikapcsolt sáv') }],
      enabled: false,
    });
    try {
      await page.clock.install();
      await page.goto('/');

      // The heroes replace the welcome band; the disabled one is not shown.
      await expect(page.getByRole('heading', { name: heroTitle })).toBeVisible({ timeout: 30_000 });
      await expect(
        page.getByRole('heading', { name: 'Minden, ami otthon jól jön – egy helyen.' }),
      ).toHaveCount(0);
      await expect(page.getByRole('heading', { name: hidden.title })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Bögrék', exact: true })).toHaveAttribute(
        'href',
        '/product',
      );
      const phoneSource = page.locator('picture source[media="(max-width: 47.99em)"]').first();
      await expect(phoneSource).toHaveAttribute(
        'srcset',
        new RegExp(`/media/${seeded?.mobileImage?.id}/card`),
      );

      // The slider is a carousel whose slides turn every 6000 ms. The page's clock is stopped, and a
      // slide chosen without focus or pointer (a dispatched click) starts its full time from zero.
      const carousel = page.getByRole('region', { name: 'Ajánlataink' });
      await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
      await expect(shownSlide(page)).toHaveAccessibleName(/^\d \/ \d+: /);
      await page.clock.pauseAt(new Date(Date.now() + 60_000));
      await carousel.getByRole('button', { name: /^2\. dia: / }).dispatchEvent('click');
      await carousel.getByRole('button', { name: /^1\. dia: / }).dispatchEvent('click');
      await expect(shownSlide(page)).toHaveAccessibleName(/^1 \/ \d+: /);
      await page.clock.runFor(5000);
      await expect(shownSlide(page)).toHaveAccessibleName(/^1 \/ \d+: /);
      await page.clock.runFor(1100);
      await expect(shownSlide(page)).toHaveAccessibleName(/^2 \/ \d+: /);

      // Hovering pauses it; leaving lets it turn again.
      await carousel.hover();
      await page.clock.runFor(7000);
      await expect(shownSlide(page)).toHaveAccessibleName(/^2 \/ \d+: /);
      await page.mouse.move(0, 0);
      await page.clock.runFor(6100);
      await expect(shownSlide(page)).toHaveAccessibleName(/^3 \/ \d+: /);

      // By keyboard: previous, next and the dots are buttons; focus inside also pauses it.
      await carousel.getByRole('button', { name: 'Előző dia' }).focus();
      await page.keyboard.press('Enter');
      await expect(shownSlide(page)).toHaveAccessibleName(/^2 \/ \d+: /);
      await page.clock.runFor(7000);
      await expect(shownSlide(page)).toHaveAccessibleName(/^2 \/ \d+: /);
      await carousel.getByRole('button', { name: /^1\. dia: / }).press('Enter');
      await expect(shownSlide(page)).toHaveAccessibleName(/^1 \/ \d+: /);
    } finally {
      await adminApi(request, adminToken, 'delete', `/api/hero/${hero.id}`);
      await adminApi(request, adminToken, 'delete', `/api/hero/${hidden.id}`);
    }
  });

  test('the slider does not turn by itself for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await expect(shownSlide(page)).toHaveAccessibleName(/^1 \/ \d+: /, { timeout: 30_000 });
    await page.clock.runFor(13_000);
    await expect(shownSlide(page)).toHaveAccessibleName(/^1 \/ \d+: /);
    await page.getByRole('button', { name: 'Következő dia' }).click();
    await expect(shownSlide(page)).toHaveAccessibleName(/^2 \/ \d+: /);
  });
});

test.describe('the popup', () => {
  test.use({ cookieConsentDecided: false });

  const popupInput = (title: string, frequency = 'once_per_visitor') => ({
    enabled: true,
    title,
    body: '<p>Fiókkal gyorsabb a vásárlás.</p>',
    link: '/services/registration',
    audience: 'everyone',
    frequency,
  });

  /**
   * Lets the page fetch the popup and then its short delay pass: each round trip to the page lets it
   * handle what arrived, each clock step fires the timers it set.
   */
  async function settle(page: Page, load: () => Promise<unknown>) {
    const answered = page.waitForResponse((response) => response.url().includes('popup.get'));
    await load();
    await answered;
    for (let step = 0; step < 3; step += 1) {
      await page.evaluate(() => undefined);
      await page.clock.runFor(1000);
    }
  }

  test('the popup shows once, never over the cookie banner or the cart', async ({
    browser,
    page,
    context,
    request,
    adminToken,
    uniqueName,
  }) => {
    const title = uniqueName('Iratkozz fel');
    await adminApi(request, adminToken, 'post', '/api/popup', popupInput(title));
    try {
      const popupReads: string[] = [];
      page.on('request', (sent) => {
        if (sent.url().includes('popup.get')) popupReads.push(sent.url());
      });
      await page.clock.install();
      await page.goto('/');
      const banner = page.getByRole('button', { name: 'Összes elutasítása' });
      await expect(banner).toBeVisible({ timeout: 30_000 });
      await page.clock.runFor(3000);
      // While the cookie banner waits for an answer, the popup is not even fetched.
      expect(popupReads).toEqual([]);
      await expect(page.getByRole('dialog', { name: title })).toHaveCount(0);

      // Once the cookie banner has its answer, the popup opens: modal, focus inside, Esc closes it.
      await settle(page, () => banner.click());
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Fiókkal gyorsabb a vásárlás.')).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Részletek' })).toHaveAttribute(
        'href',
        '/services/registration',
      );
      // The dialog sets up its Escape and outside-click listeners in an animation frame, which the
      // installed clock only runs when moved on; on a loaded machine that frame comes after settle().
      await page.clock.runFor(1000);
      await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      // Once per visitor: not again on a reload, nor in another tab of the same browser.
      await settle(page, () => page.reload());
      await expect(page.getByRole('dialog', { name: title })).toHaveCount(0);
      const other = waitForAppAfterNavigation(await context.newPage());
      await other.clock.install();
      await settle(other, () => other.goto('/category/konyha'));
      await expect(other.getByRole('dialog', { name: title })).toHaveCount(0);
      await other.close();

      // Changed to once per session: the changed popup shows once in this tab, and again in a new tab.
      const sessionTitle = uniqueName('Munkamenetenként');
      await adminApi(request, adminToken, 'post', '/api/popup', popupInput(sessionTitle, 'once_per_session'));
      await settle(page, () => page.reload());
      await expect(page.getByRole('dialog', { name: sessionTitle })).toBeVisible();
      await page
        .getByRole('dialog', { name: sessionTitle })
        .getByRole('button', { name: 'Bezárás', exact: true })
        .click();
      await settle(page, () => page.reload());
      await expect(page.getByRole('dialog', { name: sessionTitle })).toHaveCount(0);

      // Never on the buying pages, even for a visitor who has not seen it.
      const fresh = await browser.newContext({ baseURL: new URL(page.url()).origin });
      await decideCookieConsent(fresh);
      const buyer = waitForAppAfterNavigation(await fresh.newPage());
      await buyer.clock.install();
      await settle(buyer, () => buyer.goto('/cart'));
      await expect(buyer.getByRole('dialog', { name: sessionTitle })).toHaveCount(0);
      await fresh.close();
    } finally {
      await adminApi(request, adminToken, 'post', '/api/popup', { ...popupInput(title), enabled: false });
    }
  });
});
