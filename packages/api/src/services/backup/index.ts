export { BackupFileError, type Manifest } from './archive';
export { BACKUP_CONTROL_FILE, type BackupSource, PGLITE_FOLDER } from './create';
export { type ShopFingerprint, shopFingerprint } from './fingerprint';
export {
  type BackupRow,
  type BackupSettings,
  type BackupWorker,
  backupJobFor,
  pruneBackups,
  runDailyBackup,
  runManualBackup,
  startBackupWorker,
} from './jobs';
export { RestoreRefusedError, type RestoreTarget, restoreBackup } from './restore';
export { backupFileName, backupsToDelete, DEFAULT_RETENTION, type RetentionPolicy } from './retention';
