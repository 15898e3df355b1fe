import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({ encryptionKey: randomBytes(32) });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
});
afterAll(() => server?.close());

const TOKEN = 'EAAGm0PX4ZCpsBAKZBZCserver0test0token123';
const TRACKER_HOSTS = /googletagmanager|google-analytics|analytics\.google|facebook/;

async function page(pathname: string) {
  const response = await fetch(`${server.url}${pathname}`);
  return { csp: response.headers.get('content-security-policy') ?? '', html: await response.text() };
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

async function save(body: Record<string, unknown>) {
  const response = await api<Record<string, unknown>>(server, 'PUT', '/api/analyticssetting', {
    token: adminToken,
    body: { ga4MeasurementId: 'G-AB12CD34EF', metaPixelId: '123456789012345', ...body },
  });
  expect(response.status).toBe(200);
  return response.body;
}

describe('GA4 and the Meta Pixel on the shop pages', () => {
  it('names nothing and opens no tracker host in the CSP while both are off', async () => {
    await save({ ga4Enabled: false, metaPixelEnabled: false });
    for (const pathname of ['/', '/foo', '/cart']) {
      const { html, csp } = await page(pathname);
      expect(html).not.toContain('shop-analytics');
      expect(csp).not.toMatch(TRACKER_HOSTS);
    }
  });

  it('names the services switched on and opens only their hosts, loading nothing itself', async () => {
    const saved = await save({ ga4Enabled: true, metaPixelEnabled: true, metaCapiToken: TOKEN });
    expect(saved).toMatchObject({ metaCapiTokenSet: true });
    expect(JSON.stringify(saved)).not.toContain(TOKEN);
    const read = await api(server, 'GET', '/api/analyticssetting', { token: adminToken });
    expect(JSON.stringify(read.body)).not.toContain(TOKEN);

    for (const pathname of ['/', '/foo']) {
      const { html, csp } = await page(pathname);
      expect(html).toContain('<meta name="shop-analytics" content="ga4=G-AB12CD34EF;meta=123456789012345">');
      // The browser loads the scripts only after consent: the page itself carries none of them.
      expect(html).not.toMatch(/<script[^>]+(googletagmanager|facebook)/);
      expect(directive(csp, 'script-src')).toContain('https://www.googletagmanager.com');
      expect(directive(csp, 'script-src')).toContain('https://connect.facebook.net');
      expect(directive(csp, 'connect-src')).toContain('https://*.google-analytics.com');
      expect(directive(csp, 'img-src')).toContain('https://www.facebook.com');
      expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    }

    await save({ ga4Enabled: true, metaPixelEnabled: false });
    const gaOnly = await page('/');
    expect(gaOnly.html).toContain('content="ga4=G-AB12CD34EF"');
    expect(gaOnly.csp).not.toContain('facebook');
  });
});

describe('the Conversions API stand-in at /_meta', () => {
  const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
  const event = (email: string) => ({
    event_name: 'Purchase',
    event_time: Math.floor(Date.now() / 1000),
    event_id: 'order-2026-000001',
    action_source: 'website',
    user_data: { em: [email] },
    custom_data: { currency: 'HUF', value: 4990 },
  });

  it('accepts hashed events in the Graph API’s format and lists what it got', async () => {
    const response = await fetch(`${server.url}/_meta/v21.0/123456789012345/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: [event(sha256('vevo@example.hu'))], access_token: TOKEN }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ events_received: 1, messages: [] });
    const received = (await (await fetch(`${server.url}/_meta/_received`)).json()) as unknown[];
    expect(received.at(-1)).toMatchObject({
      pixelId: '123456789012345',
      tokenPresent: true,
      events: [expect.objectContaining({ event_id: 'order-2026-000001' })],
    });
    // Anyone can read /_meta/_received: the token the request carried is not in it.
    expect(JSON.stringify(received)).not.toContain(TOKEN);
  });

  it('refuses an unhashed e-mail and a missing token as Meta does', async () => {
    const post = (body: unknown) =>
      fetch(`${server.url}/_meta/v21.0/123456789012345/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const unhashed = await post({ data: [event('vevo@example.hu')], access_token: TOKEN });
    expect(unhashed.status).toBe(400);
    expect(await unhashed.json()).toMatchObject({ error: { message: expect.stringContaining('SHA-256') } });
    const noToken = await post({ data: [event(sha256('a@b.hu'))] });
    expect(noToken.status).toBe(400);
  });

  it('is not found while stand-ins are off', async () => {
    const off = await startTestServer({ standIns: false });
    try {
      const response = await fetch(`${off.url}/_meta/v21.0/123456789012345/events`, { method: 'POST' });
      expect(response.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
