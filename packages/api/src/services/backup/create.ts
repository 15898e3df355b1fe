import { chmod, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, PrismaClient } from '@shop/db';
import {
  FILES_DIR,
  MANIFEST_NAME,
  type Manifest,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  packFolder,
  run,
  sha256File,
} from './archive';
import { backupFileName } from './retention';

/** The running server's address and token for `npm run backup` (apps/server/src/backup-control.ts); never part of a backup. */
export const BACKUP_CONTROL_FILE = 'backup-control.json';
/** The embedded database's folder inside DATA_DIR (packages/db's openDatabase). */
export const PGLITE_FOLDER = 'pglite';

/**
 * The database a backup reads. The embedded one is the open PGlite of the process that owns it (only
 * one process may open its folder); PostgreSQL is read by pg_dump, from any machine, any number of times.
 */
export type BackupSource =
  | { kind: 'pglite'; prisma: PrismaClient; pglite: NonNullable<Database['pglite']>; dataDir: string }
  | { kind: 'postgres'; prisma: PrismaClient; databaseUrl: string; dataDir: string };

export type BackupFile = { fileName: string; directory: string; sizeBytes: number; manifest: Manifest };

/** The libpq connection parameters pg_dump/pg_restore understand; Prisma-only ones (schema=…) are dropped. */
const LIBPQ_PARAMETERS = new Set([
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
  'application_name',
  'options',
  'connect_timeout',
  'host',
  'port',
]);

/**
 * A DATABASE_URL as pg_dump and pg_restore take it: the password goes in PGPASSWORD, so it is not seen
 * in the process list, and parameters only Prisma knows are left out.
 */
export function libpqConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  for (const name of [...url.searchParams.keys()]) {
    if (!LIBPQ_PARAMETERS.has(name)) url.searchParams.delete(name);
  }
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The files of DATA_DIR besides the database, the backups and the control file (today the settings key). */
async function dataFiles(dataDir: string, backupDir: string): Promise<string[]> {
  const skipped = new Set([
    path.join(dataDir, PGLITE_FOLDER),
    path.join(dataDir, BACKUP_CONTROL_FILE),
    backupDir,
  ]);
  const found: string[] = [];
  const walk = async (folder: string) => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (skipped.has(full)) continue;
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push(path.relative(dataDir, full));
    }
  };
  await walk(dataDir);
  return found.sort();
}

async function shopCounts(prisma: PrismaClient): Promise<Manifest['counts']> {
  const [orders, invoices, media] = await Promise.all([
    prisma.order.count(),
    prisma.invoice.count(),
    prisma.media.count(),
  ]);
  return { orders, invoices, media };
}

async function lastMigration(prisma: PrismaClient): Promise<string | null> {
  const rows = await prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT "migration_name" FROM "_prisma_migrations"
    WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL
    ORDER BY "migration_name" DESC LIMIT 1`;
  return rows[0]?.migration_name ?? null;
}

/** Writes the database's own consistent copy into `staging`'s database/ folder and returns its path there. */
async function dumpDatabase(source: BackupSource, staging: string, signal?: AbortSignal): Promise<string> {
  await mkdir(path.join(staging, 'database'), { recursive: true });
  if (source.kind === 'pglite') {
    // dumpDataDir holds PGlite's query lock while it copies the folder, so no statement writes into the
    // copy; requests wait that long (a second or so for a small shop). A transaction left open between
    // statements is rolled back when the copy is started, as after a power cut: only commits count.
    await source.pglite.exec('CHECKPOINT');
    const tar = await source.pglite.dumpDataDir('none');
    await writeFile(path.join(staging, PGLITE_DUMP), Buffer.from(await tar.arrayBuffer()));
    return PGLITE_DUMP;
  }
  // pg_dump reads one snapshot of the whole database while the shop keeps writing.
  const { url, env } = libpqConnection(source.databaseUrl);
  await run(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(staging, POSTGRES_DUMP)}`,
      `--dbname=${url}`,
    ],
    { env, signal },
  );
  return POSTGRES_DUMP;
}

/**
 * One backup file of the whole shop in `backupDir`: the database, DATA_DIR's other files and a manifest,
 * packed into `shop-YYYYMMDD-HHMMSSZ.tar.gz`. It is written under a temporary name and renamed at the
 * end, so a backup interrupted half-way never looks like a finished one.
 */
export async function writeBackup(
  source: BackupSource,
  {
    backupDir,
    startedAt,
    trigger,
    signal,
  }: {
    backupDir: string;
    startedAt: Date;
    trigger: 'daily' | 'manual';
    /** Aborted when the server shuts down: the backup stops where it is and leaves no file behind. */
    signal?: AbortSignal;
  },
): Promise<BackupFile> {
  const fileName = backupFileName(startedAt);
  const staging = path.join(backupDir, `.${fileName}.staging`);
  const partial = path.join(backupDir, `.${fileName}.partial`);
  // A backup holds every customer's data and the settings key: for the server's user only.
  await mkdir(backupDir, { recursive: true, mode: 0o700 });
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const [counts, migration] = [await shopCounts(source.prisma), await lastMigration(source.prisma)];
    const databaseFile = await dumpDatabase(source, staging, signal);
    signal?.throwIfAborted();
    const copied: string[] = [];
    for (const relative of await dataFiles(source.dataDir, path.resolve(backupDir))) {
      const target = path.join(staging, FILES_DIR, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(source.dataDir, relative), target);
      copied.push(path.join(FILES_DIR, relative));
    }
    const files: Manifest['files'] = [];
    for (const relative of [databaseFile, ...copied]) {
      const full = path.join(staging, relative);
      files.push({ path: relative, bytes: (await stat(full)).size, sha256: await sha256File(full) });
    }
    const manifest: Manifest = {
      format: 'magyar-webshop-backup',
      version: 1,
      kind: source.kind,
      createdAt: startedAt.toISOString(),
      trigger,
      migration,
      counts,
      files,
    };
    await writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    signal?.throwIfAborted();
    await packFolder(staging, partial, signal);
    await chmod(partial, 0o600);
    const finalPath = path.join(backupDir, fileName);
    await rename(partial, finalPath);
    return { fileName, directory: backupDir, sizeBytes: (await stat(finalPath)).size, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
