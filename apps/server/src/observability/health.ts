import { CATALOGUE_CACHE_KEY, cacheFor, getCatalogueIndex, recentStorageFault } from '@shop/api';
import { type Database, pendingMigrations } from '@shop/db';
import type { FastifyBaseLogger } from 'fastify';

export const STORAGE_FAULT_MESSAGE =
  'Az adatbázis nem tud írni (megtelt a lemez, vagy csak olvasható): a rendelések és módosítások nem menthetők.';

/**
 * The database answers (SELECT 1) and could write. `txid_current()` takes a transaction id, which a
 * read-only or standby server, or one refusing writes to avoid wraparound, refuses; the transaction
 * is rolled back, so the probe leaves nothing behind.
 */
export async function probeDatabaseWrite(database: Database): Promise<void> {
  await database.prisma.$queryRaw`SELECT 1`;
  const rolledBack = new Error('health probe rollback');
  await database.prisma
    .$transaction(async (tx) => {
      await tx.$queryRaw`SELECT txid_current()`;
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
}

/** What the process that runs the background workers tells /health/ready (main.ts). */
export type WorkerReadiness = {
  /** True while every background worker runs: false before they start and once shutdown begins. */
  running(): boolean;
};

export type ReadinessCheck = 'database' | 'migrations' | 'catalogue' | 'workers';
type CheckState = 'ok' | 'error';

/** Hungarian reasons for a check that failed: fixed sentences, never an error's text (no host, user or path leaks). */
const NOT_READY: Record<ReadinessCheck, string> = {
  database: 'az adatbázis nem érhető el vagy nem tud írni',
  migrations: 'az adatbázis sémája nincs a legújabb változaton (futó vagy hiányzó migráció)',
  catalogue: 'a termékkatalógus még épül',
  workers: 'a háttérfeladatok (e-mail, számlázás, webhookok) nem futnak',
};

export type Readiness = {
  status: 'ok' | 'error';
  checks: Partial<Record<ReadinessCheck, CheckState>>;
  notReady?: ReadinessCheck[];
  message?: string;
};

/**
 * The questions /health/ready asks. Migrations, once all applied, stay applied, and the catalogue,
 * once built, is rebuilt on demand after each change, so both are remembered; the database is asked
 * every time. The first call on a server that has not built its catalogue starts the build and
 * answers "building" instead of holding the probe for it.
 */
export function readinessProbe({
  database,
  workers,
  logger,
}: {
  database: Database;
  /** Left out where no workers run in this process (the tests' in-process servers): not asked. */
  workers?: WorkerReadiness;
  logger: FastifyBaseLogger;
}): () => Promise<Readiness> {
  let migrated = false;
  let catalogueBuilt = false;
  let catalogueBuilding = false;
  const cache = cacheFor(database.prisma);

  const buildCatalogue = () => {
    if (catalogueBuilding) return;
    catalogueBuilding = true;
    getCatalogueIndex({ prisma: database.prisma, cache }).then(
      () => {
        catalogueBuilt = true;
      },
      (error: unknown) => {
        catalogueBuilding = false;
        logger.error({ err: error }, 'A termékkatalógus felépítése nem sikerült');
      },
    );
  };

  const checkDatabase = async (): Promise<CheckState> => {
    try {
      await probeDatabaseWrite(database);
    } catch (error) {
      logger.error({ err: error }, 'Az adatbázis nem válaszol');
      return 'error';
    }
    return recentStorageFault() ? 'error' : 'ok';
  };

  const checkMigrations = async (): Promise<CheckState> => {
    if (migrated) return 'ok';
    try {
      const pending = await pendingMigrations(database.prisma);
      if (pending.length > 0) {
        logger.warn({ pending }, 'Nem alkalmazott migrációk');
        return 'error';
      }
    } catch (error) {
      logger.error({ err: error }, 'A migrációk állapota nem olvasható');
      return 'error';
    }
    migrated = true;
    return 'ok';
  };

  const checkCatalogue = (): CheckState => {
    if (!catalogueBuilt && cache.peek(CATALOGUE_CACHE_KEY) !== undefined) catalogueBuilt = true;
    if (!catalogueBuilt) buildCatalogue();
    return catalogueBuilt ? 'ok' : 'error';
  };

  return async () => {
    const checks: Readiness['checks'] = {
      database: await checkDatabase(),
      migrations: await checkMigrations(),
      catalogue: checkCatalogue(),
    };
    if (workers) checks.workers = workers.running() ? 'ok' : 'error';
    const notReady = (Object.keys(checks) as ReadinessCheck[]).filter((name) => checks[name] !== 'ok');
    if (notReady.length === 0) return { status: 'ok', checks };
    return {
      status: 'error',
      checks,
      notReady,
      message: `A szerver még nem fogad forgalmat: ${notReady.map((name) => NOT_READY[name]).join('; ')}.`,
    };
  };
}
