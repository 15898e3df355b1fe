import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type ApiKeyRow = { id: number; name: string; scopes: string[]; prefix: string; revokedAt: string | null };

let server: TestServer;
let adminToken: string;
let customerToken: string;
let hiddenProduct: number;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  hiddenProduct = (
    await server.database.prisma.product.create({
      data: {
        slug: 'rejtett-termek',
        grossPrice: 1990,
        enabled: false,
        descriptions: { create: { language: 'hu', title: 'Rejtett termék' } },
      },
      select: { id: true },
    })
  ).id;
});
afterAll(() => server?.close());

/** A request with the key in the `Authorization: Bearer` header instead of `token`. */
const withBearer = (method: string, pathname: string, key: string, body?: unknown) =>
  api(server, method, pathname, { body, headers: { authorization: `Bearer ${key}` } });

describe('API keys over REST', () => {
  it('an admin creates a key, it works in both headers, and after DELETE it gets 401', async () => {
    const created = await api<{ id: number; key: string }>(server, 'POST', '/api/apikey', {
      token: adminToken,
      body: { name: 'Könyvelő program', scopes: ['catalogue:read'] },
    });
    expect(created.status).toBe(200);
    const { id, key } = created.body;
    expect(key).toMatch(/^kbk_/);

    const listed = await api<{ items: ApiKeyRow[] }>(server, 'GET', '/api/apikey', { token: adminToken });
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((row) => row.id === id)).toMatchObject({
      name: 'Könyvelő program',
      scopes: ['catalogue:read'],
      prefix: key.slice(0, 12),
      revokedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(key);

    // A hidden product: a stranger gets 404, the key (either header) sees it as an admin does.
    expect((await api(server, 'GET', `/api/product/${hiddenProduct}`)).status).toBe(404);
    expect((await api(server, 'GET', `/api/product/${hiddenProduct}`, { token: key })).status).toBe(200);
    expect((await withBearer('GET', `/api/product/${hiddenProduct}`, key)).status).toBe(200);
    expect((await withBearer('GET', '/api/product/quality-summary', key)).status).toBe(200);

    const revoked = await api(server, 'DELETE', `/api/apikey/${id}`, { token: adminToken });
    expect(revoked).toMatchObject({ status: 200, body: { ok: true } });
    for (const response of [
      await api(server, 'GET', '/api/product/quality-summary', { token: key }),
      await withBearer('GET', '/api/product/quality-summary', key),
      await withBearer('GET', `/api/product/${hiddenProduct}`, key),
    ]) {
      expect(response).toMatchObject({
        status: 401,
        body: { message: 'Az API-kulcs érvénytelen vagy visszavonták.', code: 'UNAUTHORIZED' },
      });
    }
  });

  it('refuses what the scopes do not allow and every key operation with 403 in Hungarian', async () => {
    const { key } = (
      await api<{ id: number; key: string }>(server, 'POST', '/api/apikey', {
        token: adminToken,
        body: { name: 'Csak olvas', scopes: ['catalogue:read', 'orders:read'] },
      })
    ).body;
    const write = await withBearer('POST', '/api/product/update', key, {
      slug: 'uj',
      descriptions: [{ language: 'hu', title: 'Új' }],
    });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({
      message:
        'Az API-kulcsnak nincs ehhez jogosultsága (szükséges: catalogue:write, „Katalógus módosítása”).',
    });
    const manage = await api(server, 'POST', '/api/apikey', {
      token: key,
      body: { name: 'Még egy', scopes: ['orders:read'] },
    });
    expect(manage).toMatchObject({
      status: 403,
      body: {
        message: 'Ezt a műveletet API-kulccsal nem lehet elvégezni, csak bejelentkezett adminisztrátor.',
      },
    });
    expect((await withBearer('GET', '/api/apikey', key)).status).toBe(403);
    expect((await withBearer('GET', '/api/user/details', key)).status).toBe(403);
  });

  it('a key with webhooks:write manages its webhook, and invoices:write opens invoicing; without them 403', async () => {
    const keyWith = async (scopes: string[]) =>
      (
        await api<{ key: string }>(server, 'POST', '/api/apikey', {
          token: adminToken,
          body: { name: `ERP ${scopes.join(' ')}`, scopes },
        })
      ).body.key;
    const erp = await keyWith(['orders:read', 'webhooks:write', 'invoices:write']);
    const reader = await keyWith(['orders:read']);
    const endpoint = { url: 'https://erp.example.hu/webhook', events: ['order.created'] };

    const created = await withBearer('POST', '/api/webhook', erp, endpoint);
    expect(created.status).toBe(200);
    const { id } = created.body as { id: number; secret: string };
    const listed = await withBearer('GET', '/api/webhook', erp);
    expect((listed.body as { items: unknown[] }).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, url: endpoint.url })]),
    );
    expect((await withBearer('DELETE', `/api/webhook/${id}`, erp)).status).toBe(200);

    const refused = await withBearer('POST', '/api/webhook', reader, endpoint);
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message:
          'Az API-kulcsnak nincs ehhez jogosultsága (szükséges: webhooks:write, „Webhookok kezelése”).',
      },
    });
    // Invoicing: the key reaches the operation (an unknown order is a 404), the reader does not.
    expect((await withBearer('POST', '/api/order/999999/invoice', erp)).status).toBe(404);
    expect((await withBearer('POST', '/api/order/999999/invoice', reader)).status).toBe(403);
  });

  it('lets only a signed-in admin manage keys: a shopper gets 403, a stranger 401', async () => {
    const body = { name: 'Idegen', scopes: ['orders:read'] };
    expect((await api(server, 'POST', '/api/apikey', { token: customerToken, body })).status).toBe(403);
    expect((await api(server, 'GET', '/api/apikey', { token: customerToken })).status).toBe(403);
    expect((await api(server, 'POST', '/api/apikey', { body })).status).toBe(401);
    expect((await api(server, 'DELETE', '/api/apikey/1')).status).toBe(401);
  });

  it('answers bad input with 400 in Hungarian and an unknown key id with 404', async () => {
    const bad = await api<{ message: string }>(server, 'POST', '/api/apikey', {
      token: adminToken,
      body: { name: 'Hibás', scopes: ['admin'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Ismeretlen jogosultság/);
    expect((await api(server, 'DELETE', '/api/apikey/999999', { token: adminToken })).status).toBe(404);
  });
});
