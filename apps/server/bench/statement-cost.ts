import { openPostgres } from '@shop/db';
import pg from 'pg';
import { type BenchPostgres, startBenchPostgres } from './postgres';

/**
 * `npx tsx apps/server/bench/statement-cost.ts`: what one statement costs the calling Node process,
 * one at a time on an idle machine, through `pg` (as the baseline sends it) and through Prisma (as
 * the shop sends it): a raw query, a model query, and both inside an interactive transaction. CPU
 * is the process's own (user + system) time per statement, wall the round trip. On the benchmark's
 * PostgreSQL 15 cluster (or BENCH_DATABASE_URL), in a database of its own, removed at the end.
 */

const ROUNDS = Number(process.env.STATEMENT_ROUNDS ?? 3000);

async function timed(name: string, run: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 1000; i++) await run(i); // warm up: plans, JIT, pool
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) await run(i);
  const wall = (performance.now() - started) / ROUNDS;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / ROUNDS;
  process.stdout.write(
    `${name.padEnd(62)} CPU ${cpuMs.toFixed(3)} ms (rendszer ${(used.system / 1000 / ROUNDS).toFixed(3)}), idő ${wall.toFixed(3)} ms\n`,
  );
}

async function main() {
  let postgres: BenchPostgres | undefined;
  const name = `shop_statement_cost_${process.pid}`;
  try {
    postgres = await startBenchPostgres();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    const prisma = database.prisma;
    await prisma.cacheVersion.create({ data: { key: 'koltseg', version: 1 } });
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });

    process.stdout.write(`Egy utasítás ára, egymás után ${ROUNDS}-szor:\n`);
    await timed('pg, nevesített (előkészített) utasítás', (i) =>
      pool.query({ name: 'version', text: 'SELECT version FROM "CacheVersion" WHERE key = $1 AND $2 >= 0' }, [
        'koltseg',
        i,
      ]),
    );
    await timed('pg, névtelen utasítás', (i) =>
      pool.query('SELECT version FROM "CacheVersion" WHERE key = $1 AND $2 >= 0', ['koltseg', i]),
    );
    await timed(
      'Prisma $queryRaw',
      (i) => prisma.$queryRaw`SELECT version FROM "CacheVersion" WHERE key = ${'koltseg'} AND ${i} >= 0`,
    );
    await timed('Prisma modell-lekérdezés (findUnique)', () =>
      prisma.cacheVersion.findUnique({ where: { key: 'koltseg' }, select: { version: true } }),
    );
    const client = await pool.connect();
    await client.query('BEGIN');
    await timed('pg, tranzakción belül (nevesített)', (i) =>
      client.query(
        { name: 'version', text: 'SELECT version FROM "CacheVersion" WHERE key = $1 AND $2 >= 0' },
        ['koltseg', i],
      ),
    );
    await client.query('COMMIT');
    client.release();
    await prisma.$transaction(
      async (tx) => {
        await timed('Prisma modell-lekérdezés interaktív tranzakcióban', () =>
          tx.cacheVersion.findUnique({ where: { key: 'koltseg' }, select: { version: true } }),
        );
      },
      { timeout: 600_000 },
    );
    await timed('Prisma: üres interaktív tranzakció (BEGIN + COMMIT)', () =>
      prisma.$transaction(async () => undefined),
    );
    await pool.end();
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  } finally {
    postgres?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
