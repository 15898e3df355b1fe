import { mkdir, rm, writeFile } from 'node:fs/promises';
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
  /** The embedded database itself, for what only the owning process can do (a backup of its folder). */
  pglite?: PGlite;
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
  await ensureWritableDataDir(options.dataDir, dataDir);
  return openPGliteDatabase(await createPGlite({ dataDir }), options);
}

/** The embedded database's folder cannot be made or written: said in words, naming the folder. */
export class DataDirError extends Error {
  override readonly name = 'DataDirError';
}

/**
 * The embedded database writes in `dir` (inside DATA_DIR) from its first moment; in a folder it cannot
 * write PGlite fails with only "PGlite failed to initialize properly". A file written and removed
 * there tells first, also for root, whom permissions do not stop but a read-only disk or a file
 * in the folder's place does.
 */
async function ensureWritableDataDir(configured: string, dir: string): Promise<void> {
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new DataDirError(
      `Az adatkönyvtár nem írható: ${configured} (${code}). Adj írási jogot a szerver felhasználójának ` +
        'erre a mappára (és ha a helyén fájl van, nevezd át), vagy a DATA_DIR változóval adj meg egy írható mappát. ' +
        `The data folder ${configured} is not writable (${code}): give the server's user write access ` +
        'to it, or set DATA_DIR to a writable folder.',
      { cause: error },
    );
  }
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
    pglite,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
