import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type Endpoint = { id: number; url: string; events: string[]; createdAt: string };

let server: TestServer;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  // The production rule: webhooks may not point into the server's own network.
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(() => server?.close());

describe('webhooks over REST', () => {
  it('POST answers {id, secret} once; GET lists url, events and time only; DELETE removes it', async () => {
    const created = await api<{ id: number; secret: string }>(server, 'POST', '/api/webhook', {
      token: adminToken,
      body: { url: 'https://erp.example.hu/hooks/shop', events: ['order.created', 'order.paid'] },
    });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(['id', 'secret']);
    const { id, secret } = created.body;

    const listed = await api<{ items: Endpoint[] }>(server, 'GET', '/api/webhook', { token: adminToken });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      {
        id,
        url: 'https://erp.example.hu/hooks/shop',
        events: ['order.created', 'order.paid'],
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const log = await api<{ items: unknown[]; total: number }>(
      server,
      'GET',
      `/api/webhook/${id}/delivery?page=1`,
      {
        token: adminToken,
      },
    );
    expect(log).toMatchObject({ status: 200, body: { items: [], total: 0, page: 1 } });

    expect(await api(server, 'DELETE', `/api/webhook/${id}`, { token: adminToken })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(
      (await api<{ items: Endpoint[] }>(server, 'GET', '/api/webhook', { token: adminToken })).body.items,
    ).toEqual([]);
    expect((await api(server, 'DELETE', '/api/webhook/999999', { token: adminToken })).status).toBe(404);
  });

  it('refuses a loopback or metadata address and a non-http URL with a Hungarian 400', async () => {
    for (const url of ['http://127.0.0.1:8080/hook', 'http://169.254.169.254/latest/meta-data']) {
      const refused = await api<{ message: string }>(server, 'POST', '/api/webhook', {
        token: adminToken,
        body: { url, events: ['order.created'] },
      });
      expect(refused.status, url).toBe(400);
      expect(refused.body.message).toMatch(/belső hálózati címre/);
    }
    const ftp = await api<{ message: string }>(server, 'POST', '/api/webhook', {
      token: adminToken,
      body: { url: 'ftp://erp.example.hu/x', events: ['order.created'] },
    });
    expect(ftp.status).toBe(400);
    expect(ftp.body.message).toMatch(/http:\/\/ vagy https:\/\//);
  });

  it('a stranger gets 401 and a shopper 403 on every webhook operation', async () => {
    const operations: [string, string, unknown?][] = [
      ['GET', '/api/webhook'],
      ['POST', '/api/webhook', { url: 'https://erp.example.hu/x', events: ['order.created'] }],
      ['DELETE', '/api/webhook/1'],
      ['GET', '/api/webhook/1/delivery'],
      ['POST', '/api/webhook/1/test'],
    ];
    for (const [method, path, body] of operations) {
      expect((await api(server, method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect(
        (await api(server, method, path, { body, token: customerToken })).status,
        `${method} ${path}`,
      ).toBe(403);
    }
    expect(
      await server.database.prisma.webhookEndpoint.count({ where: { url: 'https://erp.example.hu/x' } }),
    ).toBe(0);
  });
});
