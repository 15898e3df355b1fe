import type { TBlogPost, TBlogPostListOutput } from '@shop/api/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, TEST_PUBLIC_URL, type TestServer } from './test-server';

type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };

const NOT_FOUND = 'A keresett tartalom nem található.';
const DAY = 24 * 60 * 60 * 1000;

let server: TestServer;
let adminToken: string;
let customerToken: string;
let post: TBlogPost;
let scheduled: TBlogPost;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(() => server?.close());

describe('/api/blogpost over REST', () => {
  it('lets an admin create a post with POST /api/blogpost; strangers get 401, shoppers 403', async () => {
    const body = {
      author: 'Kovács Eszter',
      descriptions: [
        {
          language: 'hu',
          title: 'Bögre & tea: <téli> tippek',
          body: '<h2>Forrázás</h2><p>Három perc.</p><img src="/media/1/full" alt="Tea" onerror="x()">',
        },
      ],
    };
    expect((await api<ErrorBody>(server, 'POST', '/api/blogpost', { body })).status).toBe(401);
    expect((await api(server, 'POST', '/api/blogpost', { body, token: customerToken })).status).toBe(403);
    const created = await api<TBlogPost>(server, 'POST', '/api/blogpost', { body, token: adminToken });
    expect(created.status).toBe(200);
    post = created.body;
    expect(post).toMatchObject({
      slug: 'bogre-tea-teli-tippek',
      status: 'published',
      author: 'Kovács Eszter',
    });
    expect(post.body).not.toContain('onerror');

    const future = await api<TBlogPost>(server, 'POST', '/api/blogpost', {
      token: adminToken,
      body: {
        publishedAt: new Date(Date.now() + 3 * DAY).toISOString(),
        descriptions: [{ title: 'Tavaszi újdonságok' }],
      },
    });
    expect(future.body).toMatchObject({ status: 'scheduled', slug: 'tavaszi-ujdonsagok' });
    scheduled = future.body;
  });

  it('answers bad input with 400 and Hungarian messages, never 500', async () => {
    const noTitle = await api<ErrorBody>(server, 'POST', '/api/blogpost', {
      token: adminToken,
      body: { descriptions: [] },
    });
    expect(noTitle).toMatchObject({ status: 400, body: { message: expect.stringContaining('leírást') } });
    const badSlug = await api<ErrorBody>(server, 'POST', '/api/blogpost', {
      token: adminToken,
      body: { slug: 'Ékezetes Cím', descriptions: [{ title: 'x' }] },
    });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.message).toMatch(/ékezet nélküli/);
    const badPage = await api<ErrorBody>(server, 'GET', '/api/blogpost?page=0');
    expect(badPage).toMatchObject({ status: 400, body: { message: expect.stringContaining('legalább 1') } });
    const empty = await fetch(`${server.url}/api/blogpost/getBySlug`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(empty.status).toBe(400);
  });

  it('lists with GET /api/blogpost: shoppers see what has appeared, an admin every post', async () => {
    const shopper = await api<TBlogPostListOutput>(server, 'GET', '/api/blogpost');
    expect(shopper.status).toBe(200);
    expect(shopper.body.items.map((item) => item.slug)).toEqual([post.slug]);
    expect(shopper.body).toMatchObject({ total: 1, page: 1, pageSize: 12 });
    const admin = await api<TBlogPostListOutput>(server, 'GET', '/api/blogpost?status=scheduled&pageSize=5', {
      token: adminToken,
    });
    expect(admin.body.items.map((item) => item.slug)).toEqual([scheduled.slug]);
    expect(admin.body.pageSize).toBe(5);
  });

  it("reads with POST /api/blogpost/getBySlug and GET /api/blogpost/{id}; 404 says 'A keresett tartalom nem található.'", async () => {
    const bySlug = await api<TBlogPost>(server, 'POST', '/api/blogpost/getBySlug', {
      body: { slug: post.slug },
    });
    expect(bySlug).toMatchObject({ status: 200, body: { id: post.id, title: 'Bögre & tea: <téli> tippek' } });
    const byId = await api<TBlogPost>(server, 'GET', `/api/blogpost/${post.id}`);
    expect(byId.body.slug).toBe(post.slug);
    for (const [method, path, body] of [
      ['POST', '/api/blogpost/getBySlug', { slug: 'nincs-ilyen' }],
      ['POST', '/api/blogpost/getBySlug', { slug: scheduled.slug }],
      ['GET', `/api/blogpost/${scheduled.id}`, undefined],
      ['GET', '/api/blogpost/999999', undefined],
    ] as const) {
      const missing = await api<ErrorBody>(server, method, path, { body });
      expect(missing, path).toMatchObject({ status: 404, body: { message: NOT_FOUND } });
    }
    const asAdmin = await api<TBlogPost>(server, 'GET', `/api/blogpost/${scheduled.id}`, {
      token: adminToken,
    });
    expect(asAdmin.body.status).toBe('scheduled');
  });

  it('updates with PUT /api/blogpost and deletes with DELETE /api/blogpost/{id}', async () => {
    const moved = await api<TBlogPost>(server, 'PUT', '/api/blogpost', {
      token: adminToken,
      body: { id: scheduled.id, publishedAt: new Date(Date.now() - DAY).toISOString() },
    });
    expect(moved).toMatchObject({ status: 200, body: { status: 'published' } });
    expect(
      (await api(server, 'PUT', '/api/blogpost', { token: customerToken, body: { id: post.id } })).status,
    ).toBe(403);
    const conflict = await api<ErrorBody>(server, 'PUT', '/api/blogpost', {
      token: adminToken,
      body: { id: scheduled.id, slug: post.slug },
    });
    expect(conflict.status).toBe(409);
    expect(
      (await api(server, 'DELETE', `/api/blogpost/${scheduled.id}`, { token: customerToken })).status,
    ).toBe(403);
    expect(
      (await api(server, 'DELETE', `/api/blogpost/${scheduled.id}`, { token: adminToken })).body,
    ).toEqual({
      ok: true,
    });
    expect((await api(server, 'DELETE', `/api/blogpost/${scheduled.id}`, { token: adminToken })).status).toBe(
      404,
    );
  });
});

describe('blog pages for search engines', () => {
  async function crawl(path: string) {
    const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    return { status: response.status, head: html.slice(0, html.indexOf('</head>')) };
  }
  const meta = (head: string, key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head)?.[1];

  it('writes the title, description, canonical URL, Open Graph and Article JSON-LD of a post', async () => {
    const page = await crawl(`/blog/${post.slug}`);
    expect(page.status).toBe(200);
    const url = `${TEST_PUBLIC_URL}/blog/${post.slug}`;
    expect(page.head).toContain('<title>Bögre &amp; tea: &lt;téli&gt; tippek | ');
    expect(meta(page.head, 'description')).toBe('Forrázás Három perc.');
    expect(page.head).toContain(`<link rel="canonical" href="${url}">`);
    expect(meta(page.head, 'og:type')).toBe('article');
    expect(meta(page.head, 'og:url')).toBe(url);
    expect(meta(page.head, 'article:author')).toBe('Kovács Eszter');
    expect(meta(page.head, 'article:published_time')).toBe(post.publishedAt);
    const ld = [...page.head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    expect(ld[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Bögre & tea: <téli> tippek',
      datePublished: post.publishedAt,
      author: { name: 'Kovács Eszter' },
    });
    // The title's "<" cannot close the script element.
    expect(page.head).not.toContain('<téli>');
  });

  it('answers 404 with noindex for an unknown post, and lists the blog and its posts in the sitemap', async () => {
    const missing = await crawl('/blog/nincs-ilyen-bejegyzes');
    expect(missing.status).toBe(404);
    expect(meta(missing.head, 'robots')).toBe('noindex');
    expect((await crawl('/blog')).status).toBe(200);

    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain(`${TEST_PUBLIC_URL}/blog`);
    expect(locs).toContain(`${TEST_PUBLIC_URL}/blog/${post.slug}`);
    expect(locs).not.toContain(`${TEST_PUBLIC_URL}/blog/${scheduled.slug}`);
  });
});
