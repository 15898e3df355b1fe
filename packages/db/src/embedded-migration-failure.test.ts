import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPGlite } from './pglite';
import { applyMigrations } from './schema-engine';

const FIRST = '20260101000000_jars';
const FAILING = '20260101000001_jar_codes_required';

/**
 * A migration that fails on the embedded database, as one meeting data it cannot take would: the
 * adapter used to start the script without waiting for it, so the migration was recorded as applied
 * with none of its changes and its error escaped as an unhandled rejection.
 */
describe('a migration that fails on the embedded database', () => {
  let dir: string;
  let previousDir: string;
  let pglite: PGlite;
  const unhandled: unknown[] = [];
  const listen = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'shop-migrations-'));
    dir = join(root, 'next');
    previousDir = join(root, 'previous');
    const write = async (base: string, name: string, sql: string) => {
      await mkdir(join(base, name), { recursive: true });
      await writeFile(join(base, name, 'migration.sql'), sql);
    };
    const first = 'CREATE TABLE "Jar" (id int PRIMARY KEY, code text);\n';
    await write(previousDir, FIRST, first);
    await write(dir, FIRST, first);
    // Changes something first, so a failure that kept part of it would show.
    await write(
      dir,
      FAILING,
      [
        'CREATE TABLE "JarLabel" (code text PRIMARY KEY);',
        `DO E'BEGIN IF EXISTS (SELECT 1 FROM "Jar" WHERE code IS NULL) THEN RAISE EXCEPTION ''Egy befőttesüvegnek nincs kódja.''\\073 END IF\\073 END';`,
        'ALTER TABLE "Jar" ALTER COLUMN code SET NOT NULL;',
        '',
      ].join('\n'),
    );
    pglite = await createPGlite();
    await applyMigrations(new PrismaPGlite(pglite), previousDir);
    await pglite.exec(`INSERT INTO "Jar" (id, code) VALUES (1, 'B-1'), (2, NULL)`);
    process.on('unhandledRejection', listen);
    return async () => {
      await rm(root, { recursive: true, force: true });
    };
  }, 120_000);
  afterAll(async () => {
    process.off('unhandledRejection', listen);
    await pglite?.close();
  });

  async function records() {
    const { rows } = await pglite.query<{ name: string; finished: boolean; rolledBack: boolean }>(
      `SELECT migration_name AS name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS "rolledBack"
       FROM "_prisma_migrations" WHERE migration_name = $1 ORDER BY started_at`,
      [FAILING],
    );
    return rows;
  }

  async function failure(): Promise<Error | undefined> {
    const error = await applyMigrations(new PrismaPGlite(pglite), dir).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    // An error left unawaited would surface only after the engine is done.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return error;
  }

  it('stops the start with an error naming the migration and its message, and changes nothing', async () => {
    const error = await failure();
    expect(error?.message).toContain(FAILING);
    expect(error?.message).toContain('Egy befőttesüvegnek nincs kódja.');
    expect(error?.message).toContain('visszavontnak jelöltük');
    expect(unhandled).toEqual([]);
    const { rows } = await pglite.query<{ label: string | null }>(
      `SELECT to_regclass('"JarLabel"')::text AS label`,
    );
    expect(rows[0]?.label).toBeNull();
    // Not applied: recorded as failed and, since nothing changed, already rolled back.
    expect(await records()).toEqual([{ name: FAILING, finished: false, rolledBack: true }]);
  }, 60_000);

  it('lets the previous version start, and the next start tries again until the data is fixed', async () => {
    expect(await applyMigrations(new PrismaPGlite(pglite), previousDir)).toEqual([]);
    expect((await failure())?.message).toContain('Egy befőttesüvegnek nincs kódja.');
    expect(unhandled).toEqual([]);

    await pglite.exec(`UPDATE "Jar" SET code = 'B-2' WHERE id = 2`);
    expect(await applyMigrations(new PrismaPGlite(pglite), dir)).toEqual([FAILING]);
    expect(await records()).toEqual([
      { name: FAILING, finished: false, rolledBack: true },
      { name: FAILING, finished: false, rolledBack: true },
      { name: FAILING, finished: true, rolledBack: false },
    ]);
    expect(await applyMigrations(new PrismaPGlite(pglite), dir)).toEqual([]);
  }, 60_000);
});
