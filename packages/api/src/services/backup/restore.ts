import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, openPostgres, type PrismaClient } from '@shop/db';
import { FILES_DIR, type Manifest, PGLITE_DUMP, POSTGRES_DUMP, run, unpackBackup } from './archive';
import { libpqConnection, PGLITE_FOLDER } from './create';
import { backupFileName } from './retention';

/** Where a backup is restored: the embedded database of DATA_DIR, or the PostgreSQL of DATABASE_URL. */
export type RestoreTarget = { dataDir: string; databaseUrl?: string | undefined };

/** The restore would overwrite a shop or does not fit the target: nothing was changed. */
export class RestoreRefusedError extends Error {
  override readonly name = 'RestoreRefusedError';
}

async function hasEntries(folder: string): Promise<boolean> {
  return (await readdir(folder).catch(() => [])).length > 0;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Refuses when the target already holds a shop: a restore only ever fills an empty place. Asked before
 * the file is unpacked, so a refusal comes at once, whatever the backup's size.
 */
async function ensureEmptyTarget(target: RestoreTarget): Promise<void> {
  if (target.databaseUrl) {
    const database = await openPostgres(target.databaseUrl, { migrate: false, poolSize: 1 });
    try {
      const [row] = await database.prisma.$queryRaw<{ tables: number }[]>`
        SELECT count(*)::int AS "tables" FROM information_schema.tables WHERE table_schema = 'public'`;
      if ((row?.tables ?? 0) > 0) {
        throw new RestoreRefusedError(
          `A céladatbázis nem üres (${row?.tables} tábla): a visszaállítás nem ír felül élő boltot. Hozz létre egy új, üres adatbázist (createdb), és arra mutasson a DATABASE_URL. ` +
            `The target database is not empty (${row?.tables} tables): a restore never overwrites a live shop. Create a new empty database and point DATABASE_URL at it.`,
        );
      }
    } finally {
      await database.close();
    }
  } else if (await hasEntries(path.join(target.dataDir, PGLITE_FOLDER))) {
    throw new RestoreRefusedError(
      `Az adatkönyvtárban már van adatbázis (${path.join(target.dataDir, PGLITE_FOLDER)}): a visszaállítás nem ír felül élő boltot. Adj meg egy üres mappát a DATA_DIR változóval. ` +
        'The data folder already holds a database: a restore never overwrites a live shop. Set DATA_DIR to an empty folder.',
    );
  }
}

/** Refuses a backup of the other kind of database, and any of its files that would overwrite one. */
async function ensureFits(manifest: Manifest, target: RestoreTarget): Promise<void> {
  if (target.databaseUrl && manifest.kind !== 'postgres') {
    throw new RestoreRefusedError(
      'Ez a mentés a beágyazott adatbázisról készült: DATABASE_URL nélkül, egy üres DATA_DIR-be állítható vissza. ' +
        'This backup is of the embedded database: restore it without DATABASE_URL into an empty DATA_DIR.',
    );
  }
  if (!target.databaseUrl && manifest.kind !== 'pglite') {
    throw new RestoreRefusedError(
      'Ez a mentés PostgreSQL-adatbázisról készült: a DATABASE_URL egy üres adatbázisra mutasson. ' +
        'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database.',
    );
  }
  for (const entry of manifest.files) {
    if (!entry.path.startsWith(`${FILES_DIR}/`)) continue;
    const destination = path.join(target.dataDir, path.relative(FILES_DIR, entry.path));
    if (await exists(destination)) {
      throw new RestoreRefusedError(
        `Az adatkönyvtárban már létezik ${destination}: a visszaállítás nem ír felül élő boltot. Adj meg egy üres mappát a DATA_DIR változóval. ` +
          `${destination} already exists: a restore never overwrites a live shop. Set DATA_DIR to an empty folder.`,
      );
    }
  }
}

/**
 * The backup was copied while its own Backup row said `running`: in the restored shop that row is the
 * backup it came from, finished; any other backup running at that moment never finishes there.
 */
async function settleBackupRows(prisma: PrismaClient, file: string, manifest: Manifest): Promise<void> {
  const own = backupFileName(new Date(manifest.createdAt));
  await prisma.backup.updateMany({
    where: { status: 'running', fileName: own },
    data: {
      status: 'succeeded',
      sizeBytes: (await stat(file)).size,
      finishedAt: new Date(manifest.createdAt),
    },
  });
  await prisma.backup.updateMany({
    where: { status: 'running' },
    data: { status: 'failed', error: 'Félbemaradt: a bolt egy közben készült mentésből lett visszaállítva.' },
  });
}

/**
 * Restores a backup file into an empty data directory (embedded database) or an empty PostgreSQL
 * database, with DATA_DIR's files; refuses, changing nothing, when the target already holds a shop.
 * The shop started on it afterwards applies any migration newer than the backup.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  await ensureEmptyTarget(target);
  const unpacked = await mkdtemp(path.join(tmpdir(), 'shop-restore-'));
  try {
    const manifest = await unpackBackup(file, unpacked);
    await ensureFits(manifest, target);
    if (manifest.kind === 'pglite') {
      const folder = new Blob([await readFile(path.join(unpacked, PGLITE_DUMP))]);
      const database = await openDatabase({ dataDir: target.dataDir, loadDataDir: folder, migrate: false });
      await settleBackupRows(database.prisma, file, manifest).finally(() => database.close());
    } else if (target.databaseUrl) {
      const { url, env } = libpqConnection(target.databaseUrl);
      await run(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          `--dbname=${url}`,
          path.join(unpacked, POSTGRES_DUMP),
        ],
        { env },
      );
      const database = await openPostgres(target.databaseUrl, { migrate: false, poolSize: 1 });
      await settleBackupRows(database.prisma, file, manifest).finally(() => database.close());
    }
    for (const entry of manifest.files) {
      if (!entry.path.startsWith(`${FILES_DIR}/`)) continue;
      const destination = path.join(target.dataDir, path.relative(FILES_DIR, entry.path));
      await mkdir(path.dirname(destination), { recursive: true });
      await copyFile(path.join(unpacked, entry.path), destination);
    }
    return manifest;
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
