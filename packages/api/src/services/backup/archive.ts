import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** Inside a backup file: `manifest.json`, the database in `database/`, DATA_DIR's other files in `files/`. */
export const MANIFEST_NAME = 'manifest.json';
export const PGLITE_DUMP = 'database/pgdata.tar';
export const POSTGRES_DUMP = 'database/postgres.dump';
export const FILES_DIR = 'files';

const ZManifest = z.object({
  format: z.literal('magyar-webshop-backup'),
  version: z.literal(1),
  /** The embedded database's folder (PGlite dumpDataDir) or a pg_dump custom-format dump. */
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  trigger: z.enum(['daily', 'manual']),
  /** The last migration applied to the database backed up: the code it needs is this one or newer. */
  migration: z.string().nullable(),
  /** What was in the shop, for a reader of the file and a restore drill. */
  counts: z.object({ orders: z.number(), invoices: z.number(), media: z.number() }),
  /** Every file of the archive but the manifest, with its size and SHA-256, checked before a restore. */
  files: z.array(z.object({ path: z.string().refine(isArchivePath), bytes: z.number(), sha256: z.string() })),
});
export type Manifest = z.infer<typeof ZManifest>;

/**
 * A part a backup may name: the database copy, or a file under `files/` given as a plain relative path.
 * A restore copies `files/…` into DATA_DIR, so a crafted manifest with `files/../x` or an absolute path
 * would write outside it; such a file is refused as not a shop backup.
 */
function isArchivePath(value: string): boolean {
  if (value === PGLITE_DUMP || value === POSTGRES_DUMP) return true;
  return (
    value.startsWith(`${FILES_DIR}/`) &&
    path.posix.normalize(value) === value &&
    !value.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')
  );
}

export class BackupFileError extends Error {
  override readonly name = 'BackupFileError';
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Runs a program to its end; rejects with its error output when it fails. An aborted `signal` ends the
 * program (SIGTERM), so a shutting-down server does not wait for a long pg_dump or tar.
 */
export function run(
  command: string,
  args: string[],
  { env = process.env, signal }: { env?: NodeJS.ProcessEnv; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env, signal });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) =>
      reject(
        signal?.aborted
          ? signal.reason
          : new Error(
              (error as NodeJS.ErrnoException).code === 'ENOENT'
                ? `A(z) ${command} program nincs telepítve (${command} not found on PATH).`
                : error.message,
            ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command}: ${stderr.trim() || `exit code ${code}`}`)),
    );
  });
}

/** Packs a staged folder into one gzip-compressed tar file (the system's tar streams it, whatever its size). */
export function packFolder(folder: string, file: string, signal?: AbortSignal): Promise<void> {
  return run('tar', ['-czf', file, '-C', folder, '.'], { signal });
}

/** Unpacks a backup file into an empty folder and checks it against its manifest. */
export async function unpackBackup(file: string, folder: string): Promise<Manifest> {
  try {
    await run('tar', ['-xzf', file, '-C', folder, '--no-same-owner']);
  } catch (error) {
    throw new BackupFileError(
      `A mentésfájl nem olvasható (sérült vagy nem .tar.gz): ${file}. The backup file cannot be read: ${(error as Error).message}`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = ZManifest.parse(JSON.parse(await readFile(path.join(folder, MANIFEST_NAME), 'utf8')));
  } catch {
    throw new BackupFileError(
      `A fájl nem a webáruház mentése (hiányzó vagy ismeretlen manifest.json): ${file}. Not a shop backup.`,
    );
  }
  for (const entry of manifest.files) {
    const local = path.join(folder, entry.path);
    // Only regular files: a symbolic link in the archive would make the restore copy whatever it points at.
    const regular = await lstat(local).then(
      (info) => info.isFile(),
      () => false,
    );
    if (!regular || (await sha256File(local).catch(() => '')) !== entry.sha256) {
      throw new BackupFileError(
        `A mentés sérült: ${entry.path} ellenőrzőösszege nem egyezik. The backup is damaged: ${entry.path} does not match its checksum.`,
      );
    }
  }
  return manifest;
}
