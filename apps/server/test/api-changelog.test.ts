import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from './test-server';

/** #27: the API reference shows what changed in the document's version and links the whole changelog. */
let server: TestServer;
let version: string;

beforeAll(async () => {
  server = await startTestServer();
  version = (await api<{ info: { version: string } }>(server, 'GET', '/api/openapi.json')).body.info.version;
});
afterAll(() => server?.close());

describe('the API changelog', () => {
  it('shows the current version’s changes on /api/docs and links the whole log', async () => {
    const html = await (await fetch(`${server.url}/api/docs`)).text();
    expect(html).toContain(`Verzió: ${version} · <a href="/api/changelog">Változásnapló</a>`);
    expect(html).toContain(`<h2>Változások ebben a verzióban (${version})</h2>`);
    expect(html).toContain('<a href="#valtozasok">Változások</a>');
    const section = html.slice(html.indexOf('id="valtozasok"'), html.indexOf('id="hitelesites"'));
    // The current version's items, as CHANGELOG.md renders them, and no older version's.
    expect(section).toMatch(/<h4>Added<\/h4>\s*<ul><li>/);
    expect(section).not.toContain('<h3>1.0.0</h3>');
    expect(section).not.toContain('<code>RateLimit-Policy</code>');
    // A search shows operations only.
    expect(await (await fetch(`${server.url}/api/docs?q=kos%C3%A1r`)).text()).not.toContain(
      'id="valtozasok"',
    );
  });

  it('serves the whole log as a page, every version in it', async () => {
    const response = await fetch(`${server.url}/api/changelog`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(`<h2>${version}</h2>`);
    expect(html).toContain('<h2>1.0.0</h2>');
    expect(html).toContain('<code>deprecated: true</code>');
    expect(html).toContain('<a href="/api/docs" lang="hu">');
    expect(html).not.toMatch(/<script/);
  });
});
