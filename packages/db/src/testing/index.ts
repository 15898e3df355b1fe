// Fresh, migrated, empty databases for tests. With TEST_DATABASE_URL (CI) each
// one is a new database on that PostgreSQL server; otherwise an in-memory
// embedded PostgreSQL started from a migrated template cached on disk, because
// running the migrations for every test file would cost seconds each time.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openPGliteDatabase, openPostgres } from '../database';
import { createPGlite } from '../pglite';
import { readMigrationList } from '../schema-engine';

export type { Database };

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createPostgresTestDatabase(serverUrl) : createPGliteTestDatabase();
}

async function createPostgresTestDatabase(serverUrl: string): Promise<Database> {
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { poolSize: 4 });
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

async function migratedTemplate(): Promise<Blob> {
  const migrations = await readMigrationList();
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(migrations.migrationDirectories))
    .digest('hex');
  const path = join(tmpdir(), `shop-pglite-template-${fingerprint.slice(0, 16)}.tar.gz`);
  const cached = await readFile(path).catch(() => undefined);
  if (cached) return new Blob([cached]);

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
}
