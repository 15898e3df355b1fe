import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

/**
 * Staff permissions hold on every transport: a warehouse account's token is refused what its role does
 * not name over REST, over tRPC, and inside a tRPC batch call by call, with the Hungarian message that
 * names the missing permission.
 */
let server: TestServer;
let ownerToken: string;
let warehouseToken: string;

beforeAll(async () => {
  server = await startTestServer();
  ownerToken = await signIn(server, await createUser(server.database, 'admin'));
  const member = await createUser(server.database, 'admin');
  const warehouse = await server.database.prisma.staffRole.findUniqueOrThrow({
    where: { builtIn: 'warehouse' },
  });
  await server.database.prisma.user.update({
    where: { email: member.email },
    data: { staffRoleId: warehouse.id },
  });
  warehouseToken = await signIn(server, member);
});
afterAll(() => server?.close());

describe('a warehouse account over HTTP', () => {
  it('reads orders over REST and is refused customers (403 naming customers:read) and the team (owner only)', async () => {
    expect((await api(server, 'POST', '/api/order', { token: warehouseToken, body: {} })).status).toBe(200);
    expect(await api(server, 'POST', '/api/customer', { token: warehouseToken, body: {} })).toMatchObject({
      status: 403,
      body: {
        code: 'FORBIDDEN',
        message: 'Ehhez a művelethez nincs jogosultságod (szükséges: „Vásárlók olvasása”, customers:read).',
      },
    });
    expect(await api(server, 'GET', '/api/staff', { token: warehouseToken })).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining('tulajdonosa') },
    });
    expect((await api(server, 'GET', '/api/staff', { token: ownerToken })).status).toBe(200);
  });

  it('gets each call of a tRPC batch answered by its own permission', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
    const answer = await fetch(`${server.url}/trpc/order.list,customer.list?batch=1&input=${input}`, {
      headers: { token: warehouseToken },
    });
    const [orders, customers] = (await answer.json()) as { result?: unknown; error?: unknown }[];
    expect(orders?.result).toBeDefined();
    expect(JSON.stringify(customers?.error)).toContain('customers:read');
    expect(JSON.stringify(customers?.error)).toContain('403');
  });

  it('shows its permissions to the web app, and the owner null (everything)', async () => {
    expect(await api(server, 'GET', '/api/user/details', { token: warehouseToken })).toMatchObject({
      status: 200,
      body: { staffRole: { name: 'Raktár' }, permissions: expect.arrayContaining(['orders:write']) },
    });
    expect(await api(server, 'GET', '/api/user/details', { token: ownerToken })).toMatchObject({
      body: { staffRole: null, permissions: null },
    });
  });
});
