import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client';
import { createPGlite } from './pglite';
import { applyMigrations } from './schema-engine';

export type Database = {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** A PostgreSQL connection string; without it the embedded database in `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Applies committed migrations before returning (default true). */
  migrate?: boolean;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options);
  }
  const dataDir = join(options.dataDir, 'pglite');
  await mkdir(dataDir, { recursive: true });
  return openPGliteDatabase(await createPGlite({ dataDir }), options);
}

export async function openPostgres(
  connectionString: string,
  options: Pick<OpenDatabaseOptions, 'migrate' | 'poolSize'> = {},
): Promise<Database> {
  const adapter = new PrismaPg({ connectionString, max: options.poolSize ?? 10 });
  if (options.migrate !== false) await applyMigrations(adapter);
  const prisma = new PrismaClient({ adapter });
  return { prisma, kind: 'postgres', close: () => prisma.$disconnect() };
}

export async function openPGliteDatabase(
  pglite: PGlite,
  options: Pick<OpenDatabaseOptions, 'migrate'> = {},
): Promise<Database> {
  const adapter: SqlMigrationAwareDriverAdapterFactory = new PrismaPGlite(pglite);
  if (options.migrate !== false) await applyMigrations(adapter);
  const prisma = new PrismaClient({ adapter });
  return {
    prisma,
    kind: 'pglite',
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
