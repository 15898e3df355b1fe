export type { Database, OpenDatabaseOptions } from './database';
export { openDatabase, openPGliteDatabase, openPostgres } from './database';
export * from './generated/prisma/client';
export { pendingMigrations } from './migration-status';
export { hashPassword, verifyPassword } from './passwords';
export { COMPANY } from './seed/company';
