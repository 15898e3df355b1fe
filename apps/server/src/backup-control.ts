import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_CONTROL_FILE, type BackupRow, type BackupWorker } from '@shop/api';
import type { FastifyInstance } from 'fastify';

/**
 * `npm run backup` beside a running server. The embedded database can be opened by one process only,
 * so the backup is made by the server that has it open: the CLI reads this file from DATA_DIR (only the
 * server's user can) and asks the server over loopback, with a token that changes at every start.
 */
export const BACKUP_CONTROL_PATH = '/_backup';

/** `url` and `token` are null while the server is starting (`markServerStarting`). */
export type BackupControl = { url: string | null; token: string | null; pid: number };

/**
 * Written before the server opens the embedded database, so that from the first moment `npm run backup`
 * finds a server holding the folder (and tells the owner to wait) instead of opening it a second time;
 * `announce` replaces it with the address once the server listens.
 */
export async function markServerStarting(dataDir: string): Promise<void> {
  const starting: BackupControl = { url: null, token: null, pid: process.pid };
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, BACKUP_CONTROL_FILE), `${JSON.stringify(starting)}\n`, { mode: 0o600 });
}

/** What `npm run backup` prints of a backup, whether the server or the command itself made it. */
export type BackupOutcome = { status: string; file: string; sizeBytes: number | null; error: string | null };

export function backupOutcome(row: BackupRow): BackupOutcome {
  return {
    status: row.status,
    file: path.join(row.directory, row.fileName),
    sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    error: row.error,
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Mounts the route (before listen) and returns what writes the control file once the port is known. */
export function mountBackupControl(
  app: FastifyInstance,
  { dataDir, worker }: { dataDir: string; worker: () => BackupWorker | undefined },
) {
  const token = randomBytes(32).toString('hex');
  const file = path.join(dataDir, BACKUP_CONTROL_FILE);
  app.post(BACKUP_CONTROL_PATH, async (request, reply) => {
    // The socket's own address, not X-Forwarded-For: only a process on this machine may ask.
    const sent = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || !sameToken(sent, token)) {
      return reply.code(404).send({ message: 'Nem található.' });
    }
    const job = worker();
    if (!job) return reply.code(503).send({ message: 'A szerver még indul vagy már leáll.' });
    return backupOutcome(await job.backupNow());
  });
  app.addHook('onClose', async () => {
    await rm(file, { force: true });
  });
  return {
    async announce(host: string, port: number) {
      const reachable = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
      const control: BackupControl = {
        url: `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}${BACKUP_CONTROL_PATH}`,
        token,
        pid: process.pid,
      };
      await writeFile(file, `${JSON.stringify(control)}\n`, { mode: 0o600 });
    },
  };
}

/** The running server's control file, or null when no server has the data directory open. */
export async function readBackupControl(dataDir: string): Promise<BackupControl | null> {
  let control: BackupControl;
  try {
    control = JSON.parse(await readFile(path.join(dataDir, BACKUP_CONTROL_FILE), 'utf8')) as BackupControl;
  } catch {
    return null;
  }
  try {
    process.kill(control.pid, 0);
  } catch (error) {
    // ESRCH: the server that wrote it is gone (killed without cleaning up); EPERM: alive, someone else's.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return null;
  }
  return control;
}
