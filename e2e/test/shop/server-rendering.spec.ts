import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { registerCustomer } from '../customer';
import { expect, test, waitForApp } from '../fixtures';
import { ft } from '../money';

type Card = { id: number; slug: string; title: string; price: number };
type Product = Card & { descriptions: { language: string; body: string | null }[] };
type CategoryNode = { id: number; title: string; urlPath: string; children: CategoryNode[] };
type BlogPost = { slug: string; title: string; excerpt: string | null };
type StaticPage = { slug: string; title: string; published: boolean };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };

/** What a reader without JavaScript sees of a page: its text, without markup, scripts and styles. */
function visibleText(html: string): string {
  return (
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_match, name: string) => ENTITIES[name] ?? '')
      // Only ordinary white space: the shop writes prices with no-break spaces ("1 490 Ft").
      .replace(/[ \t\r\n]+/g, ' ')
  );
}

/** Text with its no-break spaces as plain ones: product cards keep sizes ("3 dl") on one line. */
const loose = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** The page as a crawler gets it: no JavaScript runs. */
async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  const html = await response.text();
  return { status: response.status(), html, text: visibleText(html) };
}

async function json<T>(request: APIRequestContext, path: string, body?: object): Promise<T> {
  const response = body ? await request.post(path, { data: body }) : await request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** A leaf category with products, a product of it with a description, a blog post and a static page. */
async function shopContent(request: APIRequestContext) {
  const { items: tree } = await json<{ items: CategoryNode[] }>(request, '/api/category');
  const category = tree[0]?.children[0];
  if (!category) throw new Error('A demóadatokban nincs alkategória.');
  const listing = await json<{ items: Card[] }>(request, '/api/product/filters', {
    category: category.urlPath,
    pageSize: 48,
  });
  let product: Product | undefined;
  for (const card of listing.items) {
    const candidate = await json<Product>(request, `/api/product/${card.id}`);
    if (candidate.descriptions.some((description) => description.body)) {
      product = candidate;
      break;
    }
  }
  if (!product) throw new Error('A kategóriában nincs leírással ellátott termék.');
  const post = (await json<{ items: BlogPost[] }>(request, '/api/blogpost')).items[0];
  const page = (await json<{ items: StaticPage[] }>(request, '/api/page')).items.find(
    (item) => item.published,
  );
  if (!post || !page) throw new Error('A demóadatokban nincs blogbejegyzés vagy statikus oldal.');
  return { category, listing: listing.items, product, post, page };
}

test.describe('server-rendered pages, read without JavaScript', () => {
  test('each public page type arrives with its content and a 200', async ({ request }) => {
    const { category, listing, product, post, page } = await shopContent(request);
    const description = visibleText(product.descriptions.find((item) => item.body)?.body ?? '').trim();

    const home = await fetchPage(request, '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Kiemelt termékek');

    // Both URL forms of a category: its title and its products.
    for (const path of [`/category/${category.urlPath}`, `/${category.urlPath}`]) {
      const listingPage = await fetchPage(request, path);
      expect(listingPage.status, path).toBe(200);
      expect(listingPage.html).toMatch(new RegExp(`<h1[^>]*>${category.title}</h1>`));
      for (const card of listing.slice(0, 3)) expect(loose(listingPage.text), path).toContain(card.title);
    }

    // Both URL forms of a product: name, price, description, the breadcrumb to its category and the
    // related products' cards (links a crawler follows).
    const related = (await json<{ items: Card[] }>(request, `/api/product/${product.id}/related`)).items;
    expect(related.length).toBeGreaterThan(0);
    for (const path of [`/${product.slug}`, `/product/${product.slug}`]) {
      const productPage = await fetchPage(request, path);
      expect(productPage.status, path).toBe(200);
      expect(productPage.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(loose(productPage.text)).toContain(product.title);
      expect(productPage.text).toContain(ft(product.price));
      expect(loose(productPage.text)).toContain(loose(description).slice(0, 60));
      expect(productPage.html).toContain(`href="/${category.urlPath}"`);
      expect(productPage.text).toContain('Hasonló termékek');
      expect(productPage.html).toContain(`href="/${related[0]?.slug}"`);
    }

    const search = await fetchPage(
      request,
      `/search/${encodeURIComponent(product.title.split(' ')[0] ?? '')}`,
    );
    expect(search.status).toBe(200);
    expect(loose(search.text)).toContain(product.title.split(',')[0] ?? product.title);

    const featured = await fetchPage(request, '/featured');
    expect(featured.status).toBe(200);
    expect(featured.text).toContain('Kiemelt termékek');

    const blog = await fetchPage(request, '/blog');
    expect(blog.status).toBe(200);
    expect(loose(blog.text)).toContain(post.title);

    const postPage = await fetchPage(request, `/blog/${post.slug}`);
    expect(postPage.status).toBe(200);
    expect(postPage.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(loose(postPage.text)).toContain(post.title);
    expect(postPage.html).toContain('<p>');

    for (const path of [`/page/${page.slug}`, `/info/${page.slug}`]) {
      const staticPage = await fetchPage(request, path);
      expect(staticPage.status, path).toBe(200);
      expect(loose(staticPage.text)).toContain(page.title);
    }

    // The data the page was rendered with comes along for hydration, as data the browser never runs.
    expect(home.html).toMatch(/<script type="application\/json" id="shop-state">\{"queries":/);
    // The one script that runs where it stands is the first one, which keeps a tap made before the app
    // wakes; the Content-Security-Policy lets exactly it run, by its hash, and no other inline code.
    const inline = [...home.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline).toHaveLength(1);
    const csp = (await request.get('/', { headers: { accept: 'text/html' } })).headers()[
      'content-security-policy'
    ];
    const scriptSrc = csp?.split(';').find((directive) => directive.trim().startsWith('script-src'));
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    expect(scriptSrc?.trim().split(/\s+/).sort()).toEqual(
      ["'self'", `'sha256-${hash}'`, 'script-src'].sort(),
    );
  });

  test('a missing page is a 404 with the shop’s "Page not found"', async ({ request }) => {
    for (const path of [
      '/nincs-ilyen-kategoria-xyz',
      '/category/nincs/ilyen',
      '/nincs-ilyen-termek-999999',
      '/product/nincs-ilyen-termek-999999',
      '/page/nincs-ilyen-oldal',
    ]) {
      const missing = await fetchPage(request, path);
      expect(missing.status, path).toBe(404);
      expect(missing.text, path).toContain('Page not found');
    }
    // A missing post says it in the spec's own words.
    const post = await fetchPage(request, '/blog/nincs-ilyen-bejegyzes');
    expect(post.status).toBe(404);
    expect(post.text).toContain('A keresett tartalom nem található.');
  });

  test('a disabled product is a 404 that still offers its category', async ({
    request,
    adminToken,
    uniqueName,
  }) => {
    const { category } = await shopContent(request);
    const title = uniqueName('Kifutott bögre');
    const created = await request.post('/api/product/update', {
      headers: { token: adminToken },
      data: {
        kutiId: `E2E-${Date.now().toString(36)}`.toUpperCase(),
        price: 2990,
        stock: 4,
        enabled: false,
        categoryIds: [category.id],
        descriptions: [{ language: 'hu', title }],
      },
    });
    expect(created.ok()).toBe(true);
    const product = (await created.json()) as Card;
    try {
      const page = await fetchPage(request, `/${product.slug}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain('Page not found');
      expect(page.text).toContain('Ez a termék már nem kapható.');
      expect(page.html).toContain(`href="/category/${category.urlPath}"`);
      expect(page.text).not.toContain(title);
    } finally {
      await request.delete(`/api/product/${product.id}`, { headers: { token: adminToken } });
    }
  });
});

/** The loaders' own calls: after hydration the browser must not ask for them again. */
const LOADER_PROCEDURES = [
  'category.tree',
  'page.list',
  'category.bySlug',
  'product.filters',
  'product.bySlug',
  'product.featured',
  'product.popular',
  'product.related',
  'hero.list',
  'sliders.getActive',
  'blogpost.bySlug',
];

/** Opens a server-rendered page and reports what hydration did: errors, layout shift, API calls. */
async function openAndHydrate(page: Page, path: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) calls.push(url.pathname.slice('/trpc/'.length));
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    // A style element taken out of the page (even to be put back elsewhere) restyles the whole page.
    const removedStyles: string[] = [];
    (window as unknown as { __removedStyles: string[] }).__removedStyles = removedStyles;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node.nodeName === 'STYLE') removedStyles.push(node.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  const response = await page.goto(path);
  await waitForApp(page);
  await page.waitForTimeout(300);
  const layoutShift = await page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
  );
  const styles = await page.evaluate(() => {
    const fromServer = [...document.querySelectorAll('style[data-server-styles]')];
    const serverClasses = new Set(
      fromServer.flatMap((element) => (element.getAttribute('data-server-styles') ?? '').split(' ')),
    );
    // Rules the browser added for classes the server had styled already.
    const repeatedRules = [...document.styleSheets]
      .filter((sheet) => !fromServer.includes(sheet.ownerNode as Element))
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .filter((rule) =>
        [...rule.matchAll(/\.css-([\w-]+)/g)].some((match) => serverClasses.has(match[1] ?? '')),
      );
    return {
      server: fromServer.length,
      repeatedRules,
      removed: (window as unknown as { __removedStyles: string[] }).__removedStyles,
    };
  });
  return { status: response?.status(), problems, calls, layoutShift, styles };
}

test.describe('hydration of server-rendered pages', () => {
  test('home, category, product and blog post hydrate without errors, layout jumps, restyling or asking again', async ({
    page,
    request,
  }) => {
    const { category, product, post } = await shopContent(request);
    for (const path of ['/', `/category/${category.urlPath}`, `/${product.slug}`, `/blog/${post.slug}`]) {
      const result = await openAndHydrate(page, path);
      expect(result.status, path).toBe(200);
      expect(result.problems, path).toEqual([]);
      expect(result.layoutShift, path).toBeLessThan(0.05);
      // The browser keeps the server's styles where they are and adds none of them again.
      expect(result.styles.server, path).toBeGreaterThan(1);
      expect(result.styles.removed, path).toEqual([]);
      expect(result.styles.repeatedRules, path).toEqual([]);
      const repeated = result.calls.filter((call) => LOADER_PROCEDURES.some((name) => call.includes(name)));
      expect(repeated, path).toEqual([]);
    }
  });

  test('a server-rendered page’s start-up brings the cookie banner’s code, so waking up does not preload it again', async ({
    page,
    request,
  }) => {
    const { category, post } = await shopContent(request);
    for (const path of ['/', `/category/${category.urlPath}`, `/blog/${post.slug}`]) {
      await page.goto(path);
      await waitForApp(page);
      // The start-up script preloads the chunks it is told of a few at a time; a chunk the app itself
      // imports gets the bundler's <link>s, one per chunk it needs, all in one task.
      const links = await page.evaluate(() => {
        const boot = document.querySelector('script[data-app]');
        const announced = ['data-preload', 'data-route'].flatMap((name) =>
          (boot?.getAttribute(name) ?? '').split(' '),
        );
        const added = [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')]
          .map((link) => new URL(link.href).pathname)
          .filter((href) => !announced.includes(href));
        return { announced, added };
      });
      expect(
        links.announced.filter((href) => href.includes('/lazy-entry-')),
        path,
      ).toHaveLength(1);
      expect(
        links.added.filter((href) => href.includes('/lazy-entry-')),
        path,
      ).toEqual([]);
    }
  });

  test('a pretty URL brings the code of the screen it names, with the route’s, and not the other screen’s', async ({
    page,
    request,
  }) => {
    const { category, product } = await shopContent(request);
    const fetched: string[] = [];
    page.on('request', (each) => {
      if (each.resourceType() === 'script') fetched.push(new URL(each.url()).pathname);
    });
    // `/{slug}` ending in digits is a product, any other path a category: one route shows either.
    for (const [path, wanted, unwanted] of [
      [`/${product.slug}`, '/product-page-', '/category-page-'],
      [`/${category.urlPath}`, '/category-page-', '/product-page-'],
    ] as const) {
      fetched.length = 0;
      await page.goto(path);
      await waitForApp(page);
      const announced = await page.evaluate(() =>
        (document.querySelector('script[data-app]')?.getAttribute('data-route') ?? '').split(' '),
      );
      // Named to the start-up script, the screen's code arrives before hydration, not after the router's start.
      expect(
        announced.filter((href) => href.startsWith(`/assets${wanted}`)),
        path,
      ).toHaveLength(1);
      expect(
        fetched.filter((href) => href.startsWith(`/assets${unwanted}`)),
        path,
      ).toEqual([]);
    }
  });

  test('after a server-rendered first page the shop navigates in the browser', async ({ page, request }) => {
    const { category, product } = await shopContent(request);
    await page.goto(`/${product.slug}`);
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    // The breadcrumb's category link: a client-side navigation keeps the page (and its marker).
    await page
      .getByRole('navigation', { name: 'Morzsamenü' })
      .getByRole('link', { name: category.title })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${category.urlPath}$`));
    await expect(page.getByRole('heading', { level: 1, name: category.title })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  test('the cart and the account work when entered from a server-rendered page', async ({
    page,
    request,
  }) => {
    const { product } = await shopContent(request);
    const customer = await registerCustomer(request, { firstName: 'Szerveres' });

    await page.goto(`/${product.slug}`);
    await page.getByRole('button', { name: `Kosárba: ${product.title}` }).click();
    await expect(page.getByText(`Kosárba tettük: ${product.title}`)).toBeVisible();
    await page.getByRole('link', { name: 'Kosár, 1 termék' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('list', { name: 'A kosár tételei' })).toContainText(product.title);

    await page.goto('/');
    await page.getByRole('link', { name: 'Fiókom', exact: true }).first().click();
    await expect(page).toHaveURL('/services/account');
    await page.getByLabel('E-mail-cím').fill(customer.email);
    await page.getByRole('textbox', { name: 'Jelszó', exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Bejelentkezés' }).click();
    await expect(page.getByText('Szia, Szerveres!')).toBeVisible();
    // The guest cart's line asks whether to enter with it, as it asks every shopper; answered here, the
    // question cannot come up over the product page below and hide its heading.
    await page.getByRole('button', { name: 'Igen, ezzel a kosárral lépek be' }).click();
    await expect(page.getByText('A kosaraddal léptél be.')).toBeVisible();

    // Signed in, a server-rendered page is taken over with the shopper's own session.
    await page.goto(`/${product.slug}`);
    await expect(page.getByRole('link', { name: new RegExp(`^Fiókom: ${customer.lastName}`) })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  });
});
