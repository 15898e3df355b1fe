import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueFixture, seedCatalogue } from './catalogue-fixtures';
import {
  api,
  createUser,
  FAKE_INDEX_HTML,
  signIn,
  startTestServer,
  TEST_PUBLIC_URL,
  type TestServer,
} from './test-server';

let server: TestServer;
let fixture: CatalogueFixture;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  fixture = await seedCatalogue(server.database.prisma);
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
});
afterAll(() => server?.close());

type Page = { status: number; html: string; head: string };

/** The page as a crawler that runs no JavaScript gets it. */
async function crawl(path: string): Promise<Page> {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
  expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
  const html = await response.text();
  return { status: response.status, html, head: html.slice(0, html.indexOf('</head>')) };
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function titleOf(page: Page): string {
  const matches = [...page.head.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(matches).toHaveLength(1);
  return decode(matches[0]?.[1] ?? '');
}

function metaOf(page: Page, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(page.head);
  return match ? decode(match[1] ?? '') : undefined;
}

function canonicalOf(page: Page): string | undefined {
  return /<link rel="canonical" href="([^"]*)">/.exec(page.head)?.[1];
}

type JsonLdItem = Record<string, unknown> & { '@type': string };

function jsonLdOf(page: Page): JsonLdItem[] {
  return [...page.head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as JsonLdItem,
  );
}

function expectWebApp(page: Page) {
  expect(page.html).toContain('<div id="root"></div>');
  expect(page.html.startsWith('<!doctype html><html lang="hu">')).toBe(true);
}

describe('product pages', () => {
  it('writes title, description, canonical URL, Open Graph and Product JSON-LD into the HTML', async () => {
    const page = await crawl(`/${fixture.mug.pretty}`);
    expect(page.status).toBe(200);
    expectWebApp(page);
    const name = 'Kék bögre </script><script>alert("x")</script> & társai';
    expect(titleOf(page)).toBe(`${name} | Webáruház teszt`);
    expect(metaOf(page, 'description')).toBe('Porcelán bögre, 3 dl & mosogatógépben mosható.');
    const url = `${TEST_PUBLIC_URL}/${fixture.mug.pretty}`;
    expect(canonicalOf(page)).toBe(url);
    expect(metaOf(page, 'og:title')).toBe(name);
    expect(metaOf(page, 'og:url')).toBe(url);
    expect(metaOf(page, 'og:type')).toBe('product');
    expect(metaOf(page, 'og:locale')).toBe('hu_HU');
    expect(metaOf(page, 'og:image')).toBe(`${TEST_PUBLIC_URL}/media/${fixture.svgMediaId}/full`);

    const [product, breadcrumbs] = jsonLdOf(page);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      sku: 'KB-001',
      image: [`${TEST_PUBLIC_URL}/media/${fixture.svgMediaId}/full`],
      url,
      offers: {
        '@type': 'Offer',
        price: 1290,
        priceCurrency: 'HUF',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Konyha', item: `${TEST_PUBLIC_URL}/category/konyha` },
        { position: 2, name: 'Bögrék', item: `${TEST_PUBLIC_URL}/category/konyha/bogrek` },
        { position: 3, name, item: url },
      ],
    });
  });

  it('escapes a hostile product name everywhere: no element can be closed or opened by it', async () => {
    const page = await crawl(`/${fixture.mug.pretty}`);
    expect(page.head).not.toContain('<script>alert');
    expect(page.head).not.toMatch(/<\/script><script>/);
    expect(page.head).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert');
    expect(page.head.match(/<script\b/g)).toHaveLength(2);
  });

  it('gives /product/{slug} and an outdated name part the same canonical URL', async () => {
    const url = `${TEST_PUBLIC_URL}/${fixture.mug.pretty}`;
    for (const path of [`/product/${fixture.mug.pretty}`, `/regi-nev-${fixture.mug.id}`]) {
      const page = await crawl(path);
      expect(page.status, path).toBe(200);
      expect(canonicalOf(page), path).toBe(url);
    }
  });

  it('marks a product without stock OutOfStock and describes it from its price when it has no text', async () => {
    const page = await crawl(`/${fixture.soldOut.pretty}`);
    expect(page.status).toBe(200);
    expect(metaOf(page, 'description')).toBe('Piros bögre: 1\u00a0490\u00a0Ft, jelenleg nincs raktáron.');
    expect(metaOf(page, 'og:image')).toBeUndefined();
    expect(jsonLdOf(page)[0]).toMatchObject({
      offers: { price: 1490, availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('answers 404 with the web app (which shows its Page not found) for a disabled or unknown product', async () => {
    for (const path of [`/${fixture.disabled.pretty}`, '/nincs-ilyen-999999', '/product/nincs-szam']) {
      const page = await crawl(path);
      expect(page.status, path).toBe(404);
      expectWebApp(page);
      expect(titleOf(page), path).toBe('Az oldal nem található | Webáruház teszt');
      expect(metaOf(page, 'robots'), path).toBe('noindex');
      expect(canonicalOf(page), path).toBeUndefined();
      expect(jsonLdOf(page), path).toEqual([]);
    }
  });

  it('answers 404 as soon as an admin disables a product, and 200 again once enabled', async () => {
    const path = `/${fixture.soldOut.pretty}`;
    expect((await crawl(path)).status).toBe(200);
    const disabled = await api(server, 'GET', `/api/product/disable/${fixture.soldOut.id}`, {
      token: adminToken,
    });
    expect(disabled.status).toBe(200);
    expect((await crawl(path)).status).toBe(404);
    const enabled = await api(server, 'GET', `/api/product/enable/${fixture.soldOut.id}`, {
      token: adminToken,
    });
    expect(enabled.status).toBe(200);
    expect((await crawl(path)).status).toBe(200);
  });
});

describe('a product sold in variants', () => {
  let shirt: { id: number; slug: string; variants: { id: number; title: string }[] };

  beforeAll(async () => {
    const created = await api<{ id: number; slug: string }>(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: {
        kutiId: 'SEO-POLO',
        price: 5990,
        stock: 0,
        imageIds: [fixture.svgMediaId, fixture.photoMediaId],
        categoryIds: [fixture.mugs.id],
        descriptions: [{ language: 'hu', title: 'Póló' }],
      },
    });
    expect(created.status).toBe(200);
    const saved = await api<typeof shirt>(server, 'PUT', `/api/product/${created.body.id}/variants`, {
      token: adminToken,
      body: {
        options: [
          {
            title: 'Szín',
            values: [
              { title: 'kék', swatch: '#1f5fa8' },
              { title: 'piros', swatch: '#c2362e' },
            ],
          },
          { title: 'Méret', values: [{ title: 'M' }, { title: 'XL' }] },
        ],
        variants: [
          {
            values: ['kék', 'M'],
            kutiId: 'SEO-POLO-KEK-M',
            ean: '5990000000017',
            stock: 3,
            mediaId: fixture.svgMediaId,
          },
          {
            values: ['kék', 'XL'],
            kutiId: 'SEO-POLO-KEK-XL',
            stock: 0,
            grossPrice: 6490,
            mediaId: fixture.svgMediaId,
          },
          { values: ['piros', 'M'], kutiId: 'SEO-POLO-PIR-M', stock: 2, mediaId: fixture.photoMediaId },
        ],
      },
    });
    expect(saved.status).toBe(200);
    shirt = saved.body;
  });
  // The sitemap tests below count the fixture's products.
  afterAll(() => api(server, 'GET', `/api/product/disable/${shirt.id}`, { token: adminToken }));

  const variantNamed = (title: string) => {
    const variant = shirt.variants.find((entry) => entry.title === title);
    if (!variant) throw new Error(`no variant ${title}`);
    return variant;
  };

  it('is a ProductGroup with productGroupID, variesBy and a Product per variant with sku, gtin and its own offer', async () => {
    const page = await crawl(`/${shirt.slug}`);
    expect(page.status).toBe(200);
    const url = `${TEST_PUBLIC_URL}/${shirt.slug}`;
    expect(canonicalOf(page)).toBe(url);
    const [group] = jsonLdOf(page);
    const kekM = variantNamed('kék, M');
    const kekXl = variantNamed('kék, XL');
    const pirosM = variantNamed('piros, M');
    expect(group).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Póló',
      url,
      productGroupID: 'SEO-POLO',
      variesBy: ['https://schema.org/color', 'https://schema.org/size'],
      hasVariant: [
        {
          '@type': 'Product',
          name: 'Póló, kék, M',
          sku: 'SEO-POLO-KEK-M',
          gtin: '5990000000017',
          color: 'kék',
          size: 'M',
          image: [`${TEST_PUBLIC_URL}/media/${fixture.svgMediaId}/full`],
          offers: {
            '@type': 'Offer',
            url: `${url}?variant=${kekM.id}`,
            price: 5990,
            priceCurrency: 'HUF',
            availability: 'https://schema.org/InStock',
          },
        },
        {
          sku: 'SEO-POLO-KEK-XL',
          offers: {
            price: 6490,
            availability: 'https://schema.org/OutOfStock',
            url: `${url}?variant=${kekXl.id}`,
          },
        },
        {
          sku: 'SEO-POLO-PIR-M',
          image: [`${TEST_PUBLIC_URL}/media/${fixture.photoMediaId}/full`],
        },
      ],
    });
    const offered = group?.hasVariant as Record<string, unknown>[] | undefined;
    expect(offered).toHaveLength(3);
    expect(offered?.[1]).not.toHaveProperty('gtin');
    expect(offered?.[2]).toMatchObject({ offers: { url: `${url}?variant=${pirosM.id}` } });
  });

  it("gives ?variant= that variant's canonical address, picture and price, and ignores a variant of no such product", async () => {
    const url = `${TEST_PUBLIC_URL}/${shirt.slug}`;
    const piros = variantNamed('piros, M');
    const page = await crawl(`/${shirt.slug}?variant=${piros.id}`);
    expect(page.status).toBe(200);
    expect(canonicalOf(page)).toBe(`${url}?variant=${piros.id}`);
    expect(metaOf(page, 'og:image')).toBe(`${TEST_PUBLIC_URL}/media/${fixture.photoMediaId}/full`);
    expect(metaOf(page, 'description')).toBe('Póló, piros, M: 5\u00a0990\u00a0Ft, raktáron.');
    const xl = await crawl(`/${shirt.slug}?variant=${variantNamed('kék, XL').id}`);
    expect(metaOf(xl, 'description')).toBe('Póló, kék, XL: 6\u00a0490\u00a0Ft, jelenleg nincs raktáron.');

    for (const query of ['?variant=999999', '?variant=abc', `?variant=${piros.id}x`]) {
      const other = await crawl(`/${shirt.slug}${query}`);
      expect(canonicalOf(other), query).toBe(url);
      expect(metaOf(other, 'og:image'), query).toBe(`${TEST_PUBLIC_URL}/media/${fixture.svgMediaId}/full`);
    }
  });
});

describe('category pages', () => {
  it('writes the head and a BreadcrumbList for /category/{path} and the catch-all /{path}', async () => {
    const url = `${TEST_PUBLIC_URL}/category/konyha/bogrek`;
    for (const path of ['/category/konyha/bogrek', '/konyha/bogrek', '/bogrek', '/category/Konyha/Bogrek/']) {
      const page = await crawl(path);
      expect(page.status, path).toBe(200);
      expectWebApp(page);
      expect(titleOf(page), path).toBe('Bögrék | Webáruház teszt');
      expect(metaOf(page, 'description'), path).toBe('Porcelán és kerámia bögrék minden napra.');
      expect(canonicalOf(page), path).toBe(url);
      expect(metaOf(page, 'og:type'), path).toBe('website');
      expect(jsonLdOf(page), path).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: 'Konyha', item: `${TEST_PUBLIC_URL}/category/konyha` },
            { '@type': 'ListItem', position: 2, name: 'Bögrék', item: url },
          ],
        },
      ]);
    }
  });

  it('describes a category from its text when it has no meta description', async () => {
    const page = await crawl('/category/konyha');
    expect(metaOf(page, 'description')).toBe('Minden, ami a főzéshez kell.');
  });

  it('answers 404 for a disabled or unknown category', async () => {
    for (const path of ['/category/rejtett', '/rejtett', '/category/nincs-ilyen', '/nincs/ilyen/kategoria']) {
      const page = await crawl(path);
      expect(page.status, path).toBe(404);
      expect(metaOf(page, 'robots'), path).toBe('noindex');
    }
  });
});

describe('static pages and home', () => {
  it('writes the head of a published page at /page/{slug} and /info/{slug}', async () => {
    for (const path of ['/page/szallitasi-informaciok', '/info/szallitasi-informaciok']) {
      const page = await crawl(path);
      expect(page.status, path).toBe(200);
      expect(titleOf(page), path).toBe('Szállítási információk | Webáruház teszt');
      expect(metaOf(page, 'description'), path).toBe('Szállítási módok, díjak és határidők.');
      expect(canonicalOf(page), path).toBe(`${TEST_PUBLIC_URL}/page/szallitasi-informaciok`);
    }
  });

  it('answers 404 for an unpublished or unknown page', async () => {
    for (const path of ['/page/vazlat', '/page/nincs-ilyen', '/info/vazlat']) {
      expect((await crawl(path)).status, path).toBe(404);
    }
  });

  it('writes Organization and WebSite JSON-LD on the home page', async () => {
    const page = await crawl('/');
    expect(page.status).toBe(200);
    expectWebApp(page);
    expect(titleOf(page)).toBe('Webáruház teszt');
    expect(canonicalOf(page)).toBe(`${TEST_PUBLIC_URL}/`);
    const types = jsonLdOf(page).map((item) => item['@type']);
    expect(types).toEqual(['Organization', 'WebSite']);
    expect(jsonLdOf(page)[1]).toMatchObject({
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${TEST_PUBLIC_URL}/search/{search_term_string}` },
      },
    });
  });

  it('leaves the web app untouched on its own screens (cart, account, admin, search)', async () => {
    for (const path of [
      '/cart',
      '/services/account',
      '/admin/catalog/products',
      '/search/bogre',
      '/product',
    ]) {
      const page = await crawl(path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).toBe(FAKE_INDEX_HTML);
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('keeps /admin and the API out and points to the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
  });

  async function sitemap(path = '/sitemap.xml', target = server) {
    const response = await fetch(`${target.url}${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-type'), path).toBe('application/xml; charset=utf-8');
    return response.text();
  }
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

  it('lists home, visible categories, published pages and enabled products with their lastmod', async () => {
    const xml = await sitemap();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/,
    );
    expect(locs(xml).sort()).toEqual(
      [
        `${TEST_PUBLIC_URL}/`,
        `${TEST_PUBLIC_URL}/category/konyha`,
        `${TEST_PUBLIC_URL}/category/konyha/bogrek`,
        `${TEST_PUBLIC_URL}/page/szallitasi-informaciok`,
        `${TEST_PUBLIC_URL}/${fixture.mug.pretty}`,
        `${TEST_PUBLIC_URL}/${fixture.soldOut.pretty}`,
        `${TEST_PUBLIC_URL}/${fixture.inHidden.pretty}`,
      ].sort(),
    );
    const lastmods = [...xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map((match) => match[1]);
    expect(lastmods).toHaveLength(7);
    for (const lastmod of lastmods) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lastmods).toContain(new Date().toISOString().slice(0, 10));
  });

  it('drops a product from the sitemap once an admin disables it', async () => {
    const url = `${TEST_PUBLIC_URL}/${fixture.mug.pretty}`;
    expect(locs(await sitemap())).toContain(url);
    await api(server, 'GET', `/api/product/disable/${fixture.mug.id}`, { token: adminToken });
    expect(locs(await sitemap())).not.toContain(url);
    await api(server, 'GET', `/api/product/enable/${fixture.mug.id}`, { token: adminToken });
    expect(locs(await sitemap())).toContain(url);
  });

  it('drops a page from the sitemap once an admin deletes it', async () => {
    const created = await api<{ id: number; slug: string }>(server, 'POST', '/api/page', {
      token: adminToken,
      body: { slug: 'nyari-akcio', descriptions: [{ language: 'hu', title: 'Nyári akció' }] },
    });
    expect(created.status).toBe(200);
    const url = `${TEST_PUBLIC_URL}/page/nyari-akcio`;
    expect(locs(await sitemap())).toContain(url);
    const deleted = await api(server, 'DELETE', `/api/page/${created.body.id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(locs(await sitemap())).not.toContain(url);
  });

  it('becomes a sitemap index of files of at most the chunk size when the shop outgrows one file', async () => {
    const { buildServer } = await import('../src/server');
    const { pino } = await import('pino');
    const app = await buildServer({
      database: server.database,
      config: { webDist: server.webDist, publicUrl: TEST_PUBLIC_URL, trustProxy: false, barion: null },
      logger: pino({ level: 'silent' }),
      sitemapChunkSize: 2,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const small = {
        ...server,
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      };
      const index = await sitemap('/sitemap.xml', small);
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(locs(index)).toEqual([
        `${TEST_PUBLIC_URL}/sitemap-main.xml`,
        `${TEST_PUBLIC_URL}/sitemap-products-1.xml`,
        `${TEST_PUBLIC_URL}/sitemap-products-2.xml`,
      ]);
      const products = [
        ...locs(await sitemap('/sitemap-products-1.xml', small)),
        ...locs(await sitemap('/sitemap-products-2.xml', small)),
      ];
      expect(products).toEqual(
        [fixture.mug, fixture.soldOut, fixture.inHidden].map((item) => `${TEST_PUBLIC_URL}/${item.pretty}`),
      );
      expect(locs(await sitemap('/sitemap-main.xml', small))).toHaveLength(2);
      expect((await fetch(`${small.url}/sitemap-products-3.xml`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
