import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase, openPostgres } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server';
import { freePort, startRefusedServer } from './server-process';
import { api, createUser, FAKE_INDEX_HTML, signIn, startTestServer, TEST_PUBLIC_URL } from './test-server';

const UNAVAILABLE = 'A bolt átmenetileg nem érhető el, kérjük, próbáld újra néhány perc múlva.';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function tempFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

/** The real server on a database that is not there: its answers are what a shopper sees in an outage. */
async function serverOn(database: Database): Promise<{ url: string; app: FastifyInstance }> {
  const webDist = await tempFolder('shop-web-dist-');
  await writeFile(path.join(webDist, 'index.html'), FAKE_INDEX_HTML);
  const app = await buildServer({
    database,
    config: { webDist, publicUrl: TEST_PUBLIC_URL, trustProxy: false, barion: null },
    logger: pino({ level: 'silent' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('A tesztszerver nem kapott portot.');
  return { url: `http://127.0.0.1:${address.port}`, app };
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('60');
  const text = await response.text();
  expect(text).toContain(UNAVAILABLE);
  expect(text).not.toMatch(/ECONNREFUSED|PGlite|prisma|127\.0\.0\.1/i);
}

async function expectOutageAnswers(url: string) {
  await expectUnavailable(await fetch(`${url}/api/category`));
  await expectUnavailable(await fetch(`${url}/api/user/me`, { headers: { token: 'valami-munkamenet' } }));
  await expectUnavailable(await fetch(`${url}/trpc/category.tree`));
  // A token makes the context itself ask the database, before any procedure runs.
  await expectUnavailable(
    await fetch(`${url}/trpc/category.tree`, { headers: { token: 'valami-munkamenet' } }),
  );
  // A shop page still arrives, as the app's shell: the app then meets the same 503 on its calls.
  const page = await fetch(`${url}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  const health = await fetch(`${url}/health`);
  expect(health.status).toBe(503);
  expect(await health.json()).toEqual({
    status: 'error',
    message: 'Az adatbázis nem érhető el.',
    requestId: expect.any(String),
  });
}

describe('a database outage', () => {
  it('answers a Hungarian 503 with Retry-After over REST and tRPC when PostgreSQL refuses connections, and /health says so', async () => {
    const database = await openPostgres(`postgresql://bolt:jelszo@127.0.0.1:${await freePort()}/bolt`, {
      migrate: false,
      poolSize: 1,
    });
    const server = await serverOn(database);
    try {
      await expectOutageAnswers(server.url);
    } finally {
      await server.app.close();
      await database.close();
    }
  });

  it('answers the same when the embedded database has stopped', async () => {
    const database = await openDatabase({ dataDir: await tempFolder('shop-data-'), migrate: false });
    const server = await serverOn(database);
    try {
      await database.close();
      await expectOutageAnswers(server.url);
    } finally {
      await server.app.close();
    }
  });
});

describe('a full disk', () => {
  it('refuses a write with the Hungarian 503, and /health reports that the database cannot write', async () => {
    const server = await startTestServer();
    try {
      const adminToken = await signIn(server, await createUser(server.database, 'admin'));
      const healthy = await fetch(`${server.url}/health`);
      expect(healthy.status).toBe(200);
      // What PostgreSQL answers when a table's file cannot grow on a full disk.
      await server.database.prisma.$executeRawUnsafe(`
        CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'could not extend file "base/16384/16385": No space left on device'
            USING ERRCODE = '53100';
        END $$`);
      await server.database.prisma.$executeRawUnsafe(
        'CREATE TRIGGER disk_full BEFORE INSERT ON "Product" FOR EACH ROW EXECUTE FUNCTION disk_full()',
      );

      const refused = await api<{ message: string }>(server, 'POST', '/api/product/update', {
        token: adminToken,
        body: {
          slug: 'kek-bogre',
          price: 3990,
          stock: 5,
          descriptions: [{ language: 'hu', title: 'Kék bögre' }],
        },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.body.message).toBe(UNAVAILABLE);

      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { message: string }).message).toMatch(/nem tud írni/);
    } finally {
      await server.close();
    }
  });
});

describe('starting on a data folder that cannot be written', () => {
  it('stops with a message that names the folder and says what to do', async () => {
    // A file where the folder should be stops root too, whom permissions do not.
    const dataDir = path.join(await tempFolder('shop-data-'), 'adatok');
    await writeFile(dataDir, 'nem mappa');
    const { code, stderr } = await startRefusedServer({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toContain(`Az adatkönyvtár nem írható: ${dataDir}`);
    expect(stderr).toContain('DATA_DIR');
    expect(stderr).not.toContain('PGlite failed to initialize');
  });
});
