import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { openPostgres } from '@shop/db';
import autocannon from 'autocannon';
import pg from 'pg';
import { CATALOGUE, fillCatalogue, valueId } from './fill';
import { type BenchPostgres, startBenchPostgres } from './postgres';
import { buildQueries } from './queries';

/**
 * `npm run bench`: a real PostgreSQL (BENCH_DATABASE_URL or a throwaway PostgreSQL 15 cluster),
 * 100 000 generated products, the real server (buildServer) and a bare node:http + pg baseline,
 * each in its own process, measured with autocannon on loopback at fixed request rates and at
 * saturation. Bounded: every load run lasts BENCH_DURATION seconds (default 10), the whole run
 * stops after 30 minutes at the latest, and the cluster and database are removed at exit.
 */

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Math.max(1, Math.round(DURATION / 4));
const SATURATION_CONNECTIONS = 32;
const WATCHDOG_MS = 30 * 60_000;
/** Comma-separated scenario names (or parts of them) to run only those, e.g. `BENCH_ONLY=getBySlug`. */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
/** A directory: the shop's process writes a V8 CPU profile there (`node --cpu-prof`) when it exits. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

const log = (line: string) => process.stdout.write(`${line}\n`);

type Body = Record<string, unknown>;
type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** The n-th request's body; varying it makes every request miss the shop's answer cache. */
  body?: (n: number) => Body;
  rate: number;
  connections: number;
  target: string;
};

const FILTER_BASE = {
  category: 1,
  properties: {
    '1': [valueId(0, 0), valueId(0, 1)],
    '2': [valueId(1, 0), valueId(1, 1)],
  },
  sort: 'price-asc',
};

/** Tens of thousands of distinct queries: a measurement window never repeats one, so nearly every
 * request misses the shop's answer cache (the baseline gets the same list). */
const BENCH_QUERIES = buildQueries();
const QUERIES = BENCH_QUERIES.all;

function productSlug(n: number): string {
  let id = 1 + ((n * 7919) % CATALOGUE.products);
  // Every 50th product is disabled in the generated catalogue; the one before it exists (id + 1 may not).
  if (id % 50 === 0) id -= 1;
  return `termek-${id}`;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'filters, nem gyorsítótárazott',
    method: 'POST',
    path: '/api/product/filters',
    // priceMin below the cheapest and priceMax above the dearest product: the same result set,
    // a different request hash every time.
    body: (n) => ({
      ...FILTER_BASE,
      page: 1 + (n % 5),
      priceMin: n % 400,
      priceMax: 100_000 - Math.floor(n / 400),
    }),
    rate: 300,
    connections: 10,
    target: 'p99 < 50 ms',
  },
  {
    name: 'filters, gyorsítótárból',
    method: 'POST',
    path: '/api/product/filters',
    body: () => ({ ...FILTER_BASE, page: 1 }),
    rate: 5000,
    connections: 50,
    target: '> 5000 kérés/s',
  },
  {
    name: 'quicksearch, különböző kérdések',
    method: 'POST',
    path: '/api/product/quicksearch',
    body: (n) => ({ query: QUERIES[n % QUERIES.length] }),
    rate: 200,
    connections: 10,
    target: 'p95 < 20 ms',
  },
  {
    name: 'getBySlug',
    method: 'POST',
    path: '/api/product/getBySlug',
    body: (n) => ({ slug: productSlug(n) }),
    rate: 1000,
    connections: 20,
    target: '',
  },
  {
    name: 'GET /api/category',
    method: 'GET',
    path: '/api/category',
    rate: 2000,
    connections: 20,
    target: '',
  },
];

type Measured = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

let counter = 0;

async function measure(
  baseUrl: string,
  scenario: Scenario,
  options: { rate?: number; connections: number; duration: number },
): Promise<Measured> {
  const { body } = scenario;
  const request = {
    method: scenario.method,
    path: scenario.path,
    headers: (body ? { 'content-type': 'application/json' } : {}) as Record<string, string>,
    ...(body
      ? {
          body: JSON.stringify(body(counter++)),
          setupRequest: (req: { body?: string }) => ({ ...req, body: JSON.stringify(body(counter++)) }),
        }
      : {}),
  };
  const latencies: number[] = [];
  const instance = autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
    requests: [request],
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result['2xx'] / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Waits until the benchmark database runs no statement: a server that fell behind (the baseline at
 * a rate it cannot serve) must not lend its backlog to the next measurement.
 */
async function waitForIdle(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ busy: number }>(
        `SELECT count(*)::int AS busy FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      if ((rows[0]?.busy ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}

function startChild(file: string, databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const profile =
      CPU_PROF_DIR && file === 'shop-server.ts' ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
    const child = spawn(
      process.execPath,
      [...profile, '--import', 'tsx', path.join(import.meta.dirname, file)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env: { ...process.env, NODE_ENV: 'production', BENCH_SHOP_DATABASE_URL: databaseUrl },
      },
    );
    const timer = setTimeout(() => reject(new Error(`${file} nem indult el 120 s alatt`)), 120_000);
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      child.once('exit', (code, signal) => {
        if (child.connected || code) log(`  FIGYELEM: ${file} váratlanul kilépett (${code ?? signal}).`);
      });
      resolve({ child, url: `http://127.0.0.1:${message.port}` });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} kilépett (${code})`));
    });
  });
}

async function post(
  url: string,
  scenario: Scenario,
  n: number,
): Promise<{ status: number; json: unknown; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}${scenario.path}`, {
    method: scenario.method,
    headers: scenario.body ? { 'content-type': 'application/json' } : {},
    body: scenario.body ? JSON.stringify(scenario.body(n)) : undefined,
  });
  const json: unknown = await response.json();
  return { status: response.status, json, ms: performance.now() - started };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * One query at a time per kind, on an idle server: what a shopper typing something new waits, before
 * the load runs (which then meet these few queries cached, a handful among tens of thousands).
 */
async function timeQueryKinds(shopUrl: string, baselineUrl: string): Promise<void> {
  log('\nGyorskeresés fajtánként, egyenként (medián / max ms, 8 új kérdés; szerver | alapvonal):');
  const scenario = SCENARIOS.find((item) => item.path === '/api/product/quicksearch')!;
  for (const [kind, list] of BENCH_QUERIES.byKind) {
    const samples = list.slice(-8);
    const times: Record<'shop' | 'baseline', number[]> = { shop: [], baseline: [] };
    for (const query of samples) {
      const ask = { ...scenario, body: () => ({ query }) };
      times.shop.push((await post(shopUrl, ask, 0)).ms);
      times.baseline.push((await post(baselineUrl, ask, 0)).ms);
    }
    log(
      `  ${kind.padEnd(20)} ${f(median(times.shop))} / ${f(Math.max(...times.shop))} | ${f(median(times.baseline))} / ${f(Math.max(...times.baseline))}   pl. "${samples[0]}"`,
    );
  }
}

function rssMb(pid: number | undefined): string {
  if (!pid) return '?';
  try {
    return `${Math.round(Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024)} MB`;
  } catch {
    return '?';
  }
}

const f = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(rows[0]!),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}

async function main() {
  const startedAt = performance.now();
  let postgres: BenchPostgres | undefined;
  let databaseName: string | undefined;
  const children: ChildProcess[] = [];
  const cleanup = async () => {
    for (const child of children) if (child.connected) child.disconnect();
    // A disconnected child closes and exits by itself (writing its CPU profile, if asked); only a stuck one is killed.
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill('SIGTERM');
              resolve();
            }, 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
    if (postgres && databaseName) {
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin
        .connect()
        .then(() => admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`))
        .catch(() => undefined)
        .finally(() => admin.end().catch(() => undefined));
    }
    postgres?.stop();
  };
  const watchdog = setTimeout(() => {
    log('A benchmark 30 perc után leáll.');
    void cleanup().finally(() => process.exit(1));
  }, WATCHDOG_MS);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }

  try {
    log('PostgreSQL indítása…');
    postgres = await startBenchPostgres();
    databaseName = `shop_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = `/${databaseName}`;
    const databaseUrl = url.toString();

    log('Migrációk…');
    const migrated = await openPostgres(databaseUrl);
    await migrated.close();

    log(`Katalógus feltöltése (${CATALOGUE.products.toLocaleString('hu-HU')} termék):`);
    const fillStarted = performance.now();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await fillCatalogue(client, log);
    const counts = await client.query<{ products: string; values: string; search: string }>(
      `SELECT (SELECT count(*) FROM "Product") AS products, (SELECT count(*) FROM "ProductPropertyValue") AS values,
              (SELECT count(*) FROM "ProductSearch" WHERE vector IS NOT NULL) AS search`,
    );
    await client.end();
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    log(
      `  összesen ${f(fillSeconds)} s: ${counts.rows[0]?.products} termék, ${counts.rows[0]?.values} tulajdonságérték-kapcsolat, ${counts.rows[0]?.search} keresési dokumentum`,
    );

    log('Szerverek indítása (a valódi szerver és az alapvonal, külön folyamatban)…');
    const shop = await startChild('shop-server.ts', databaseUrl);
    children.push(shop.child);
    const baseline = await startChild('baseline-server.ts', databaseUrl);
    children.push(baseline.child);

    const first = await post(shop.url, SCENARIOS[0]!, counter++);
    if (first.status !== 200) throw new Error(`A szűrés hibát adott: ${JSON.stringify(first.json)}`);
    log(`  első szűrés (a memóriabeli katalógusindex felépítése): ${f(first.ms, 0)} ms`);
    const check = SCENARIOS[0]!;
    const [shopAnswer, baselineAnswer] = await Promise.all([
      post(shop.url, check, 7),
      post(baseline.url, check, 7),
    ]);
    const shopTotal = (shopAnswer.json as { total: number }).total;
    const baselineTotal = (baselineAnswer.json as { total: number }).total;
    log(
      `  ellenőrzés: ugyanarra a szűrésre a szerver ${shopTotal}, az alapvonal ${baselineTotal} terméket talál`,
    );
    if (shopTotal !== baselineTotal)
      log('  FIGYELEM: a két válasz eltér, az alapvonal nem ugyanazt a kérdést válaszolja meg.');

    const rows: string[][] = [
      [
        'végpont',
        'ráta',
        'szerver kérés/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'alapvonal kérés/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max kérés/s szerver / alapvonal',
        'arány',
        'cél',
      ],
    ];
    const chosen = ONLY.length
      ? SCENARIOS.filter((scenario) => ONLY.some((part) => scenario.name.includes(part)))
      : SCENARIOS;
    for (const scenario of chosen) {
      if (scenario.path === '/api/product/quicksearch') await timeQueryKinds(shop.url, baseline.url);
      log(`\n${scenario.name} (${scenario.rate} kérés/s, ${scenario.connections} kapcsolat, ${DURATION} s)…`);
      const results: Record<'shop' | 'baseline', { fixed: Measured; max: Measured }> = {} as never;
      for (const [name, target] of [
        ['shop', shop.url],
        ['baseline', baseline.url],
      ] as const) {
        await measure(target, scenario, { connections: scenario.connections, duration: WARMUP });
        await waitForIdle(databaseUrl);
        const fixed = await measure(target, scenario, {
          rate: scenario.rate,
          connections: scenario.connections,
          duration: DURATION,
        });
        await waitForIdle(databaseUrl);
        const max = await measure(target, scenario, {
          connections: SATURATION_CONNECTIONS,
          duration: DURATION,
        });
        await waitForIdle(databaseUrl);
        results[name] = { fixed, max };
        log(
          `  ${name === 'shop' ? 'szerver   ' : 'alapvonal '}: ${f(fixed.rps, 0)} kérés/s, p50 ${f(fixed.p50)} ms, p95 ${f(fixed.p95)} ms, p99 ${f(fixed.p99)} ms${fixed.failed ? `, ${fixed.failed} hibás` : ''}; telítésben ${f(max.rps, 0)} kérés/s${max.failed ? ` (${max.failed} hibás)` : ''}`,
        );
      }
      const { shop: s, baseline: b } = results;
      rows.push([
        scenario.name,
        String(scenario.rate),
        f(s.fixed.rps, 0),
        f(s.fixed.p50),
        f(s.fixed.p95),
        f(s.fixed.p99),
        f(b.fixed.rps, 0),
        f(b.fixed.p50),
        f(b.fixed.p95),
        f(b.fixed.p99),
        `${f(s.max.rps, 0)} / ${f(b.max.rps, 0)}`,
        `${f(s.max.rps / b.max.rps, 2)}×`,
        scenario.target,
      ]);
    }
    log(
      `\nGyorskeresés: ${QUERIES.length.toLocaleString('hu-HU')} különböző kérdés körbe (szavak, ékezettel és nélkül, szókezdetek, elütés, szóalakok, márkák, termékkódok), mindkét szervernek ugyanaz a lista.`,
    );
    log(`\nA szerver memóriája a mérés végén: ${rssMb(shop.child.pid)}`);
    log(
      `\nEredmények (${DURATION} s rögzített rátán autocannonnal, majd ${SATURATION_CONNECTIONS} kapcsolattal telítésben; loopback, ${CATALOGUE.products.toLocaleString('hu-HU')} termék):\n`,
    );
    log(table(rows));
    log(`\nÖsszesen ${f((performance.now() - startedAt) / 1000, 0)} s.`);
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `A benchmark nem futott le: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
