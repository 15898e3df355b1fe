import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type Status = { enabled: boolean; last: unknown; lastSucceeded: unknown; warning: string | null };

let server: TestServer;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(() => server?.close());

describe('GET and POST /api/backups', () => {
  it('answers strangers 401 and shoppers 403, in Hungarian', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const stranger = await api<{ message: string }>(server, method, '/api/backups');
      expect(stranger.status).toBe(401);
      const shopper = await api<{ message: string }>(server, method, '/api/backups', {
        token: customerToken,
      });
      expect(shopper.status).toBe(403);
      expect(shopper.body.message).toMatch(/[áéíóöőúüű]/);
    }
  });

  it('tells the admin that no backup was made yet, and that this server makes none on its own', async () => {
    await server.database.prisma.backup.deleteMany();
    const status = await api<Status>(server, 'GET', '/api/backups', { token: adminToken });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ enabled: false, last: null, lastSucceeded: null });
    expect(status.body.warning).toBe(
      'A napi mentés ezen a szerveren ki van kapcsolva (BACKUPS=false). Még nem készült mentés a boltról.',
    );
    // A server without a backup job (this test server has none) cannot make one on request: 409, not 500.
    const now = await api<{ message: string }>(server, 'POST', '/api/backups', { token: adminToken });
    expect(now.status).toBe(409);
    expect(now.body.message).toMatch(/^Ez a folyamat nem készít mentést/);
  });
});
