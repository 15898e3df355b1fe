import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

/**
 * A stand-in for the web app's built server entry (apps/web/src/entry-server.tsx): it answers like the
 * real one and uses the tRPC client the server hands it, so these tests see what the server does with
 * each answer. The real entry is tested over HTTP by e2e/test/shop/server-rendering.spec.ts.
 */
const FAKE_ENTRY = `
export const SERVER_STATE_ELEMENT_ID = 'shop-state';
export async function renderShopPage({ url, trpcClient }) {
  if (url === '/cart') return { kind: 'client-rendered' };
  if (url === '/regi-nev-12') return { kind: 'redirect', status: 301, location: '/uj-nev-12' };
  if (url.endsWith('?hiba=1')) throw new Error('a render failed');
  if (url.endsWith('?csonka=1')) return { kind: 'page', status: 200, html: '<p>csonka</p>' };
  if (url === '/ki-vagyok') {
    const me = await trpcClient.user.details.query().then(() => 'signed in', (error) => error.data?.httpStatus);
    return { kind: 'page', status: 200, html: '<p>' + me + '</p>', state: { queries: {} }, styles: '', routeModules: [] };
  }
  const { items: tree } = await trpcClient.category.tree.query();
  return {
    kind: 'page',
    status: url === '/nincs-ilyen' ? 404 : 200,
    html: '<h1>' + tree.map((node) => node.title).join(', ') + '</h1>',
    state: { queries: { tree, note: '</script><script>alert(1)</script>' } },
    styles: '<style data-server-styles="abc">.css-abc{color:red}</style>',
    routeModules: ['src/routes/_visitor-index/$.lazy.tsx'],
  };
}
`;

let server: TestServer;
let ssrDist: string;
let adminToken: string;
const errors: string[] = [];

beforeAll(async () => {
  ssrDist = await mkdtemp(path.join(tmpdir(), 'shop-web-ssr-'));
  await writeFile(path.join(ssrDist, 'entry-server.js'), FAKE_ENTRY);
  const logger = pino({ level: 'error' }, { write: (line: string) => errors.push(line) });
  server = await startTestServer({ webSsrDist: ssrDist, logger });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  const created = await api(server, 'POST', '/api/category', {
    token: adminToken,
    body: { descriptions: [{ language: 'hu', title: 'Konyha' }] },
  });
  expect(created.status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await rm(ssrDist, { recursive: true, force: true });
});

const page = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });

describe('server-rendered shop pages', () => {
  it('puts the rendered app into #root, its styles into the head and its data beside it', async () => {
    const response = await page('/konyha');
    expect(response.status).toBe(200);
    const html = await response.text();
    const styles = html.indexOf('<style data-server-styles="abc"');
    expect(styles).toBeGreaterThan(0);
    expect(styles).toBeLessThan(html.indexOf('</head>'));
    // The first frame waits for the element after #root, so it draws the whole page at once.
    const holdFirstFrame = html.indexOf('<link rel="expect" href="#shop-state" blocking="render">');
    expect(holdFirstFrame).toBeGreaterThan(0);
    expect(holdFirstFrame).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain(
      '<div id="root"><h1>Konyha</h1></div><script type="application/json" id="shop-state">',
    );
    const state = /<script type="application\/json" id="shop-state">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    // No text in the data can close the element and run as a script.
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state)).toMatchObject({ queries: { note: '</script><script>alert(1)</script>' } });
  });

  it('answers with the status the app rendered, a 404 too', async () => {
    const response = await page('/nincs-ilyen');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1>Konyha</h1>');
  });

  it('sends the redirect the route asked for', async () => {
    const response = await page('/regi-nev-12');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/uj-nev-12');
  });

  it('leaves screens that depend on the session to the browser', async () => {
    const response = await page('/cart');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    // Nothing holds its first frame for an element that never comes.
    expect(html).not.toContain('rel="expect"');
  });

  it('renders every page as a guest, whatever token the request carries', async () => {
    const response = await page('/ki-vagyok', { token: adminToken });
    expect(await response.text()).toContain('<p>401</p>');
  });

  it('sends the app unrendered, never a 500, when rendering fails, and logs why', async () => {
    const response = await page('/konyha?hiba=1');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('a render failed');
    expect(errors.join('\n')).toContain('a render failed');
  });

  it('sends the app unrendered when the render’s answer cannot be put into the page', async () => {
    const response = await page('/konyha?csonka=1');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('csonka');
  });
});
