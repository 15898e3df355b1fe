// Fresh, migrated, empty databases for tests. With TEST_DATABASE_URL (CI) each
// one is a new database on that PostgreSQL server, copied from a migrated
// template database; otherwise an in-memory embedded PostgreSQL started from a
// migrated template cached on disk. Running the migrations for every test file
// would cost seconds of CPU each time.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openPGliteDatabase, openPostgres } from '../database';
import { createPGlite } from '../pglite';
import { readMigrationList } from '../schema-engine';

export type { Database };

export type TestDatabaseOptions = {
  /**
   * PostgreSQL connections in the pool (4 unless given); 1 when a test asks about the session that ran
   * its statements. The embedded database always has one.
   */
  poolSize?: number;
};

export async function createTestDatabase({ poolSize = 4 }: TestDatabaseOptions = {}): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createPostgresTestDatabase(serverUrl, poolSize) : createPGliteTestDatabase();
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createPostgresTestDatabase(serverUrl: string, poolSize: number): Promise<Database> {
  const template = await postgresTemplate(serverUrl);
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => copyDatabase(client, template, name));
  const database = await openPostgres(databaseUrl(serverUrl, name), { poolSize, migrate: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}

/** PostgreSQL refuses to copy a template while another session is connected to it, even briefly. */
const OBJECT_IN_USE = '55006';

async function copyDatabase(client: pg.Client, template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * A database migrated with the current migrations, which PostgreSQL copies file by file for each
 * test database (`CREATE DATABASE … TEMPLATE`) instead of every test file migrating from scratch.
 * Its name carries the migrations' fingerprint; templates of older migrations are dropped.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl);
  if (!template) {
    template = buildPostgresTemplate(serverUrl);
    template.catch(() => postgresTemplates.delete(serverUrl));
    postgresTemplates.set(serverUrl, template);
  }
  return template;
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `shop_template_${(await migrationsFingerprint()).slice(0, 16)}`;
  const existing = await withAdminClient(serverUrl, (client) =>
    client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'shop\\_template\\_%'`,
    ),
  );
  const names = existing.rows.map((row) => row.datname);
  if (names.includes(name)) return name;
  // Built under a name of its own and renamed when complete, so no process copies a half-migrated
  // template; when two build at once, the second rename fails and that copy is dropped.
  const building = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${building}"`));
  const database = await openPostgres(databaseUrl(serverUrl, building), { poolSize: 1 });
  await database.close();
  await withAdminClient(serverUrl, async (client) => {
    await client
      .query(`ALTER DATABASE "${building}" RENAME TO "${name}"`)
      .catch(async (error: { code?: string }) => {
        if (error.code !== '42P04') throw error;
        await client.query(`DROP DATABASE IF EXISTS "${building}"`);
      });
    for (const old of names) {
      if (/^shop_template_[0-9a-f]{16}$/.test(old))
        await client.query(`DROP DATABASE IF EXISTS "${old}" WITH (FORCE)`);
    }
  });
  return name;
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createPGliteTestDatabase(): Promise<Database> {
  const template = await migratedTemplate();
  const pglite = await createPGlite({ loadDataDir: template });
  return openPGliteDatabase(pglite, { migrate: false });
}

/** How long a process waits for another to finish the template before building one itself. */
const TEMPLATE_LOCK_STALE_MS = 5 * 60_000;

/** Changes whenever a migration is added or edited. */
async function migrationsFingerprint(): Promise<string> {
  const migrations = await readMigrationList();
  return createHash('sha256').update(JSON.stringify(migrations.migrationDirectories)).digest('hex');
}

async function templatePath(): Promise<string> {
  return join(tmpdir(), `shop-pglite-template-${(await migrationsFingerprint()).slice(0, 16)}.tar.gz`);
}

/**
 * Builds the migrated template of the current migrations unless it is cached already. Vitest's
 * global setup calls it once before any test file starts: when the migrations change, the first
 * test file of every worker would otherwise migrate from scratch at the same moment.
 */
export async function prepareTestDatabaseTemplate(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await postgresTemplate(serverUrl);
  else await migratedTemplate();
}

async function migratedTemplate(): Promise<Blob> {
  const path = await templatePath();
  const cached = await readFile(path).catch(() => undefined);
  if (cached) return new Blob([cached]);
  // One process migrates; the others wait for its file instead of migrating the same thing at once.
  const lock = `${path}.lock`;
  const locked = await mkdir(lock).then(
    () => true,
    () => false,
  );
  if (!locked) return waitForTemplate(path, lock);
  try {
    const pglite = await createPGlite();
    const database = await openPGliteDatabase(pglite);
    const dump = await pglite.dumpDataDir('gzip');
    await database.close();
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written under a temporary name first so a parallel test worker never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
    return new Blob([bytes]);
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function waitForTemplate(path: string, lock: string): Promise<Blob> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cached = await readFile(path).catch(() => undefined);
    if (cached) return new Blob([cached]);
    const since = await stat(lock).then(
      (info) => Date.now() - info.mtimeMs,
      () => undefined,
    );
    // The builder failed (lock gone, no file) or died holding the lock: build it here.
    if (since === undefined || since > TEMPLATE_LOCK_STALE_MS) {
      await rm(lock, { recursive: true, force: true });
      return migratedTemplate();
    }
  }
}
