import { readdir } from 'node:fs/promises';
import type { PrismaClient } from './generated/prisma/client';
import { migrationsDir } from './paths';

/**
 * The committed migrations (folders under prisma/migrations) this database has not finished applying,
 * oldest first: empty when the schema is the one this code expects. Read from the table
 * `prisma migrate deploy` and schema-engine.ts keep; a database never migrated has no such table and
 * misses every migration.
 */
export async function pendingMigrations(prisma: PrismaClient): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const committed = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const [table] = await prisma.$queryRaw<{ present: boolean }[]>`
    SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS "present"`;
  if (!table?.present) return committed;
  const rows = await prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT "migration_name" FROM "_prisma_migrations"
    WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
  const applied = new Set(rows.map((row) => row.migration_name));
  return committed.filter((name) => !applied.has(name));
}
