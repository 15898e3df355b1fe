import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY, openPostgres } from './database';

/**
 * Several servers of one shop upgraded at once start together on one PostgreSQL. Needs PostgreSQL
 * (TEST_DATABASE_URL, as CI sets it); the embedded database belongs to one process, so two servers
 * never migrate it at once.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('migrating a shop that several servers start on at once', () => {
  it('one server migrates while the others wait for it, and each migration is applied once', async () => {
    const name = `shop_migration_lock_${randomBytes(4).toString('hex')}`;
    const url = new URL(serverUrl as string);
    await withClient(url.toString(), (admin) => admin.query(`CREATE DATABASE "${name}"`));
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    const opened: { close(): Promise<void> }[] = [];
    try {
      // A server that is migrating right now holds the lock: another one starting waits for it.
      await holder.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
      const waiting = openPostgres(databaseUrl, { poolSize: 2 });
      let waiters = 0;
      for (let attempt = 0; attempt < 200 && waiters === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const { rows } = await holder.query<{ count: string }>(
          // This test's own database only: other suites migrating on the same server wait for locks too.
          `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        waiters = Number(rows[0]?.count);
      }
      expect(waiters).toBe(1);
      const { rows: tables } = await holder.query(`SELECT to_regclass('"_prisma_migrations"') AS t`);
      expect(tables[0].t).toBeNull();
      await holder.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);

      // Released: the waiting server migrates, and two more starting together find nothing left to do.
      opened.push(await waiting);
      opened.push(...(await Promise.all([openPostgres(databaseUrl), openPostgres(databaseUrl)])));
      const { rows } = await holder.query<{ migration_name: string; runs: string }>(
        `SELECT migration_name, count(*) AS runs FROM _prisma_migrations GROUP BY migration_name`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => Number(row.runs) !== 1)).toEqual([]);
    } finally {
      await Promise.all(opened.map((database) => database.close()));
      await holder.end();
      await withClient(serverUrl as string, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    }
  });

  it('a server that has migrated holds no lock, so the next one to start does not wait for it', async () => {
    const name = `shop_migration_release_${randomBytes(4).toString('hex')}`;
    const url = new URL(serverUrl as string);
    await withClient(url.toString(), (admin) => admin.query(`CREATE DATABASE "${name}"`));
    url.pathname = `/${name}`;
    const running = await openPostgres(url.toString());
    try {
      // Prisma's engine locks 72707369 and never unlocks: it counts on its connection closing. Left in
      // the running server's pool, that connection kept the lock, and a second server starting soon
      // after gave up after Prisma's 10 s.
      const held = await withClient(url.toString(), (probe) =>
        probe.query<{ count: string }>(
          `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        ),
      );
      expect(Number(held.rows[0]?.count)).toBe(0);
      await running.prisma.$queryRaw`SELECT 1`;
    } finally {
      await running.close();
      await withClient(serverUrl as string, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    }
  });
});
