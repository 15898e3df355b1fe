import type { BackupSettings, BackupSource } from '@shop/api';
import type { Database } from '@shop/db';
import type { Config } from './config';

/** The backup job's settings from the environment (BACKUPS, BACKUP_DIR, BACKUP_HOUR, BACKUP_KEEP_*). */
export function backupSettings(config: Config): BackupSettings {
  return {
    daily: config.backups.enabled,
    backupDir: config.backups.dir,
    dailyHour: config.backups.dailyHour,
    retention: config.backups.retention,
  };
}

/** What a backup reads: the open embedded database itself, or PostgreSQL through pg_dump. */
export function backupSource(database: Database, config: Config): BackupSource {
  if (database.pglite) {
    return { kind: 'pglite', prisma: database.prisma, pglite: database.pglite, dataDir: config.dataDir };
  }
  return {
    kind: 'postgres',
    prisma: database.prisma,
    databaseUrl: config.databaseUrl ?? '',
    dataDir: config.dataDir,
  };
}
