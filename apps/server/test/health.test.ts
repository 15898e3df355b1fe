import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

type Readiness = {
  status: string;
  checks: Record<string, string>;
  notReady?: string[];
  message?: string;
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close().catch(() => undefined);
  server = undefined;
});

async function get(path: string) {
  const response = await fetch(`${server?.url}${path}`);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Readiness };
}

/** Asks /health/ready until it is ready, or `done` says so (the catalogue is built after the first ask), at most 100 times. */
async function untilReady(done: (body: Readiness) => boolean = (body) => body.status === 'ok') {
  let answer = await get('/health/ready');
  for (let attempt = 0; !done(answer.body) && attempt < 100; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await get('/health/ready');
  }
  return answer;
}

describe('/health/live and /health/ready', () => {
  it('a started server becomes ready once its catalogue is built, and says what it checked', async () => {
    server = await startTestServer({ workers: { running: () => true } });
    const first = await get('/health/ready');
    // The catalogue is built on the first ask, not held for: the probe answers at once.
    expect(first.status).toBe(503);
    expect(first.body.notReady).toEqual(['catalogue']);
    const ready = await untilReady();
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.body).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', catalogue: 'ok', workers: 'ok' },
    });
    expect((await get('/health/live')).status).toBe(200);
    // The documented /health answers as before.
    expect((await get('/health')).body).toMatchObject({ status: 'ok' });
  });

  it('workers that do not run (not started yet, or shutting down) keep the server out of traffic', async () => {
    let running = true;
    server = await startTestServer({ workers: { running: () => running } });
    expect((await untilReady()).status).toBe(200);
    running = false;
    const answer = await get('/health/ready');
    expect(answer.status).toBe(503);
    expect(answer.body.notReady).toEqual(['workers']);
    expect(answer.body.message).toContain('háttérfeladatok');
  });

  it('a migration the database has not applied makes it not ready', async () => {
    server = await startTestServer();
    await server.database.prisma.$executeRaw`
      UPDATE "_prisma_migrations" SET "rolled_back_at" = now()
      WHERE "migration_name" = (SELECT max("migration_name") FROM "_prisma_migrations")`;
    const answer = await untilReady((body) => body.checks.catalogue === 'ok');
    expect(answer.status).toBe(503);
    expect(answer.body.notReady).toEqual(['migrations']);
    expect(answer.body.message).toContain('migráció');
  });

  it('a database that is gone: live still answers, ready names the database and leaks no error text', async () => {
    server = await startTestServer();
    expect((await untilReady()).status).toBe(200);
    await server.database.close();
    expect((await get('/health/live')).status).toBe(200);
    const answer = await get('/health/ready');
    expect(answer.status).toBe(503);
    // Fixed Hungarian sentences only: no driver message, host, user or file path.
    expect(answer.body).toEqual({
      status: 'error',
      checks: { database: 'error', migrations: 'ok', catalogue: 'ok' },
      notReady: ['database'],
      message: 'A szerver még nem fogad forgalmat: az adatbázis nem érhető el vagy nem tud írni.',
      requestId: expect.any(String),
    });
  });
});
