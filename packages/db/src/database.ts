import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client';
import { createPGlite } from './pglite';
import { statementNamer } from './prepared-statements';
import { applyMigrations } from './schema-engine';

export type Database = {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself, for what only the owning process can do (a backup of its folder). */
  pglite?: PGlite;
  close(): Promise<void>;
  /** PostgreSQL's connection pool right now, for the server's metrics; the embedded database has one connection and no pool. */
  poolUse?(): PoolUse;
};

export type PoolUse = { total: number; idle: number; waiting: number; max: number };

export type OpenDatabaseOptions = {
  /** A PostgreSQL connection string; without it the embedded database in `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Applies committed migrations before returning (default true). */
  migrate?: boolean;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /** A restore: the embedded database's folder as PGlite's dumpDataDir wrote it, unpacked into an empty `dataDir`. */
  loadDataDir?: Blob;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options);
  }
  const dataDir = join(options.dataDir, 'pglite');
  await ensureWritableDataDir(options.dataDir, dataDir);
  return openPGliteDatabase(await createPGlite({ dataDir, loadDataDir: options.loadDataDir }), options);
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
  const max = options.poolSize ?? 10;
  const pools = shopPools(connectionString, max);
  if (options.migrate !== false) await migrateOnce(connectionString);
  const adapter = new PrismaPg(pools.pool, { statementNameGenerator: statementNamer() });
  const prisma = new PrismaClient({ adapter });
  return {
    prisma,
    kind: 'postgres',
    close: async () => {
      await prisma.$disconnect();
      await pools.end();
    },
    poolUse: pools.use,
  };
}

/**
 * The shop's connections in two pools. Statements marked PREPARED (prepared-statements.ts) are sent
 * under a name; outside a transaction they run on sessions of their own, at most half of `max` more,
 * that always take the statement's one generic plan, so it is planned once per connection
 * (PostgreSQL's own choice kept planning the order's statement for every order). Everything else runs
 * on up to `max` sessions that plan each statement for its values. The setting cannot be given per
 * statement, and it governs unnamed statements too: on one pool, every query of the shop was planned
 * blind to its values (the stock poll then read all variants to find the few of its moved products).
 * The marked statements' sessions come on top: taken out of `max`, they left two transactions of a
 * test's pool of four waiting for a third connection that never came.
 */
function shopPools(connectionString: string, max: number) {
  const preparedMax = Math.max(1, Math.ceil(max / 2));
  const pool = new pg.Pool({ connectionString, max });
  const prepared = new pg.Pool({
    connectionString,
    max: preparedMax,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle connection the server ends (a restart, a failover, a dropped database) is an 'error' event on
  // the pool; unheard, it would end the process. The pool drops that connection and opens a new one at
  // the next query; errors of queries in flight still reach their callers (and /health).
  for (const each of [pool, prepared]) each.on('error', () => undefined);
  // The adapter sends a statement outside a transaction with pool.query, inside one on a client it
  // took with pool.connect; pg sends an empty name as the unnamed statement.
  const plain = pool.query.bind(pool);
  pool.query = ((config: unknown, ...rest: unknown[]) =>
    typeof config === 'object' && config !== null && (config as { name?: string }).name
      ? (prepared.query as (...args: unknown[]) => unknown)(config, ...rest)
      : (plain as (...args: unknown[]) => unknown)(config, ...rest)) as typeof pool.query;
  return {
    pool,
    end: async () => {
      await Promise.all([pool.end(), prepared.end()]);
    },
    use: (): PoolUse => ({
      total: pool.totalCount + prepared.totalCount,
      idle: pool.idleCount + prepared.idleCount,
      waiting: pool.waitingCount + prepared.waitingCount,
      max: pool.options.max + prepared.options.max,
    }),
  };
}

/**
 * The advisory lock every server of a shop takes while it migrates. Prisma's engine takes its own
 * (72707369) but gives up after 10 s, so a second server started during a longer upgrade would fail;
 * behind this one it waits as long as the first server migrates, then finds nothing left to apply.
 * The lock belongs to the session, so a server that dies mid-migration releases it.
 */
export const MIGRATION_LOCK_KEY = 4_620_230_023;

async function migrateOnce(connectionString: string) {
  const session = new pg.Client({ connectionString });
  await session.connect();
  // The engine's queries get a pool of one connection of their own, closed afterwards: Prisma's lock
  // is never unlocked (the engine counts on its connection closing), and left in the server's pool it
  // would make the next server to start give up after Prisma's 10 s. One connection also keeps the
  // engine's session state in one session.
  const enginePool = new pg.Pool({ connectionString, max: 1 });
  enginePool.on('error', () => undefined);
  try {
    await session.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await applyMigrations(new PrismaPg(enginePool));
  } finally {
    await enginePool.end();
    await session.end();
  }
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
