import { readFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  FAKE_ASSET,
  FAKE_INDEX_HTML,
  FAKE_PRECOMPRESSED_ASSET,
  FAKE_PRECOMPRESSED_SOURCE,
  startTestServer,
  type TestServer,
} from './test-server';

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
};

/** The operations of issue 2, exactly as the specification's list of REST calls names them. */
const EXPECTED_OPERATIONS = [
  'GET /category',
  'POST /category/findall',
  'GET /category/{id}',
  'POST /category/getBySlug',
  'POST /category',
  'PUT /category',
  'DELETE /category/{id}',
  'DELETE /description/{id}',
  'GET /page',
  'POST /page/by-slug',
  'GET /page/{id}',
  'POST /page',
  'PUT /page',
  'DELETE /page/{id}',
  'POST /user/signin',
  'GET /user/details',
  'POST /user/signout',
];

let server: TestServer;

/** A GET that keeps the body as sent: fetch would decode a compressed one. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    // No keep-alive: an idle connection would hold the server's close until it times out.
    request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('API reference', () => {
  it('serves an OpenAPI 3 document listing every REST operation', async () => {
    const { status, headers, body } = await api<OpenApiDocument>(server, 'GET', '/api/openapi.json');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    expect(body.openapi).toMatch(/^3\./);
    expect(body.info.title).toBeTruthy();
    const operations = Object.entries(body.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    expect(operations.map((op) => op.name)).toEqual(expect.arrayContaining(EXPECTED_OPERATIONS));
    const ids = operations.map((op) => op.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { name, operation } of operations) expect(operation.responses, name).toHaveProperty('200');
  });

  it('renders a readable HTML reference at /api/docs without external resources', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="hu">');
    expect(html).toContain('API-referencia');
    for (const name of EXPECTED_OPERATIONS) {
      const [method, path] = name.split(' ');
      expect(html).toContain(`${method}</span> <code>/api${path}</code>`);
    }
    // Nothing loaded from elsewhere (curl lines and examples may still name the shop's own address).
    expect(html).not.toMatch(/<script|<link|(?:src|href|action)="https?:\/\//);
  });
});

describe('web app', () => {
  it("serves index.html for the web app's screens (history fallback) and is revalidated", async () => {
    for (const path of ['/cart', '/services/account', '/admin/catalog/categories', '/search/bogre']) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(FAKE_INDEX_HTML);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('serves the web app with its own head for shop URLs, 404 when nothing is there (seo.test.ts covers the head)', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/category/konyha/bogrek', 404],
      ['/page/aszf', 404],
      ['/termek-12345', 404],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(status);
      expect(await response.text(), path).toContain('<div id="root"></div>');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and answers a missing file with 404, not index.html', async () => {
    const asset = await fetch(`${server.url}/${FAKE_ASSET}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${server.url}/assets/index-missing.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
  });

  it("sends the build's own compressed copy of a chunk in the encoding the browser takes", async () => {
    const file = path.join(server.webDist, FAKE_PRECOMPRESSED_ASSET);
    const copies = { br: await readFile(`${file}.br`), gzip: await readFile(`${file}.gz`) };
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
      ['identity', undefined],
    ] as const) {
      const response = await rawGet(`${server.url}/${FAKE_PRECOMPRESSED_ASSET}`, {
        'accept-encoding': accept,
      });
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['content-encoding'], accept).toBe(expected);
      // The very bytes the build wrote, not the file compressed again.
      expect(response.body.equals(expected ? copies[expected] : Buffer.from(FAKE_PRECOMPRESSED_SOURCE))).toBe(
        true,
      );
    }

    const { headers } = await rawGet(`${server.url}/${FAKE_PRECOMPRESSED_ASSET}`, {});
    const revalidated = await rawGet(`${server.url}/${FAKE_PRECOMPRESSED_ASSET}`, {
      'if-none-match': String(headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect((await rawGet(`${server.url}/assets/shared-def456.js.br`, {})).status).toBe(404);
  });

  it('answers a path that cannot be decoded with a Hungarian 400', async () => {
    for (const path of ['/%E0%A4%A', '/api/product/%FF']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({
        message: 'Hibás kérés.',
        code: 'BAD_REQUEST',
        requestId: expect.any(String),
      });
    }
  });

  it('answers unknown /api and /trpc paths with 404 JSON in Hungarian, never the web app', async () => {
    for (const [method, path] of [
      ['GET', '/api/nincs-ilyen'],
      ['POST', '/api/nincs/ilyen'],
      ['GET', '/api'],
      ['GET', '/trpc/a/b'],
    ] as const) {
      const { status, body } = await api(server, method, path);
      expect(status, path).toBe(404);
      expect(body, path).toEqual({
        code: 'NOT_FOUND',
        message: 'A kért API-végpont nem létezik.',
        requestId: expect.any(String),
      });
    }
  });
});

describe('HTTP hygiene', () => {
  it('sends security headers with a CSP the SPA can live with', async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('compresses large responses', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // Read to the end: a body left unread holds its connection, and the server's close waits for it.
    await response.arrayBuffer();
    const asset = await fetch(`${server.url}/${FAKE_ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    await asset.arrayBuffer();
  });

  it('reports health with a database check', async () => {
    const { status, body } = await api(server, 'GET', '/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', database: server.database.kind });
  });

  it('never sends a stack trace on the tRPC transport', async () => {
    const response = await fetch(
      `${server.url}/trpc/page.byId?input=${encodeURIComponent(JSON.stringify({ id: 999999 }))}`,
    );
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toMatch(/"stack"|\.ts:\d+/);
    expect(JSON.parse(text)).toMatchObject({ error: { message: 'A keresett tartalom nem található.' } });
  });
});
