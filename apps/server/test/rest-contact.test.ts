import { formTokenSecret, issueFormToken, MIN_FILL_MS } from '@shop/api/testing';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

const ENCRYPTION_KEY = Buffer.alloc(32, 3);

let server: TestServer;
let adminToken: string;
let customerToken: string;
let productId: number;
let nextIp = 0;

/** A request from an address of its own (the server believes X-Forwarded-For from 127.0.0.1 here). */
function from(ip?: string) {
  nextIp += 1;
  return { 'x-forwarded-for': ip ?? `198.51.100.${nextIp}` };
}

function tokenAged(ageMs: number): string {
  return issueFormToken(formTokenSecret(ENCRYPTION_KEY), new Date(Date.now() - ageMs)).token;
}

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kovács Anna',
  email: 'anna@example.hu',
  subject: 'Kérdés',
  message: 'Van raktáron a kék bögre?',
  consent: true,
  formToken: tokenAged(MIN_FILL_MS + 500),
  website: '',
  ...overrides,
});

beforeAll(async () => {
  server = await startTestServer({ encryptionKey: ENCRYPTION_KEY, trustProxy: ['127.0.0.1'] });
  const prisma = server.database.prisma;
  await prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  await prisma.emailSetting.create({ data: { id: 1, notificationEmail: 'bolt@example.hu' } });
  const product = await prisma.product.create({
    data: {
      slug: 'kek-bogre',
      grossPrice: 3990,
      stock: 5,
      descriptions: { create: { language: 'hu', title: 'Kék bögre' } },
    },
  });
  productId = product.id;
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(() => server?.close());

describe('POST /api/contact', () => {
  it('accepts a message whose form was open long enough, and the acknowledgement is queued', async () => {
    const { status, body } = await api(server, 'POST', '/api/contact', { body: message(), headers: from() });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    const ack = await server.database.prisma.emailOutbox.findFirst({
      where: { to: 'anna@example.hu', templateKey: 'contact_received' },
    });
    expect(ack).not.toBeNull();
  });

  it('hands out a form token the form must wait for: sent at once it is a clear 400', async () => {
    const token = await api<{ token: string; minFillSeconds: number }>(
      server,
      'GET',
      '/api/contact/form-token',
    );
    expect(token.status).toBe(200);
    expect(token.body.minFillSeconds).toBe(MIN_FILL_MS / 1000);
    const { status, body } = await api<{ message: string }>(server, 'POST', '/api/contact', {
      body: message({ formToken: token.body.token, email: 'gyors@example.hu' }),
      headers: from(),
    });
    expect(status).toBe(400);
    expect(body.message).toMatch(/túl gyorsan küldted el/);
  });

  it('requires consent (400 in Hungarian)', async () => {
    const { status, body } = await api<{ message: string }>(server, 'POST', '/api/contact', {
      body: message({ consent: false }),
      headers: from(),
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Hibás adat: consent – Az adatkezelési tájékoztató elfogadása kötelező.');
  });

  it('answers a filled honeypot with 200 and stores nothing', async () => {
    const { status } = await api(server, 'POST', '/api/contact', {
      body: message({ email: 'bot@example.hu', website: 'http://spam.example' }),
      headers: from(),
    });
    expect(status).toBe(200);
    expect(await server.database.prisma.contactMessage.count({ where: { email: 'bot@example.hu' } })).toBe(0);
  });

  it('throttles one address with a Hungarian 429', async () => {
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { status } = await api(server, 'POST', '/api/contact', {
        body: message({ email: `tobb${attempt}@example.hu` }),
        headers: from(ip),
      });
      statuses.push(status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const { body } = await api<{ message: string }>(server, 'POST', '/api/contact', {
      body: message({ email: 'tobb9@example.hu' }),
      headers: from(ip),
    });
    expect(body.message).toMatch(/Túl sok üzenet/);
  });
});

describe('POST /api/contact/offer', () => {
  it('stores an offer request with its lines; a wrong tax number is a 400 naming the field', async () => {
    const offer = {
      companyName: 'Minta Kft.',
      taxNumber: '12345676-1-12',
      name: 'Szabó Péter',
      email: 'peter@example.hu',
      lines: [{ product: productId, quantity: 12 }],
      consent: true,
      formToken: tokenAged(MIN_FILL_MS + 500),
    };
    const bad = await api<{ message: string }>(server, 'POST', '/api/contact/offer', {
      body: { ...offer, taxNumber: '12345678-1-12' },
      headers: from(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/taxNumber – Az adószám ellenőrző számjegye hibás/);

    const { status } = await api(server, 'POST', '/api/contact/offer', { body: offer, headers: from() });
    expect(status).toBe(200);
    const stored = await server.database.prisma.offerRequest.findFirstOrThrow({
      where: { email: 'peter@example.hu' },
      include: { lines: true },
    });
    expect(stored.lines).toMatchObject([{ productId, productTitle: 'Kék bögre', quantity: 12 }]);
  });
});

describe('the admin lists', () => {
  it('refuse strangers (401) and shoppers (403), and answer the admin', async () => {
    for (const path of ['/api/contact/message/list', '/api/contact/offer/list']) {
      expect((await api(server, 'POST', path, { body: {} })).status).toBe(401);
      expect((await api(server, 'POST', path, { body: {}, token: customerToken })).status).toBe(403);
      const { status, body } = await api<{ total: number }>(server, 'POST', path, {
        body: { status: 'new' },
        token: adminToken,
      });
      expect(status).toBe(200);
      expect(body.total).toBeGreaterThan(0);
    }
    const list = await api<{ items: { id: number }[] }>(server, 'POST', '/api/contact/offer/list', {
      body: {},
      token: adminToken,
    });
    const id = list.body.items[0]?.id;
    const detail = await api<{ lines: unknown[] }>(server, 'GET', `/api/contact/offer/${id}`, {
      token: adminToken,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.lines).toHaveLength(1);
    const changed = await api<{ status: string }>(server, 'POST', `/api/contact/offer/${id}/status`, {
      body: { status: 'answered' },
      token: adminToken,
    });
    expect(changed.body.status).toBe('answered');
    expect((await api(server, 'GET', '/api/contact/message/999999', { token: adminToken })).status).toBe(404);
  });
});

describe('/api/shop', () => {
  it('is public to read; only the admin saves it', async () => {
    const details = {
      shopName: 'Bögrebolt',
      companyName: 'Bögre Kft.',
      address: '1065 Budapest, Bögre utca 1.',
      taxNumber: '12345676-2-42',
      registrationNumber: '01-09-123456',
      email: 'info@example.hu',
      phone: '+36 1 234 5678',
      phoneHours: 'H–P 9–17',
      mapUrl: null,
      vatExempt: false,
    };
    expect((await api(server, 'PUT', '/api/shop', { body: details })).status).toBe(401);
    expect((await api(server, 'PUT', '/api/shop', { body: details, token: customerToken })).status).toBe(403);
    expect((await api(server, 'PUT', '/api/shop', { body: details, token: adminToken })).status).toBe(200);
    const { status, body } = await api(server, 'GET', '/api/shop');
    expect(status).toBe(200);
    expect(body).toEqual(details);
  });
});
