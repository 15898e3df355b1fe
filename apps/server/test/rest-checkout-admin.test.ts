import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

const POS_KEY = '3f2a9c1b-e0d9-4c7a-8b65-e4f3a2c1d0e9';
const SETTINGS = {
  barionPayee: 'bolt@example.hu',
  barionEnvironment: 'test',
  bankAccountHolder: 'Kék Bögre Kft.',
  bankName: 'Példa Bank Zrt.',
  bankAccountNumber: '12345676-12345678-90123452',
};

type Method = { id: number; name: string; position: number; orderCount?: number };

let server: TestServer;
let keyless: TestServer;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  // Its own address, so the Barion stand-in it mounts answers the connection test, as in `npm start`.
  server = await startTestServer({ selfAddressed: true, encryptionKey: randomBytes(32) });
  keyless = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(async () => {
  await server?.close();
  await keyless?.close();
});

describe('payment settings over REST', () => {
  it('refuses strangers (401) and shoppers (403) on every settings operation', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/checkout/settings', undefined],
      ['PUT', '/api/checkout/settings', SETTINGS],
      ['POST', '/api/checkout/settings/test', {}],
    ] as const) {
      expect((await api(server, method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await api(server, method, path, { body, token: customerToken })).status).toBe(403);
    }
  });

  it('saves the POS key sealed and answers only its last four characters', async () => {
    const saved = await api<Record<string, unknown>>(server, 'PUT', '/api/checkout/settings', {
      token: adminToken,
      body: { ...SETTINGS, barionPosKey: POS_KEY },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      barionPosKeySet: true,
      barionPosKeyLast4: 'd0e9',
      barionSource: 'admin',
    });
    expect(JSON.stringify(saved.body)).not.toContain(POS_KEY);
    const read = await api<Record<string, unknown>>(server, 'GET', '/api/checkout/settings', {
      token: adminToken,
    });
    expect(JSON.stringify(read.body)).not.toContain(POS_KEY);
    const row = await server.database.prisma.paymentSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.barionPosKeyEncrypted).not.toContain(POS_KEY);
    expect(row.barionPosKeyEncrypted).not.toContain(POS_KEY.replaceAll('-', ''));

    const removed = await api(server, 'PUT', '/api/checkout/settings', {
      token: adminToken,
      body: { ...SETTINGS, barionPosKey: null },
    });
    expect(removed.body).toMatchObject({ barionPosKeySet: false, barionSource: 'stand_in' });
  });

  it('answers a bad account number with 400 naming the field in Hungarian', async () => {
    const response = await api<{ message: string; issues: { path: string; message: string }[] }>(
      server,
      'PUT',
      '/api/checkout/settings',
      { token: adminToken, body: { ...SETTINGS, bankAccountNumber: '12345678-12345678-12345678' } },
    );
    expect(response.status).toBe(400);
    expect(response.body.issues[0]).toMatchObject({ path: 'bankAccountNumber' });
    expect(response.body.message).toMatch(/bankszámlaszám hibás/);
  });

  it('refuses with 409 to save a POS key on a server without an encryption key', async () => {
    const token = await signIn(keyless, await createUser(keyless.database, 'admin'));
    const response = await api<{ message: string }>(keyless, 'PUT', '/api/checkout/settings', {
      token,
      body: { ...SETTINGS, barionPosKey: POS_KEY },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/SETTINGS_ENCRYPTION_KEY/);
    expect(await keyless.database.prisma.paymentSetting.count()).toBe(0);
  });

  it('tests the connection against the stand-in the server mounts', async () => {
    const response = await api<{ ok: boolean; source: string; message: string }>(
      server,
      'POST',
      '/api/checkout/settings/test',
      { token: adminToken, body: {} },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ok: true, source: 'stand_in' });
    expect(response.body.message).toMatch(/A kapcsolat működik/);
  });
});

describe('shipping and payment methods over REST', () => {
  it('reorders the shipping methods and shows an admin how many orders used one', async () => {
    const prisma = server.database.prisma;
    const first = await prisma.shippingMethod.create({ data: { name: 'Első futár', grossPrice: 990 } });
    const second = await prisma.shippingMethod.create({ data: { name: 'Második futár', grossPrice: 1290 } });
    const reordered = await api<{ items: Method[] }>(server, 'PUT', '/api/checkout/shipping/order', {
      token: adminToken,
      body: { ids: [second.id, first.id] },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.items.map((item) => item.id)).toEqual([second.id, first.id]);

    const forAdmin = await api<Method>(server, 'GET', `/api/checkout/shipping/${first.id}`, {
      token: adminToken,
    });
    expect(forAdmin.body.orderCount).toBe(0);
    const forShopper = await api<Method>(server, 'GET', `/api/checkout/shipping/${first.id}`);
    expect(forShopper.body).not.toHaveProperty('orderCount');

    const incomplete = await api<{ message: string }>(server, 'PUT', '/api/checkout/shipping/order', {
      token: adminToken,
      body: { ids: [first.id] },
    });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.message).toMatch(/pontosan egyszer/);
    expect((await api(server, 'PUT', '/api/checkout/payment/order', { body: { ids: [1] } })).status).toBe(
      401,
    );
  });
});
