import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from './paths';
import { createPGlite } from './pglite';
import { applyMigrations, driftSql } from './schema-engine';

// Migrates an empty database from scratch with the committed migrations and
// proves the result is exactly what schema.prisma describes, so the two can
// never drift apart. CI runs it on real PostgreSQL as well.
describe('committed migrations', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  async function emptyDatabase(): Promise<SqlMigrationAwareDriverAdapterFactory> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      const pglite = await createPGlite();
      cleanups.push(() => pglite.close());
      return new PrismaPGlite(pglite);
    }
    const name = `shop_migrations_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return new PrismaPg({ connectionString: url.toString() });
  }

  it('end statements at every semicolon, as the PostgreSQL adapter splits them', async () => {
    // @prisma/adapter-pg runs a migration as script.split(';'): a semicolon inside a comment or a
    // function body would cut a statement in two on real PostgreSQL, while PGlite runs it whole.
    const offending: string[] = [];
    for (const entry of await readdir(migrationsDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const sql = await readFile(join(migrationsDir, entry.name, 'migration.sql'), 'utf8');
      sql.split('\n').forEach((line, index) => {
        if (/;(?!\s*$)/.test(line) || (line.trimStart().startsWith('--') && line.includes(';'))) {
          offending.push(`${entry.name}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(offending).toEqual([]);
  });

  describe('on an empty database', () => {
    // Migrating from scratch is the costly part (seconds of CPU), so both checks share one run.
    let adapter: SqlMigrationAwareDriverAdapterFactory;
    let applied: string[];
    beforeAll(async () => {
      adapter = await emptyDatabase();
      applied = await applyMigrations(adapter);
    });

    it('produce exactly the schema in schema.prisma', async () => {
      expect(applied.length).toBeGreaterThan(0);
      expect(await driftSql(adapter)).toBe('');
    });

    it('apply nothing twice', async () => {
      expect(await applyMigrations(adapter)).toEqual([]);
    });
  });
});
