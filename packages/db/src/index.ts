export type { Database, OpenDatabaseOptions, PoolUse } from './database';
export { MIGRATION_LOCK_KEY, openDatabase, openPGliteDatabase, openPostgres } from './database';
export * from './generated/prisma/client';
export { pendingMigrations } from './migration-status';
export { hashPassword, verifyPassword } from './passwords';
export { PREPARED } from './prepared-statements';
export { COMPANY } from './seed/company';
