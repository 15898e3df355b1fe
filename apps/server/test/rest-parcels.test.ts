import { randomBytes } from 'node:crypto';
import { FOXPOST_STAND_IN_ACCOUNT } from '@shop/api';
import { createParcelOrder, seedFoxpostPoints } from '@shop/api/testing';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type Parcel = { parcelNumber: string; labelUrl: string; trackingUrl: string };
type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };

let server: TestServer;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  // Self-addressed: the Foxpost stand-in the server mounts is reached through the shop's own address.
  server = await startTestServer({ selfAddressed: true, encryptionKey: randomBytes(32) });
  const prisma = server.database.prisma;
  await prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES] });
  await seedFoxpostPoints(prisma);
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(() => server?.close());

const download = (path: string, init: { token?: string; method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { token: init.token } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

async function pdfOf(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="cimke/);
  const body = Buffer.from(await response.arrayBuffer());
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return body;
}

describe('parcels over REST, with nothing configured', () => {
  it('POST /api/order/{id}/parcel creates the parcel on the mounted stand-in and answers the same one again', async () => {
    const order = await createParcelOrder(server.database.prisma);
    const created = await api<Parcel>(server, 'POST', `/api/order/${order.id}/parcel`, { token: adminToken });
    expect(created.status).toBe(200);
    expect(created.headers.get('x-operation-id')).toBe('order-createParcel');
    expect(created.body).toEqual({
      parcelNumber: expect.stringMatching(/^CLFOX\d{10}$/),
      labelUrl: `/api/order/${order.id}/parcel/label`,
      trackingUrl: `${server.url}/_foxpost/csomagkovetes/?code=${created.body.parcelNumber}`,
    });
    const again = await api<Parcel>(server, 'POST', `/api/order/${order.id}/parcel`, { token: adminToken });
    expect(again.body).toEqual(created.body);

    const shown = await api<{ status: string; trackingNumber: string; parcel: Parcel }>(
      server,
      'GET',
      `/api/order/${order.id}`,
      { token: adminToken },
    );
    expect(shown.body).toMatchObject({
      status: 'shipped',
      trackingNumber: created.body.parcelNumber,
      parcel: created.body,
    });

    // The customer's tracking link works offline: the stand-in's tracking page shows the parcel.
    const page = await fetch(created.body.trackingUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(created.body.parcelNumber);
    expect(html).toContain('Létrehozva');

    await pdfOf(await download(created.body.labelUrl, { token: adminToken }));
  });

  it('the label is for admins only: 401 for a stranger, 403 for a shopper', async () => {
    const order = await createParcelOrder(server.database.prisma);
    await api(server, 'POST', `/api/order/${order.id}/parcel`, { token: adminToken });
    const stranger = await download(`/api/order/${order.id}/parcel/label`);
    expect(stranger.status).toBe(401);
    expect(((await stranger.json()) as ErrorBody).code).toBe('UNAUTHORIZED');
    const shopper = await download(`/api/order/${order.id}/parcel/label`, { token: customerToken });
    expect(shopper.status).toBe(403);
    const bulk = await download('/api/order/parcel/labels', {
      method: 'POST',
      body: { ids: [order.id] },
      token: customerToken,
    });
    expect(bulk.status).toBe(403);
    const create = await api(server, 'POST', `/api/order/${order.id}/parcel`, { token: customerToken });
    expect(create.status).toBe(403);
  });

  it('POST /api/order/parcel/labels answers one PDF with every label; an order without a parcel is a 409 naming it', async () => {
    const first = await createParcelOrder(server.database.prisma);
    const second = await createParcelOrder(server.database.prisma, { paymentProvider: 'cash_on_delivery' });
    for (const order of [first, second]) {
      expect((await api(server, 'POST', `/api/order/${order.id}/parcel`, { token: adminToken })).status).toBe(
        200,
      );
    }
    const body = await pdfOf(
      await download('/api/order/parcel/labels', {
        method: 'POST',
        body: { ids: [first.id, second.id] },
        token: adminToken,
      }),
    );
    expect((await PDFDocument.load(body)).getPageCount()).toBe(2);

    const waiting = await createParcelOrder(server.database.prisma);
    const refused = await api<ErrorBody>(server, 'POST', '/api/order/parcel/labels', {
      token: adminToken,
      body: { ids: [first.id, waiting.id] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(waiting.number);
    const tooMany = await api<ErrorBody>(server, 'POST', '/api/order/parcel/labels', {
      token: adminToken,
      body: { ids: Array.from({ length: 101 }, (_, index) => index + 1) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/legfeljebb 100 címke/);
  });

  it("answers Foxpost's refusals as Hungarian 400s naming the field", async () => {
    const order = await createParcelOrder(server.database.prisma, { phone: '+36 1 234 5678' });
    const refused = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/parcel`, {
      token: adminToken,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/nem magyar mobilszám/);
    expect(refused.body.issues).toEqual([
      { path: 'recipientPhone', message: expect.stringContaining('recipientPhone') },
    ]);
  });

  it('an API key with orders:write creates parcels; its label needs orders:read', async () => {
    const key = await api<{ key: string }>(server, 'POST', '/api/apikey', {
      token: adminToken,
      body: { name: 'Raktárprogram', scopes: ['orders:write'] },
    });
    const order = await createParcelOrder(server.database.prisma);
    const created = await api<Parcel>(server, 'POST', `/api/order/${order.id}/parcel`, {
      headers: { authorization: `Bearer ${key.body.key}` },
    });
    expect(created.status).toBe(200);
    await pdfOf(
      await fetch(`${server.url}${created.body.labelUrl}`, {
        headers: { authorization: `Bearer ${key.body.key}` },
      }),
    );
  });

  it('documents the label downloads as PDF files', async () => {
    const document = await api<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>(server, 'GET', '/api/openapi.json');
    expect(document.body.paths['/order/{id}/parcel/label']?.get?.responses['200']).toMatchObject({
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    });
    expect(document.body.paths['/order/parcel/labels']?.post?.responses['200']).toMatchObject({
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    });
  });
});

describe('the mounted Foxpost stand-in', () => {
  it('speaks FoxWeb: a wrong account is a 401 ApiError', async () => {
    const response = await fetch(`${server.url}/_foxpost/api/parcel?isWeb=false`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('valaki:rossz').toString('base64')}`,
        'api-key': FOXPOST_STAND_IN_ACCOUNT.apiKey,
      },
      body: '[]',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      timestamp: expect.any(String),
      error: 'WRONG_USERNAME_OR_PASSWORD',
      status: 401,
    });
  });

  it('steps aside once an admin saves a Foxpost account, and comes back when it is removed', async () => {
    const tracking = () =>
      fetch(`${server.url}/_foxpost/api/tracking/CLFOX0000000000`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${FOXPOST_STAND_IN_ACCOUNT.username}:${FOXPOST_STAND_IN_ACCOUNT.password}`).toString('base64')}`,
          'api-key': FOXPOST_STAND_IN_ACCOUNT.apiKey,
        },
      });
    expect((await tracking()).status).toBe(404);
    expect(((await (await tracking()).json()) as { error: string }).error).toBe('PARCEL_NOT_FOUND');
    const saved = await api(server, 'PUT', '/api/checkout/carriers/foxpost', {
      token: adminToken,
      body: { username: 'bolt', password: 'titkos-jelszo', apiKey: 'foxpost-api-kulcs', environment: 'test' },
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('titkos-jelszo');
    const unmounted = await tracking();
    expect(unmounted.status).toBe(404);
    expect(await unmounted.text()).not.toContain('PARCEL_NOT_FOUND');
    await api(server, 'PUT', '/api/checkout/carriers/foxpost', {
      token: adminToken,
      body: { username: null, environment: 'test' },
    });
    expect(((await (await tracking()).json()) as { error: string }).error).toBe('PARCEL_NOT_FOUND');
  });
});
