import type { PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { TBackupEntry, TBackupStatus } from '../../schemas';
import { type BackupRow, backupJobFor } from './jobs';

/** A successful backup older than this makes the admin screen warn (the daily job has missed a day). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

function entry(row: BackupRow | null): TBackupEntry | null {
  if (!row) return null;
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    fileName: row.fileName,
    directory: row.directory,
    host: row.host,
    sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** What the admin screen shows: the last backup, the last good one and what is wrong, in Hungarian. */
export async function backupStatus(prisma: PrismaClient, now = new Date()): Promise<TBackupStatus> {
  const job = backupJobFor(prisma);
  const [last, lastSucceeded] = await Promise.all([
    prisma.backup.findFirst({ orderBy: [{ startedAt: 'desc' }, { id: 'desc' }] }),
    prisma.backup.findFirst({
      where: { status: 'succeeded' },
      orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
    }),
  ]);
  let warning: string | null = null;
  if (last?.status === 'failed') {
    warning = `Az utolsó mentés nem sikerült: ${last.error ?? 'ismeretlen hiba'}`;
  } else if (!lastSucceeded) {
    warning = 'Még nem készült mentés a boltról.';
  } else if (now.getTime() - lastSucceeded.startedAt.getTime() > STALE_AFTER_MS) {
    warning = 'Több mint egy napja nem készült sikeres mentés.';
  }
  if (!job?.settings.daily) {
    warning = `A napi mentés ezen a szerveren ki van kapcsolva (BACKUPS=false).${warning ? ` ${warning}` : ''}`;
  }
  return {
    enabled: job?.settings.daily ?? false,
    directory: job?.settings.backupDir ?? null,
    dailyHour: job?.settings.dailyHour ?? null,
    retention: job?.settings.retention ?? null,
    last: entry(last),
    lastSucceeded: entry(lastSucceeded),
    warning,
  };
}

/** The admin's "Mentés most": a backup by this server's job, answered when it is written. */
export async function backupNow(prisma: PrismaClient): Promise<TBackupStatus> {
  const job = backupJobFor(prisma);
  if (!job) {
    throw new DomainError(
      'conflict',
      'Ez a folyamat nem készít mentést: a mentést a futó szerver (npm start) vagy az npm run backup készíti.',
    );
  }
  await job.backupNow();
  return backupStatus(prisma);
}
