// `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that brings the committed migrations up to schema.prisma. Works
// offline: the committed migrations are replayed on a throwaway embedded
// database and compared with the schema by Prisma's WASM schema engine.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { migrationsDir } from '../src/paths';
import { createPGlite } from '../src/pglite';
import { applyMigrations, driftSql } from '../src/schema-engine';

async function main(): Promise<void> {
  const name = (process.argv[2] ?? '').trim();
  if (!/^[a-z0-9_]+$/.test(name)) {
    throw new Error('Usage: npm run db:migration -- <name_in_snake_case>');
  }
  const pglite = await createPGlite();
  const adapter = new PrismaPGlite(pglite);
  await applyMigrations(adapter);
  const sql = await driftSql(adapter);
  await pglite.close();
  if (!sql.trim()) {
    console.log('schema.prisma already matches the migrations: nothing to do.');
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dir = join(migrationsDir, `${stamp}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'migration.sql'), sql);
  console.log(`Created ${dir}/migration.sql`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
