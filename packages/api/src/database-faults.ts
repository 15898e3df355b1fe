/**
 * Failures that say the database cannot serve right now, rather than that a request was wrong: it
 * cannot be reached (refused, closed, timed out, no free connection, PGlite closed) or it cannot
 * write (disk full, read-only). errors.ts turns them into one 503 that tells the shopper to come
 * back in a few minutes; /health reports a recent write failure (`recentStorageFault`).
 */
export type DatabaseFault = 'unreachable' | 'storage';

/** Prisma's driver-adapter error kinds for a database that is down or out of connections. */
const UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
/** Prisma's own codes: cannot reach, timed out, connection closed, pool timeout, too many connections. */
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
const UNREACHABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const STORAGE_NODE_CODES = new Set(['ENOSPC', 'EROFS']);
/**
 * PostgreSQL's SQLSTATE: connection exceptions (08…), shutting down or starting (57P01–57P03), no
 * resources (53…, 53100 being a full disk) and a read-only server (25006, a standby or read-only mode).
 */
const UNREACHABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53[0-9A-Z]{3})$/;
const STORAGE_SQLSTATE = /^(53100|25006)$/;
/** Texts of the same failures where no code travels with them (PGlite, node-postgres' pool). */
const UNREACHABLE_TEXT =
  /PGlite is closed|Connection terminated|timeout exceeded when trying to connect|Can't reach database server/i;
const STORAGE_TEXT =
  /could not extend file|No space left on device|read-only file system|read-only transaction/i;

/** How long a write failure keeps /health at 503: a disk still full fails the next writes again. */
const STORAGE_FAULT_REPORTED_MS = 2 * 60_000;
let lastStorageFaultAt: number | undefined;

/** What kind of database outage `error` (or anything it wraps) is, or null for any other failure. */
export function databaseFault(error: unknown): DatabaseFault | null {
  let found: DatabaseFault | null = null;
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (found === 'storage' || depth > 6 || typeof value !== 'object' || value === null || seen.has(value))
      return;
    seen.add(value);
    const { code, kind, originalCode, message, cause, meta } = value as Record<string, unknown>;
    const texts = [code, kind, originalCode].filter((text): text is string => typeof text === 'string');
    const said = typeof message === 'string' ? message : '';
    if (
      texts.some((text) => STORAGE_NODE_CODES.has(text) || STORAGE_SQLSTATE.test(text)) ||
      STORAGE_TEXT.test(said)
    ) {
      found = 'storage';
      return;
    }
    if (
      texts.some(
        (text) =>
          UNREACHABLE_KINDS.has(text) ||
          UNREACHABLE_PRISMA_CODES.has(text) ||
          UNREACHABLE_NODE_CODES.has(text) ||
          UNREACHABLE_SQLSTATE.test(text),
      ) ||
      UNREACHABLE_TEXT.test(said)
    ) {
      found = 'unreachable';
    }
    visit(cause, depth + 1);
    visit((meta as Record<string, unknown> | undefined)?.driverAdapterError, depth + 1);
  };
  visit(error, 0);
  if (found === 'storage') lastStorageFaultAt = Date.now();
  return found;
}

/** Whether a write failed for lack of disk space or a read-only database in the last minutes. */
export function recentStorageFault(now: number = Date.now()): boolean {
  return lastStorageFaultAt !== undefined && now - lastStorageFaultAt < STORAGE_FAULT_REPORTED_MS;
}
