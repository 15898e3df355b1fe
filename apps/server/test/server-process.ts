import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres } from '@shop/db';
import { onTestFinished } from 'vitest';
import { REPO_ROOT } from '../src/config';

/** A port nobody listens on right now: bound once to learn a free number, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A new, empty database on the PostgreSQL server of `serverUrl` (a superuser URL), and how to drop it. */
export async function createPostgresDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const server = await openPostgres(serverUrl, { migrate: false, poolSize: 1 });
    try {
      await server.prisma.$executeRawUnsafe(sql);
    } finally {
      await server.close();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export type ServerProcess = { port: number; url: string; child: ChildProcess };

/** `src/main.ts` in a child process with the test defaults under `env`: no demo data, silent logs, an embedded database. */
function spawnServer(env: Record<string, string>, stderr: 'ignore' | 'pipe'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: tmpdir(),
      DATABASE_URL: '',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', stderr],
  });
}

/**
 * Starts the real server where it must refuse to start, and answers its exit code and what it wrote
 * to stderr. Should it start after all, it is killed when the test ends.
 */
export async function startRefusedServer(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawnServer({ PORT: '0', ...env }, 'pipe');
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stderr };
}

/**
 * The real server (`src/main.ts`, as `npm start` runs it) in a child process on a free port,
 * returned once `/health` answers. `env` adds to or overrides the defaults: no demo data, silent
 * logs, an embedded database in the temporary directory unless DATABASE_URL names one.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // The port is chosen before the child listens, and another process may take it meanwhile (any
  // outgoing connection draws from the same range): then a fresh port, not a test that fails now and then.
  for (let attempt = 1; ; attempt++) {
    const started = await startOnFreePort(env);
    if (started !== 'port-taken') return started;
    if (attempt >= 5) throw new Error('A szerver nem kapott szabad portot.');
  }
}

async function startOnFreePort(env: Record<string, string>): Promise<ServerProcess | 'port-taken'> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // A data folder of its own: servers of test files running at once never share one.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-server-'));
  const child = spawnServer(
    { PORT: String(port), PUBLIC_URL: url, WEB_DIST: tmpdir(), DATA_DIR: dataDir, ...env },
    'pipe',
  );
  child.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  // The last of what it wrote to stderr, so a server that dies while starting says why.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  for (let attempt = 0; attempt < 1200; attempt++) {
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    // A server of another test file may have taken the port while this one was still opening its
    // database: it answers /health too, and this child then stops with EADDRINUSE below.
    if (healthy && listensOn(child, port)) return { port, url, child };
    if (child.exitCode !== null) {
      if (stderr.includes('EADDRINUSE')) return 'port-taken';
      throw new Error(`A szerver leállt (${child.exitCode}):\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('A szerver nem indult el.');
}

/** A file's text, or '' where it cannot be read (no IPv6, not Linux, a process that has ended). */
function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Whether the socket listening on `port` is one of `child`'s open files, as Linux's /proc tells.
 * Where there is no /proc to ask, the answer is yes, as it was before this check.
 */
function listensOn(child: ChildProcess, port: number): boolean {
  if (process.platform !== 'linux') return true;
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const LISTEN = '0A';
  const listening = ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((table) => readOrEmpty(table).split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1]?.endsWith(hexPort) && fields[3] === LISTEN)
    .map((fields) => `socket:[${fields[9]}]`);
  const fds = `/proc/${child.pid}/fd`;
  let open: string[];
  try {
    open = readdirSync(fds).map((fd) => {
      try {
        return readlinkSync(path.join(fds, fd));
      } catch {
        return ''; // closed since the listing
      }
    });
  } catch {
    return false; // the child has ended
  }
  return listening.some((socket) => open.includes(socket));
}
