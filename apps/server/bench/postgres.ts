import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type BenchPostgres = {
  /** A server URL (database `postgres`); the benchmark creates its own database on it. */
  url: string;
  /** Whether this run started the cluster (and so stops it). */
  owned: boolean;
  /** The postmaster's process id (its backends are its children), when this run started the cluster. */
  pid?: () => number | undefined;
  stop(): void;
};

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses root, so as root every PostgreSQL binary runs as the postgres user (as .ci/run does). */
function asPostgres(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { cwd: '/', encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} hiba (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/**
 * BENCH_DATABASE_URL when set; otherwise a throwaway PostgreSQL 15 cluster in a temporary
 * directory on a free loopback port, with durability off (it is thrown away), stopped and
 * removed by `stop()` and on exit.
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, owned: false, stop() {} };

  if (!existsSync(path.join(PG_BIN, 'initdb'))) {
    throw new Error(
      `A PostgreSQL 15 programjai hiányoznak innen: ${PG_BIN} (vagy add meg a BENCH_DATABASE_URL-t).`,
    );
  }
  const root = mkdtempSync(path.join(tmpdir(), 'shop-bench-postgres-'));
  mkdirSync(path.join(root, 'socket'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const item of [root, path.join(root, 'socket')]) chownSync(item, uid, gid);
  }
  const data = path.join(root, 'data');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(path.join(data, 'postmaster.pid'))) {
      try {
        asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch (error) {
        process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', stop);
  try {
    const port = await freePort();
    asPostgres(path.join(PG_BIN, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    const settings = [
      'listen_addresses=127.0.0.1',
      `port=${port}`,
      `unix_socket_directories=${path.join(root, 'socket')}`,
      'max_connections=100',
      'fsync=off',
      'synchronous_commit=off',
      'full_page_writes=off',
      'shared_buffers=256MB',
      'work_mem=16MB',
      'maintenance_work_mem=256MB',
      'max_wal_size=4GB',
      // JIT compiles big analytic plans; for the shop's short queries (and the baseline's filter
      // query, where it added 0.6 s to a 0.2 s query) it only costs time, as on most OLTP servers.
      'jit=off',
      // BENCH_SQL_STATS: statement counts and times per request (run.ts prints them).
      ...(process.env.BENCH_SQL_STATS ? ['shared_preload_libraries=pg_stat_statements'] : []),
    ];
    asPostgres(path.join(PG_BIN, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(root, 'postgres.log'),
      '-w',
      '-t',
      '60',
      'start',
      '-o',
      settings.map((setting) => `-c ${setting}`).join(' '),
    ]);
    const pid = () => {
      try {
        return Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
      } catch {
        return undefined;
      }
    };
    return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, owned: true, pid, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
