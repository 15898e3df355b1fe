import type { Page } from '@playwright/test';
import { demoProduct } from '../demo-variants';
import { expect, test } from '../fixtures';
import { createProduct } from '../seed-products';
import { openAtOnce, slowCpu } from '../slow-cpu';

/**
 * Zoom and reflow (WCAG 2.1 1.4.10): at 320 CSS px wide, and at 640×400 CSS px, which is a 1280 px
 * screen at 200 % zoom, every shop page reads in one direction: the page never scrolls sideways and
 * no heading, text, link, button or field sticks out of the window or is cut off inside its box. A
 * strip that is meant to scroll sideways (a row of thumbnails) may hold more than the window shows.
 * The pages run on a CPU four times slower than the test machine's and are used the moment they show.
 */

const VIEWPORTS = [
  { name: '320 px széles', width: 320, height: 640 },
  { name: '200 %-os nagyítás 1280 px-en', width: 640, height: 400 },
] as const;

/** What breaks reflow on the page as it is now, one line each, in words a developer can act on. */
async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(
        `az oldal vízszintesen görgethető: ${root.scrollWidth} px széles ${root.clientWidth} px helyen`,
      );
    const width = root.clientWidth;
    const name = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      const label = element.getAttribute('aria-label') ?? element.getAttribute('alt') ?? '';
      return `<${element.tagName.toLowerCase()}> „${label || text}”`;
    };
    /** A strip made to scroll sideways (thumbnails, a wide table in its own box) may hold more. */
    const inSidewaysScroller = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth) return true;
      }
      return false;
    };
    const seen = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Visually hidden text (1 px, clipped) is for screen readers; a hidden element is not shown.
      return style.visibility !== 'hidden' && box.width > 1 && box.height > 1;
    };
    const selector = 'h1, h2, h3, h4, p, a, button, input, select, textarea, label, img, li, dt, dd, th, td';
    for (const element of document.querySelectorAll(selector)) {
      if (!seen(element) || element.closest('[aria-hidden="true"]') || inSidewaysScroller(element)) continue;
      const box = element.getBoundingClientRect();
      // Wholly outside the window is a place to wait (a skip link before it is focused), not a cut.
      if (box.right <= 0 || box.left >= width) continue;
      if (box.left < -1 || box.right > width + 1)
        problems.push(
          `${name(element)} kilóg az ablakból: ${Math.round(box.left)}–${Math.round(box.right)} px`,
        );
      const style = getComputedStyle(element);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      // An ellipsis or a line clamp shortens on purpose (the whole text is in the title or a page away).
      const shortened = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
      if (clips && !shortened && element.scrollWidth > element.clientWidth + 1 && element.textContent?.trim())
        problems.push(
          `${name(element)} szövege le van vágva: ${element.scrollWidth} px ${element.clientWidth} px helyen`,
        );
    }
    return problems;
  });
}

/** Checks the page at both sizes; every size's problems fail the test softly, so one run names them all. */
async function checkReflow(page: Page, screen: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expect(page.getByRole('main')).toBeVisible();
    // Laid out again at the new size before measuring.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
    expect.soft(await reflowProblems(page), `${screen}, ${viewport.name}`).toEqual([]);
  }
}

test.beforeEach(async ({ page }) => {
  await slowCpu(page);
});

test('the home page and a category reflow at 320 px and at 200 % zoom', async ({ page, categoryTree }) => {
  const category = categoryTree.find((node) => node.children.length > 0);
  if (!category) throw new Error('A demóadatokban nincs alkategóriás kategória.');

  await openAtOnce(page, '/');
  await checkReflow(page, 'főoldal');

  await openAtOnce(page, `/category/${category.urlPath}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkReflow(page, 'kategória');
});

test('a product page and a content page reflow at 320 px and at 200 % zoom', async ({ page, request }) => {
  const shirt = await demoProduct(request, 'KT-POLO');

  await openAtOnce(page, `/${shirt.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: shirt.title })).toBeVisible();
  await checkReflow(page, 'termék');

  await openAtOnce(page, '/page/altalanos-szerzodesi-feltetelek');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkReflow(page, 'tartalmi oldal (ÁSZF)');
});

test('a blog post and the sign-in page reflow at 320 px and at 200 % zoom', async ({ page }) => {
  await openAtOnce(page, '/blog/hogyan-valasszunk-bogret');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkReflow(page, 'blogbejegyzés');

  await openAtOnce(page, '/services/account');
  await expect(page.getByRole('button', { name: 'Bejelentkezés' })).toBeVisible();
  await checkReflow(page, 'bejelentkezés');
});

test('the cart with a product and the checkout reflow at 320 px and at 200 % zoom', async ({
  page,
  request,
  adminToken,
  uniqueName,
}) => {
  const mug = await createProduct(request, adminToken, {
    title: uniqueName('Hosszú nevű, kézzel festett porcelán reggelizőbögre'),
    price: 12990,
  });
  await openAtOnce(page, `/${mug.slug}`);
  await page.getByRole('button', { name: `Kosárba: ${mug.title}` }).click();
  await expect(page.getByText(`Kosárba tettük: ${mug.title}`)).toBeVisible();

  await openAtOnce(page, '/cart');
  await expect(page.getByRole('link', { name: mug.title })).toBeVisible();
  await checkReflow(page, 'kosár egy termékkel');

  await openAtOnce(page, '/order/services/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkReflow(page, 'pénztár: belépés vagy vendégként');

  await openAtOnce(page, '/order/checkout');
  await expect(page.getByRole('button', { name: 'Megrendelés fizetési kötelezettséggel' })).toBeVisible();
  await checkReflow(page, 'pénztár: adatok');
});
