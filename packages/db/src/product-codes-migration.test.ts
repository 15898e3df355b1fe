import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from './paths';
import { createPGlite } from './pglite';
import { noFilters, readMigrationList, withSchemaEngine } from './schema-engine';

const MIGRATION = '20261129102002_product_codes_ignore_case';

/**
 * The upgrade that makes product codes unique whatever their case, run on a shop that already holds
 * codes differing only in case. Its statements run one by one, split at each semicolon as
 * @prisma/adapter-pg runs a migration on PostgreSQL, so a failed clash report must leave nothing changed.
 */
describe(`migration ${MIGRATION}`, () => {
  let pglite: PGlite;
  let statements: string[];

  beforeAll(async () => {
    pglite = await createPGlite();
    const all = await readMigrationList();
    const earlier = {
      ...all,
      migrationDirectories: all.migrationDirectories.filter((entry) => entry.path < MIGRATION),
    };
    await withSchemaEngine(new PrismaPGlite(pglite), (engine) =>
      engine.applyMigrations({ filters: noFilters, migrationsList: earlier }),
    );
    const sql = await readFile(join(migrationsDir, MIGRATION, 'migration.sql'), 'utf8');
    statements = sql
      .split(';')
      .map((statement) => statement.trim())
      .filter((statement) => statement.length > 0);
    await pglite.exec(`
      INSERT INTO "Product" (id, slug, "grossPrice", "kutiId", "updatedAt") VALUES
        (1, 'bogre', 100, 'ABC-1', now()), (2, 'tanyer', 100, 'abc-1', now()),
        (3, 'polo', 100, 'POLO', now()), (4, 'sal', 100, 'SAL-9', now()), (5, 'kendo', 100, 'KENDO-1', now())`);
    await pglite.exec(`
      INSERT INTO "ProductVariant" (id, "productId", "kutiId", "updatedAt") VALUES
        (10, 3, 'Polo-M', now()), (11, 4, 'polo-m', now()), (12, 3, 'sal-9', now()), (13, 3, 'POLO-L', now())`);
  }, 120_000);
  afterAll(() => pglite?.close());

  async function migrate(): Promise<void> {
    for (const statement of statements) await pglite.exec(statement);
  }

  async function lowerIndexes(): Promise<string[]> {
    const { rows } = await pglite.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE indexname LIKE '%kutiId_lower%' ORDER BY 1`,
    );
    return rows.map((row) => row.indexname);
  }

  it('stops on codes equal but for case, naming every clash, where it is and what to do, and changes nothing', async () => {
    const failure = await migrate().then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toContain('kis- és nagybetűtől függetlenül egyedi');
    const lines = failure?.message.split('\n') ?? [];
    // Product against product, variant against variant, product against variant; unique codes are not listed.
    expect(lines).toContain('- „ABC-1” (termék #1), „abc-1” (termék #2)');
    expect(lines).toContain('- „Polo-M” (változat #10, termék #3), „polo-m” (változat #11, termék #4)');
    expect(lines).toContain('- „SAL-9” (termék #4), „sal-9” (változat #12, termék #3)');
    expect(failure?.message).not.toMatch(/KENDO|POLO-L|„POLO”/);
    expect(failure?.message).toContain(
      `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '${MIGRATION}' AND finished_at IS NULL`,
    );
    expect(failure?.message).toMatch(/az adminban csoportonként egy kivételével nevezd át a kódokat/);
    expect(failure?.message).toMatch(/Indítsd el újra a frissítést/);
    expect(await lowerIndexes()).toEqual([]);
  });

  it('applies once the clashes are renamed, then refuses a code that differs only in case', async () => {
    await pglite.exec(`UPDATE "Product" SET "kutiId" = 'ABC-2' WHERE id = 2`);
    await pglite.exec(`UPDATE "ProductVariant" SET "kutiId" = 'POLO-S' WHERE id = 11`);
    await pglite.exec(`UPDATE "ProductVariant" SET "kutiId" = 'SAL-9-K' WHERE id = 12`);
    await migrate();
    expect(await lowerIndexes()).toEqual(['ProductVariant_kutiId_lower_key', 'Product_kutiId_lower_key']);

    const refusal = (sql: string) =>
      pglite.exec(sql).then(
        () => 'accepted',
        (error: { code?: string; message?: string }) => `${error.code} ${error.message}`,
      );
    expect(
      await refusal(
        `INSERT INTO "Product" (id, slug, "grossPrice", "kutiId", "updatedAt") VALUES (50, 'x', 1, 'abc-1', now())`,
      ),
    ).toMatch(/^23505 .*Product_kutiId_lower_key/);
    expect(await refusal(`UPDATE "ProductVariant" SET "kutiId" = 'polo-l' WHERE id = 10`)).toMatch(
      /^23505 .*ProductVariant_kutiId_lower_key/,
    );
    // Across the tables the trigger answers, naming the code asked for.
    expect(
      await refusal(
        `INSERT INTO "ProductVariant" (id, "productId", "kutiId", "updatedAt") VALUES (50, 5, 'kendo-1', now())`,
      ),
    ).toBe('23505 shop:duplicate-code kendo-1');
    expect(await refusal(`UPDATE "Product" SET "kutiId" = 'polo-s' WHERE id = 5`)).toBe(
      '23505 shop:duplicate-code polo-s',
    );
    // A code may still change its own case.
    expect(await refusal(`UPDATE "Product" SET "kutiId" = 'abc-1' WHERE id = 1`)).toBe('accepted');
  });
});
