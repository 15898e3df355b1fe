import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import type { PrismaClient } from '@shop/db';
import { budapestParts } from '../budapest-time';
import { silentLogger, startPeriodicWorker, type WorkerLogger } from '../periodic-worker';
import { type BackupSource, writeBackup } from './create';
import { backupFileName, backupsToDelete, budapestDay, type RetentionPolicy } from './retention';

export type BackupSettings = {
  /** Whether this server makes the day's backup (BACKUPS); backups on request work either way. */
  daily: boolean;
  backupDir: string;
  retention: RetentionPolicy;
  /** The Budapest hour (0–23) from which the day's backup is due. */
  dailyHour: number;
};

/** A running daily backup older than this is taken to have died with its server; another may take the day. */
const STALE_RUN_MS = 6 * 60 * 60 * 1000;

export type BackupRow = Awaited<ReturnType<PrismaClient['backup']['create']>>;

/**
 * Makes one backup and records it in the Backup table: `running` first, then `succeeded` with its size
 * or `failed` with the reason; after a success, pruning deletes what the retention no longer keeps.
 */
async function recordedBackup(
  source: BackupSource,
  settings: BackupSettings,
  trigger: 'daily' | 'manual',
  started: { id: number; startedAt: Date },
  { logger = silentLogger, signal }: BackupRunOptions,
): Promise<BackupRow> {
  try {
    const file = await writeBackup(source, {
      backupDir: settings.backupDir,
      startedAt: started.startedAt,
      trigger,
      signal,
    });
    const row = await source.prisma.backup.update({
      where: { id: started.id },
      data: { status: 'succeeded', sizeBytes: file.sizeBytes, finishedAt: new Date() },
    });
    logger.info({ file: path.join(file.directory, file.fileName), bytes: file.sizeBytes }, 'Mentés kész');
    await pruneBackups(settings, logger);
    return row;
  } catch (error) {
    const reason = signal?.aborted ? SHUTDOWN_REASON : (error as Error).message.slice(0, 2000);
    logger.error({ err: error }, 'A mentés nem sikerült');
    return source.prisma.backup.update({
      where: { id: started.id },
      data: { status: 'failed', error: reason, finishedAt: new Date() },
    });
  }
}

/** Why a backup the server's shutdown cut short failed; the next daily look takes the day over. */
const SHUTDOWN_REASON = 'A szerver leállt a mentés közben (the server shut down during the backup).';

export type BackupRunOptions = {
  logger?: WorkerLogger;
  /** When the backup starts (tests set it). */
  now?: Date;
  /** Aborted by the worker's stop: the backup ends at once and is recorded as failed. */
  signal?: AbortSignal;
};

/** Deletes the backup files of BACKUP_DIR the retention policy no longer keeps. */
export async function pruneBackups(
  settings: BackupSettings,
  logger: WorkerLogger = silentLogger,
  now = new Date(),
): Promise<string[]> {
  const names = await readdir(settings.backupDir);
  const doomed = backupsToDelete(names, settings.retention, now);
  for (const name of doomed) await rm(path.join(settings.backupDir, name), { force: true });
  if (doomed.length > 0)
    logger.info({ deleted: doomed }, 'Régi mentések törölve a megőrzési szabály szerint');
  return doomed;
}

/** A backup an admin or `npm run backup` asked for now. */
export async function runManualBackup(
  source: BackupSource,
  settings: BackupSettings,
  options: BackupRunOptions = {},
): Promise<BackupRow> {
  const now = options.now ?? new Date();
  const started = await source.prisma.backup.create({
    data: {
      trigger: 'manual',
      host: hostname(),
      directory: settings.backupDir,
      fileName: backupFileName(now),
      startedAt: now,
    },
  });
  return recordedBackup(source, settings, 'manual', started, options);
}

/**
 * The day's backup, if it is due and no server has taken it: the row for the Budapest day is inserted,
 * or taken over when its earlier try failed or died, in one statement, so of several servers on one
 * PostgreSQL exactly one wins the day; a restarted server finds the day taken. Null: nothing to do.
 */
export async function runDailyBackup(
  source: BackupSource,
  settings: BackupSettings,
  options: BackupRunOptions = {},
): Promise<BackupRow | null> {
  const now = options.now ?? new Date();
  const day = budapestDay(now);
  const hour = Number(budapestParts(now).hour);
  if (hour < settings.dailyHour) return null;
  const staleBefore = new Date(now.getTime() - STALE_RUN_MS);
  const claimed = await source.prisma.$queryRaw<{ id: number }[]>`
    INSERT INTO "Backup" ("trigger", "day", "status", "host", "directory", "fileName", "startedAt")
    VALUES ('daily', ${day}, 'running', ${hostname()}, ${settings.backupDir}, ${backupFileName(now)}, ${now.toISOString()}::timestamp)
    ON CONFLICT ("day") DO UPDATE SET
      "status" = 'running', "host" = EXCLUDED."host", "directory" = EXCLUDED."directory",
      "fileName" = EXCLUDED."fileName", "startedAt" = EXCLUDED."startedAt",
      "error" = NULL, "sizeBytes" = NULL, "finishedAt" = NULL
    WHERE "Backup"."status" = 'failed'
       OR ("Backup"."status" = 'running' AND "Backup"."startedAt" < ${staleBefore.toISOString()}::timestamp)
    RETURNING "id"`;
  const id = claimed[0]?.id;
  if (id === undefined) return null;
  return recordedBackup(source, settings, 'daily', { id: Number(id), startedAt: now }, options);
}

export type BackupWorker = {
  /** A backup now, after any run in progress (the admin's "Mentés most", `npm run backup`). */
  backupNow(): Promise<BackupRow>;
  /** The day's backup if it is due (what the timer runs). */
  runDaily(): Promise<BackupRow | null>;
  /** Stops the timer and ends a backup in progress (recorded as failed, no file left), then returns. */
  stop(): Promise<void>;
};

/** How often the worker looks whether the day's backup is due. */
const CHECK_INTERVAL_MS = 15 * 60 * 1000;
/** When the worker first looks, after the server started. */
const FIRST_CHECK_DELAY_MS = 60 * 1000;

/**
 * The server's backup job: the day's backup once it is due (when `settings.daily`), and backups on
 * request. Both share one queue, so two backups never read the database at once.
 */
export function startBackupWorker({
  source,
  settings,
  logger = silentLogger,
  intervalMs = CHECK_INTERVAL_MS,
  firstCheckDelayMs = FIRST_CHECK_DELAY_MS,
}: {
  source: BackupSource;
  settings: BackupSettings;
  logger?: WorkerLogger;
  intervalMs?: number;
  firstCheckDelayMs?: number;
}): BackupWorker {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.catch(() => undefined).then(task);
    queue = next;
    return next;
  };
  // Stopping aborts what runs: a pg_dump of a large shop must not hold the server's 10 s shutdown.
  const stopping = new AbortController();
  const options = { logger, signal: stopping.signal };
  const runDaily = () => serial(() => runDailyBackup(source, settings, options));
  let timer: { stop(): Promise<void> } | null = null;
  // The first look comes a while after the start: a server just started serves first, and one that
  // lives only seconds (a test, a crash loop) backs nothing up.
  const firstLook = settings.daily
    ? setTimeout(() => {
        timer = startPeriodicWorker({
          run: runDaily,
          idle: null,
          intervalMs,
          logger,
          failureMessage: 'A napi mentés nem sikerült',
        });
      }, firstCheckDelayMs).unref()
    : undefined;
  const backupNow = () => serial(() => runManualBackup(source, settings, options));
  registered.set(source.prisma, { backupNow, settings });
  return {
    backupNow,
    runDaily,
    async stop() {
      registered.delete(source.prisma);
      clearTimeout(firstLook);
      stopping.abort(new Error(SHUTDOWN_REASON));
      await timer?.stop();
      await queue.catch(() => undefined);
    },
  };
}

/** The backup job of the server running on a database, for the admin procedures (one per process). */
const registered = new WeakMap<PrismaClient, { backupNow(): Promise<BackupRow>; settings: BackupSettings }>();

export function backupJobFor(prisma: PrismaClient) {
  return registered.get(prisma) ?? null;
}
