import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(() => server?.close());

const choice = {
  consentId: '7d3e0a52-95c1-4b8e-a0f7-6c2d1e3f4a5b',
  statistics: true,
  marketing: false,
  policyVersion: '2026-11-24',
};

async function page(pathname: string) {
  const response = await fetch(`${server.url}${pathname}`);
  return {
    status: response.status,
    csp: response.headers.get('content-security-policy') ?? '',
    html: await response.text(),
  };
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('POST /api/consent', () => {
  it("records a stranger's choice with the browser's user agent", async () => {
    const { status, body } = await api(server, 'POST', '/api/consent', {
      body: choice,
      headers: { 'user-agent': 'ConsentTest/1.0' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...choice, recordedAt: expect.any(String) });
    const row = await server.database.prisma.consentRecord.findFirstOrThrow({
      where: { consentId: choice.consentId },
    });
    expect(row).toMatchObject({
      statistics: true,
      marketing: false,
      userId: null,
      userAgent: 'ConsentTest/1.0',
    });
  });

  it('answers bad input with a Hungarian 400 that names the field', async () => {
    const { status, body } = await api<{ message: string }>(server, 'POST', '/api/consent', {
      body: { ...choice, marketing: 'igen' },
    });
    expect(status).toBe(400);
    expect(body.message).toMatch(/marketingsütik/);
    const unknown = await api<{ message: string }>(server, 'POST', '/api/consent', {
      body: { ...choice, tracking: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Ismeretlen mező: tracking/);
  });
});

describe('/api/barionpixel', () => {
  it('refuses strangers (401) and shoppers (403)', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { barionPixelId: 'BP-0123456789-01' }],
    ] as const) {
      expect((await api(server, method, '/api/barionpixel', { body })).status).toBe(401);
      expect((await api(server, method, '/api/barionpixel', { body, token: customerToken })).status).toBe(
        403,
      );
    }
  });

  it('refuses an ID not in Barion’s format with a Hungarian 400', async () => {
    const { status, body } = await api<{ message: string }>(server, 'PUT', '/api/barionpixel', {
      body: { barionPixelId: 'BPT-fHvthFc8pR-A3' },
      token: adminToken,
    });
    expect(status).toBe(400);
    expect(body.message).toMatch(/BP-0123456789-01 alakú/);
  });
});

describe('the Barion Pixel in the shop pages', () => {
  it('is absent, and the CSP names no Barion host, while no Pixel ID is set', async () => {
    for (const pathname of ['/', '/cart']) {
      const { html, csp } = await page(pathname);
      expect(html).not.toContain('barion');
      expect(csp).not.toContain('barion');
      expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    }
  });

  it('is written into every shop page with consent rejected by default once an admin sets the ID', async () => {
    const saved = await api(server, 'PUT', '/api/barionpixel', {
      body: { barionPixelId: 'BP-0123456789-01' },
      token: adminToken,
    });
    expect(saved.status).toBe(200);
    expect((await api(server, 'GET', '/api/barionpixel', { token: adminToken })).body).toMatchObject({
      barionPixelId: 'BP-0123456789-01',
    });

    for (const pathname of ['/', '/cart', '/nincs-ilyen-oldal']) {
      const { html, csp } = await page(pathname);
      const head = html.slice(0, html.indexOf('</head>'));
      const inline = /<script>([\s\S]*?)<\/script>/.exec(head)?.[1] ?? '';
      expect(inline).toContain("bp('init','addBarionPixelId',window.barion_pixel_id)");
      expect(inline).toContain('"BP-0123456789-01"');
      // Rejected before the ID is registered: nothing counts as consented until the visitor says so.
      expect(inline.indexOf("bp('consent','rejectConsent')")).toBeLessThan(inline.indexOf("'init'"));
      expect(head).toContain('<script async src="https://pixel.barion.com/bp.js"></script>');

      // The CSP lets exactly this inline script and the Pixel's host run, nothing else.
      const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
      expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${hash} https://pixel.barion.com`);
      expect(directive(csp, 'img-src')).toContain('https://pixel.barion.com');
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://pixel.barion.com");
      expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    }
    // The API's own answers are not pages: no Pixel host there.
    const apiAnswer = await fetch(`${server.url}/api/consent`, { method: 'POST' });
    expect(apiAnswer.headers.get('content-security-policy')).not.toContain('barion');
  });

  it('leaves the pages again when the ID is cleared', async () => {
    await api(server, 'PUT', '/api/barionpixel', { body: { barionPixelId: null }, token: adminToken });
    const { html, csp } = await page('/');
    expect(html).not.toContain('barion');
    expect(csp).not.toContain('barion');
  });
});
