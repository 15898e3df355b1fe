import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withArticle } from '@shop/api/schemas/hungarian';
import { openPostgres } from '@shop/db';
import autocannon from 'autocannon';
import pg from 'pg';
import { speedProbe, watchCpu } from './cpu';
import {
  BUYING,
  CATALOGUE,
  clothingSizeValueId,
  couponCode,
  customerEmail,
  fillCatalogue,
  ORDER_FIRST_NAMES,
  ORDER_LAST_NAMES,
  ORDERS,
  orderProductId,
  probeProductId,
  productCode,
  VARIANTS,
  valueId,
  variantCode,
  variantId,
  variantOrderProductId,
} from './fill';
import { type BenchPostgres, startBenchPostgres } from './postgres';
import { buildQueries } from './queries';
import { f, table } from './table';
import { machineText } from './web/stats';

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
/**
 * Set: every fixed-rate run prints the statements it cost the database per request (pg_stat_statements;
 * only on the benchmark's own cluster, which then preloads it).
 */
const SQL_STATS = Boolean(process.env.BENCH_SQL_STATS);

const log = (line: string) => process.stdout.write(`${line}\n`);

type Body = Record<string, unknown>;
type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** The n-th request's body; varying it makes every request miss the shop's answer cache. */
  body?: (n: number) => Body;
  /** The n-th request's own headers (a customer's session token). */
  headers?: (n: number) => Record<string, string>;
  rate: number;
  connections: number;
  target: string;
  /** Whether the shop met the target, from both servers' measurements. */
  met?: (shop: Runs, baseline: Runs | undefined) => boolean;
  /** False: the baseline has no such operation (the admin's screens); only the shop is measured. */
  baseline?: false;
};
type Runs = { fixed: Measured; max: Measured };

const FILTER_BASE = {
  category: 1,
  properties: {
    '1': [valueId(0, 0), valueId(0, 1)],
    '2': [valueId(1, 0), valueId(1, 1)],
  },
  sort: 'price-asc',
};

/** An option value among the filters (#24): Méret: M, with the colours kék or piros (both options of
 * the variant products), so a product matches through its variants in stock. */
const VARIANT_FILTER_BASE = {
  category: 1,
  properties: {
    '1': [valueId(0, 0), valueId(0, 1)],
    '3': [clothingSizeValueId(VARIANTS.filterSize)],
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

/** The n-th product sold in variants (ids ≡ 1 mod 5), spread over all of them. */
function variantProductSlug(n: number): string {
  return `termek-${1 + 5 * ((n * 7919) % VARIANTS.products)}`;
}

/** Session tokens of the bench customers, one per customer (signed in through the shop before the runs). */
let TOKENS: string[] = [];

/**
 * The n-th cart add: customers in turn, each adding to one of five products of its own, so carts
 * stay at most five lines long (as real carts are) while quantities grow.
 */
function cartAddBody(n: number): Body {
  const customer = n % BUYING.customers;
  const round = Math.floor(n / BUYING.customers);
  return { product: orderProductId(customer * 5 + (round % 5)), quantity: 1 + (n % 3) };
}

/**
 * The n-th cart add of a variant: customers in turn, each adding to one of five variants of the variant
 * order pool of its own (a different product each), so those carts gain at most five variant lines.
 */
function cartAddVariantBody(n: number): Body {
  const customer = n % BUYING.customers;
  const slot = Math.floor(n / BUYING.customers) % 5;
  const product = variantOrderProductId(customer * 5 + slot);
  return { product, variant: variantId(product, slot % 4), quantity: 1 + (n % 3) };
}

const cartAddHeaders = (n: number) => ({ token: TOKENS[n % TOKENS.length] ?? '' });

/** The bench admin's session token (signed in through the shop before the runs). */
let ADMIN_TOKEN = '';
const adminHeaders = () => ({ token: ADMIN_TOKEN });

/** Statuses the admin filters the order list by, from a few open ones to the year's completed ones. */
const LIST_STATUSES = [
  ['received'],
  ['processing', 'packed'],
  ['completed'],
  ['shipped', 'ready_for_pickup'],
];

/**
 * What an admin types into the order list's search: a customer's name (with or without accents, one or
 * two words), part of an e-mail address, or the start of an order number.
 */
function orderSearch(n: number): string {
  const last = ORDER_LAST_NAMES[n % ORDER_LAST_NAMES.length]!;
  const first = ORDER_FIRST_NAMES[(n >> 2) % ORDER_FIRST_NAMES.length]!;
  const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  switch (n % 5) {
    case 0:
      return last;
    case 1:
      return `${folded(last)} ${folded(first)}`;
    case 2:
      return `${folded(last)}.${folded(first)}${n % 500}`;
    case 3:
      return `2026-0${String(10 + (n % 89)).padStart(2, '0')}`;
    default:
      return first;
  }
}

function orderListBody(n: number): Body {
  return { status: LIST_STATUSES[n % LIST_STATUSES.length], search: orderSearch(n), page: 1, pageSize: 25 };
}

const ADDRESS = { name: 'Kovács Anna', postcode: '1051', city: 'Budapest', street: 'Október 6. utca 7.' };

/** A guest order as the checkout sends it. */
function guestOrder(n: number, cart: { product: number; variant?: number; quantity: number }[]): Body {
  const pickup = n % 4 === 3;
  return {
    cart,
    customer: {
      // One address per order, as guests have: #21 allows ten guest orders a day per address.
      email: `vevo${n}@example.hu`,
      firstName: 'Anna',
      lastName: 'Kovács',
      phone: '+36 30 123 4567',
    },
    shippingAddress: pickup ? null : { ...ADDRESS, floorDoor: '2. em. 5.' },
    billingAddress: ADDRESS,
    shippingMethod: pickup ? BUYING.shipping.pickup : BUYING.shipping.courier,
    paymentMethod: n % 2 === 0 ? BUYING.payment.cashOnDelivery : BUYING.payment.transfer,
    note: n % 5 === 0 ? 'Kérem, délután hozzák.' : null,
    acceptTerms: true,
  };
}

/**
 * The n-th order: one to three different products of the order pool (2 000 products with more stock
 * than any run sells), one or two pieces each. Two orders at once rarely share a product, as in a
 * real shop, so they seldom queue on one product's row lock.
 */
function orderBody(n: number): Body {
  const lines = 1 + (n % 3);
  return guestOrder(
    n,
    Array.from({ length: lines }, (_, j) => ({
      product: orderProductId(n * 7 + j * 613),
      quantity: 1 + ((n + j) % 2),
    })),
  );
}

/**
 * The n-th order of variants: one to three variants of different products of the variant order pool
 * (2 000 products whose variants have more stock than any run sells), one or two pieces each.
 */
function variantOrderBody(n: number): Body {
  const lines = 1 + (n % 3);
  return guestOrder(
    n,
    Array.from({ length: lines }, (_, j) => {
      const product = variantOrderProductId(n * 7 + j * 613);
      return { product, variant: variantId(product, (n + j) % 4), quantity: 1 + ((n + j) % 2) };
    }),
  );
}

/** One GET as a crawler makes it, the gzipped body read and dropped: ms until its last byte, and its size. */
function rawFetch(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ ms: performance.now() - started, bytes }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The whole gzipped answer, as bytes (once, to hand the feed row's baseline the same body). */
function rawBody(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The feed row: Google's feed, the largest of the three (147.5 MB of XML at 100 000 products). */
const FEED_NAME = 'termékfeed (gyorsítótárból)';
const FEED_PATH = '/feeds/google.xml';
/** Fetches per server, alternating between the two so both meet the same moments of a shared machine. */
const FEED_FETCHES = 40;

type FeedTimes = { sorted: number[]; totalMs: number };

function feedTimes(times: number[]): FeedTimes {
  return { sorted: [...times].sort((a, b) => a - b), totalMs: times.reduce((sum, ms) => sum + ms, 0) };
}

const feedText = ({ sorted }: FeedTimes) =>
  `p50 ${f(percentile(sorted, 50))} ms, p95 ${f(percentile(sorted, 95))} ms, max ${f(sorted.at(-1)!)} ms`;

/**
 * The feed row, measured without autocannon: autocannon parses every 6.5 MB answer in JavaScript, which on
 * two cores cost the loader 85–91 % CPU against the server's 2–3 %, so its latencies were the loader's.
 * The first request builds the feed from the in-memory catalogue and gzips it; it is timed apart. Then a
 * lean client (node:http, bytes counted and dropped) fetches the written feed FEED_FETCHES times one after
 * the other from the shop, and as often the same bytes from a bare node:http server holding them in
 * memory (feed-floor-server.ts: the floor, what sending that many bytes over loopback costs), alternating.
 * The ratio is the shop's fetches per second over the floor's, as the other rows compare throughput.
 */
async function measureFeed(
  shopUrl: string,
  machine: () => string,
  started: (child: ChildProcess) => void,
): Promise<string[]> {
  log(`\n${FEED_NAME}: ${FEED_PATH}, ${FEED_FETCHES}-${FEED_FETCHES} letöltés egymás után, felváltva…`);
  const first = await rawFetch(`${shopUrl}${FEED_PATH}`);
  log(
    `  a termékfeed első kérése (felépítés és tömörítés): ${f(first.ms, 0)} ms; ${f(first.bytes / 1e6)} MB gzippel`,
  );
  const body = await rawBody(`${shopUrl}${FEED_PATH}`);
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'shop-bench-feed-')), 'google.xml.gz');
  writeFileSync(bodyFile, body);
  const floor = await startChild('feed-floor-server.ts', '', { BENCH_FEED_BODY: bodyFile });
  started(floor.child);
  try {
    log(`  gép a mérés előtt: ${machine()}`);
    // One of each first, unmeasured: connections opened, both servers' code warm.
    await rawFetch(`${shopUrl}${FEED_PATH}`);
    await rawFetch(`${floor.url}${FEED_PATH}`);
    const shopMs: number[] = [];
    const floorMs: number[] = [];
    for (let i = 0; i < FEED_FETCHES; i++) {
      const [one, other] = i % 2 === 0 ? [shopMs, floorMs] : [floorMs, shopMs];
      const [oneUrl, otherUrl] = i % 2 === 0 ? [shopUrl, floor.url] : [floor.url, shopUrl];
      one.push((await rawFetch(`${oneUrl}${FEED_PATH}`)).ms);
      other.push((await rawFetch(`${otherUrl}${FEED_PATH}`)).ms);
    }
    const shop = feedTimes(shopMs);
    const base = feedTimes(floorMs);
    const shopRps = (FEED_FETCHES * 1000) / shop.totalMs;
    const floorRps = (FEED_FETCHES * 1000) / base.totalMs;
    log(`  szerver           : ${feedText(shop)}; ${f(shopRps, 1)} letöltés/s`);
    log(`  alapvonal (padló) : ${feedText(base)}; ${f(floorRps, 1)} letöltés/s`);
    log(
      `  arány: szerver / padló p50 ${f(percentile(shop.sorted, 50) / percentile(base.sorted, 50), 2)}×, letöltés/s ${f(shopRps / floorRps, 2)}×; gép: ${machine()}`,
    );
    const p99 = percentile(shop.sorted, 99);
    return [
      FEED_NAME,
      'egymás után',
      f(shopRps, 1),
      f(percentile(shop.sorted, 50)),
      f(percentile(shop.sorted, 95)),
      f(p99),
      f(floorRps, 1),
      f(percentile(base.sorted, 50)),
      f(percentile(base.sorted, 95)),
      f(percentile(base.sorted, 99)),
      `${f(shopRps, 1)} / ${f(floorRps, 1)}`,
      `${f(shopRps / floorRps, 2)}×`,
      'p99 < 50 ms',
      p99 < 50 ? 'igen' : 'NEM',
    ];
  } finally {
    if (floor.child.connected) floor.child.disconnect();
    rmSync(path.dirname(bodyFile), { recursive: true, force: true });
  }
}

/** Scenarios that need products sold in variants; left out with BENCH_VARIANT_PRODUCTS=0. */
const WITH_VARIANTS = VARIANTS.products > 0;

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
    met: (shop) => shop.fixed.p99 < 50,
  },
  ...(WITH_VARIANTS
    ? [
        {
          name: `filters, változatérték (Méret: ${VARIANTS.filterSize}, Szín), nem gyorsítótárazott`,
          method: 'POST',
          path: '/api/product/filters',
          body: (n: number) => ({
            ...VARIANT_FILTER_BASE,
            page: 1 + (n % 5),
            priceMin: n % 400,
            priceMax: 100_000 - Math.floor(n / 400),
          }),
          rate: 300,
          connections: 10,
          target: 'p99 < 50 ms',
          met: (shop: Runs) => shop.fixed.p99 < 50,
        } satisfies Scenario,
      ]
    : []),
  {
    name: 'filters, gyorsítótárból',
    method: 'POST',
    path: '/api/product/filters',
    body: () => ({ ...FILTER_BASE, page: 1 }),
    rate: 5000,
    connections: 50,
    target: '> 5000 kérés/s',
    met: (shop) => shop.max.rps > 5000,
  },
  {
    name: 'quicksearch, különböző kérdések',
    method: 'POST',
    path: '/api/product/quicksearch',
    body: (n) => ({ query: QUERIES[n % QUERIES.length] }),
    rate: 200,
    connections: 10,
    target: 'p95 < 20 ms',
    met: (shop) => shop.fixed.p95 < 20,
  },
  {
    name: 'getBySlug',
    method: 'POST',
    path: '/api/product/getBySlug',
    body: (n) => ({ slug: productSlug(n) }),
    rate: 1000,
    connections: 20,
    target: '≥ 0,5× alapvonal',
    met: atLeastHalf,
  },
  ...(WITH_VARIANTS
    ? [
        {
          name: 'getBySlug, változatos termék',
          method: 'POST',
          path: '/api/product/getBySlug',
          body: (n: number) => ({ slug: variantProductSlug(n) }),
          rate: 1000,
          connections: 20,
          target: '≥ 0,5× alapvonal',
          met: atLeastHalf,
        } satisfies Scenario,
      ]
    : []),
  {
    name: 'GET /api/category',
    method: 'GET',
    path: '/api/category',
    rate: 2000,
    connections: 20,
    target: '≥ 0,5× alapvonal',
    met: atLeastHalf,
  },
  // The admin's rows come before the buying rows, so they measure the 100,000-order fill rather than
  // the fill plus the thousands of orders, all under one customer's name, that the buying rows place.
  {
    name: 'admin: vezérlőpult',
    method: 'GET',
    path: '/api/dashboard',
    headers: adminHeaders,
    rate: 20,
    connections: 2,
    target: 'p95 < 100 ms',
    met: (shop) => shop.fixed.p95 < 100,
    baseline: false,
  },
  {
    name: 'admin: rendelések, állapot + keresés',
    method: 'POST',
    path: '/api/order',
    body: orderListBody,
    headers: adminHeaders,
    rate: 50,
    connections: 5,
    target: 'p95 < 100 ms',
    met: (shop) => shop.fixed.p95 < 100,
    baseline: false,
  },
  {
    name: 'cart add (bejelentkezve)',
    method: 'POST',
    path: '/api/cart/add',
    body: cartAddBody,
    headers: cartAddHeaders,
    rate: 100,
    connections: 10,
    target: 'p99 < 100 ms, ≥ 0,5× alapvonal',
    met: (shop, baseline) => shop.fixed.p99 < 100 && atLeastHalf(shop, baseline),
  },
  {
    name: 'rendelés leadása (vendég)',
    method: 'POST',
    path: '/api/cart/order',
    body: orderBody,
    rate: 100,
    connections: 10,
    target: 'p99 < 100 ms, ≥ 0,5× alapvonal',
    met: (shop, baseline) => shop.fixed.p99 < 100 && atLeastHalf(shop, baseline),
  },
  {
    name: 'rendelés leadása kuponnal (vendég)',
    method: 'POST',
    path: '/api/cart/order',
    // A new single-use code of the 100 000 each time, among the 50 automatic rules (fill.ts PROMOTIONS).
    body: (n: number) => ({ ...orderBody(n), couponCode: couponCode(n) }),
    rate: 100,
    connections: 10,
    target: 'p99 < 100 ms, ≥ 0,5× alapvonal',
    met: (shop, baseline) => shop.fixed.p99 < 100 && atLeastHalf(shop, baseline),
  },
  ...(WITH_VARIANTS
    ? [
        {
          name: 'cart add, változat (bejelentkezve)',
          method: 'POST',
          path: '/api/cart/add',
          body: cartAddVariantBody,
          headers: cartAddHeaders,
          rate: 100,
          connections: 10,
          target: 'p99 < 100 ms, ≥ 0,5× alapvonal',
          met: (shop: Runs, baseline: Runs | undefined) =>
            shop.fixed.p99 < 100 && atLeastHalf(shop, baseline),
        } satisfies Scenario,
        {
          name: 'rendelés leadása, változat (vendég)',
          method: 'POST',
          path: '/api/cart/order',
          body: variantOrderBody,
          rate: 100,
          connections: 10,
          target: 'p99 < 100 ms, ≥ 0,5× alapvonal',
          met: (shop: Runs, baseline: Runs | undefined) =>
            shop.fixed.p99 < 100 && atLeastHalf(shop, baseline),
        } satisfies Scenario,
      ]
    : []),
];

function atLeastHalf(shop: Runs, baseline: Runs | undefined): boolean {
  return baseline !== undefined && shop.max.rps >= 0.5 * baseline.max.rps;
}

/** Filters (uncached) and orders at once against the shop; a product is sold out meanwhile (runMixed). */
const MIXED = {
  name: 'vegyes terhelés',
  filtersRate: 300,
  filtersConnections: 10,
  ordersRate: 50,
  ordersConnections: 5,
  /** When, as parts of the run, a probe product is sold out. */
  probesAt: [0.2, 0.45, 0.7],
  /** How often a probe asks the server that placed the order, and the other one, whether the product still shows as in stock. */
  probeIntervalMs: 20,
  otherProbeIntervalMs: 50,
} as const;

type Measured = {
  /** Answered with 2xx. */
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
  /** The failed answers' HTTP statuses with their counts ("429×300"), to tell a refusal from a fault. */
  statuses: string;
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
  const { body, headers } = scenario;
  const baseHeaders = (body ? { 'content-type': 'application/json' } : {}) as Record<string, string>;
  const request = {
    method: scenario.method,
    path: scenario.path,
    headers: baseHeaders,
    ...(body || headers
      ? {
          setupRequest: (req: { body?: string; headers?: Record<string, string> }) => {
            const n = counter++;
            return {
              ...req,
              ...(body ? { body: JSON.stringify(body(n)) } : {}),
              ...(headers ? { headers: { ...baseHeaders, ...headers(n) } } : {}),
            };
          },
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
  const statuses = new Map<number, number>();
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    requests: result['2xx'],
    rps: result['2xx'] / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failed: result.non2xx + result.errors + result.timeouts,
    statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(', '),
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

async function withClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function resetSqlStats(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, (client) => client.query('SELECT pg_stat_statements_reset()'));
}

/** What the database did per answered request since the reset: statements, their time, the costliest. */
async function printSqlStats(databaseUrl: string, requests: number): Promise<void> {
  const { rows } = await withClient(databaseUrl, (client) =>
    client.query<{ calls: string; ms: number; rows: string; query: string }>(
      `SELECT calls, total_exec_time AS ms, rows, regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT LIKE '%pg_stat%'
       ORDER BY total_exec_time DESC`,
    ),
  );
  if (requests === 0) return;
  const calls = rows.reduce((sum, row) => sum + Number(row.calls), 0);
  const ms = rows.reduce((sum, row) => sum + row.ms, 0);
  log(
    `      SQL kérésenként: ${f(calls / requests)} utasítás, ${f(ms / requests, 2)} ms végrehajtás (${requests} kérés)`,
  );
  for (const row of rows.slice(0, 20)) {
    log(
      `        ${f(Number(row.calls) / requests, 2).padStart(5)}× ${f(row.ms / Number(row.calls), 3).padStart(7)} ms  ${row.query.slice(0, 110)}`,
    );
  }
}

/**
 * Samples the benchmark database's sessions every 20 ms until stopped: how many, on average, were
 * running a statement, waiting on a lock (and in which statement), or idle inside a transaction
 * (holding its locks while the server computes or waits for its event loop; the last statement says
 * where). Tells lock queues apart from busy servers.
 */
function watchSessions(databaseUrl: string): { stop(): Promise<void> } {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const done = withClient(databaseUrl, async (client) => {
    while (running) {
      const { rows } = await client.query<{ state: string; wait: string | null; query: string }>(
        `SELECT state, wait_event_type AS wait, regexp_replace(left(query, 70), '\\s+', ' ', 'g') AS query
         FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      samples++;
      for (const row of rows) {
        const kind =
          row.state === 'active'
            ? row.wait === 'Lock'
              ? `zárra vár: ${row.query}`
              : 'fut'
            : row.state === 'idle in transaction'
              ? `tranzakcióban, a szerverre vár; utolsó: ${row.query}`
              : 'tétlen kapcsolat';
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
      await sleep(20);
    }
  });
  return {
    async stop() {
      running = false;
      await done;
      if (samples === 0) return;
      log(`      adatbázis-kapcsolatok átlagosan (${samples} minta):`);
      for (const [kind, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
        log(`        ${f(count / samples, 2).padStart(5)}  ${kind}`);
      }
    },
  };
}

function startChild(
  file: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const profile =
      CPU_PROF_DIR && file === 'shop-server.ts' ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
    // The shop answers the bench's memory question after a full collection (shop-server.ts).
    const gc = file === 'shop-server.ts' ? ['--expose-gc'] : [];
    const child = spawn(
      process.execPath,
      [...profile, ...gc, '--import', 'tsx', path.join(import.meta.dirname, file)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env: { ...process.env, NODE_ENV: 'production', BENCH_SHOP_DATABASE_URL: databaseUrl, ...env },
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
    headers: {
      ...(scenario.body ? { 'content-type': 'application/json' } : {}),
      ...(scenario.headers?.(n) ?? {}),
    },
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

/** Signs a bench user in through the shop (`POST /api/user/signin`); every bench user has one password. */
async function signIn(shopUrl: string, email: string): Promise<string> {
  const response = await fetch(`${shopUrl}/api/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BUYING.customerPassword }),
  });
  const json = (await response.json()) as { token?: string; msg?: string };
  if (!json.token) throw new Error(`A bejelentkezés nem sikerült (${email}): ${JSON.stringify(json)}`);
  return json.token;
}

/** Signs every bench customer in through the shop; the tokens serve both servers. */
async function signInCustomers(shopUrl: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < BUYING.customers; i++) tokens.push(await signIn(shopUrl, customerEmail(i)));
  return tokens;
}

const scenarioOf = (path: string) => SCENARIOS.find((scenario) => scenario.path === path)!;

/**
 * Both servers answer a cart add and an order the same way: the shop adds to a customer's cart, the
 * baseline lists that cart (an empty body), and both must show the same lines and subtotal; the
 * same order body placed on each must cost the same.
 */
async function checkBuying(shopUrl: string, baselineUrl: string): Promise<void> {
  const cart = scenarioOf('/api/cart/add');
  const added = await post(shopUrl, cart, 0);
  const listed = await post(baselineUrl, { ...cart, body: () => ({}) }, 0);
  type Cart = { subtotal: number; lines: unknown[] };
  const [shopCart, baselineCart] = [added.json as Cart, listed.json as Cart];
  if (added.status !== 200 || listed.status !== 200)
    throw new Error(
      `A kosárba tétel hibát adott: ${JSON.stringify(added.json)} | ${JSON.stringify(listed.json)}`,
    );
  log(
    `  ellenőrzés: a kosár a szerver szerint ${shopCart.lines.length} tétel, ${shopCart.subtotal} Ft; az alapvonal szerint ${baselineCart.lines.length} tétel, ${baselineCart.subtotal} Ft`,
  );
  if (shopCart.subtotal !== baselineCart.subtotal) log('  FIGYELEM: a két kosár ára eltér.');
  const order = scenarioOf('/api/cart/order');
  const [shopOrder, baselineOrder] = await Promise.all([
    post(shopUrl, order, 1),
    post(baselineUrl, order, 1),
  ]);
  if (shopOrder.status !== 200 || baselineOrder.status !== 200)
    throw new Error(
      `A rendelés hibát adott: ${JSON.stringify(shopOrder.json)} | ${JSON.stringify(baselineOrder.json)}`,
    );
  type Placed = { order: { number: string; total: number; vatContent: number } };
  const [a, b] = [(shopOrder.json as Placed).order, (baselineOrder.json as Placed).order];
  log(
    `  ellenőrzés: ugyanaz a rendelés a szervernél ${a.number}, ${a.total} Ft (áfa ${a.vatContent}), az alapvonalnál ${b.number}, ${b.total} Ft (áfa ${b.vatContent})`,
  );
  if (a.total !== b.total || a.vatContent !== b.vatContent) log('  FIGYELEM: a két rendelés összege eltér.');
}

/** The shop process's memory after a full collection (shop-server.ts answers over IPC). */
function memoryOf(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('A szerver nem válaszolt a memóriakérdésre.')), 30_000);
    const onMessage = (message: { memory?: NodeJS.MemoryUsage }) => {
      if (!message.memory) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.memory);
    };
    child.on('message', onMessage);
    child.send('memory');
  });
}

const mb = (bytes: number) => `${f(bytes / 1024 / 1024, 0)} MB`;
const memoryText = (memory: NodeJS.MemoryUsage) =>
  `RSS ${mb(memory.rss)}, heap ${mb(memory.heapUsed)} (lefoglalva ${mb(memory.heapTotal)}), external ${mb(memory.external)}`;

/**
 * Both servers answer the variant rows' questions alike before they are measured: the option-value
 * filter finds as many products, a variant's code finds its product, the product page lists as many
 * variants, and a variant's cart line and order cost the same.
 */
async function checkVariants(shopUrl: string, baselineUrl: string): Promise<void> {
  const filter = SCENARIOS.find((scenario) => scenario.name.startsWith('filters, változatérték'))!;
  const [shopFilter, baselineFilter] = await Promise.all([
    post(shopUrl, filter, 7),
    post(baselineUrl, filter, 7),
  ]);
  const totalOf = (answer: { json: unknown }) => (answer.json as { total: number }).total;
  log(
    `  ellenőrzés: a változatérték-szűrésre (Méret: ${VARIANTS.filterSize}, Szín) a szerver ${totalOf(shopFilter)}, az alapvonal ${totalOf(baselineFilter)} terméket talál`,
  );
  if (totalOf(shopFilter) !== totalOf(baselineFilter)) log('  FIGYELEM: a két válasz eltér.');

  const product = VARIANTS.raceProduct;
  const code = variantCode(product, 1);
  const search = { ...scenarioOf('/api/product/quicksearch'), body: () => ({ query: code }) };
  const [shopSearch, baselineSearch] = await Promise.all([
    post(shopUrl, search, 0),
    post(baselineUrl, search, 0),
  ]);
  type Hits = { products: { id: number }[] };
  const first = (answer: { json: unknown }) => (answer.json as Hits).products[0]?.id;
  log(
    `  ellenőrzés: ${withArticle(code)} változatkódra a szerver első találata #${first(shopSearch)}, az alapvonalé #${first(baselineSearch)} (a termék: #${product})`,
  );
  if (first(shopSearch) !== product || first(baselineSearch) !== product)
    log('  FIGYELEM: a változat kódja nem a termékét találja elsőként.');

  const page = { ...scenarioOf('/api/product/getBySlug'), body: () => ({ slug: `termek-${product}` }) };
  const [shopPage, baselinePage] = await Promise.all([post(shopUrl, page, 0), post(baselineUrl, page, 0)]);
  const variantCount = (answer: { json: unknown }) =>
    (answer.json as { variants: unknown[] | null }).variants?.length ?? 0;
  log(
    `  ellenőrzés: a #${product} termék oldalán a szerver ${variantCount(shopPage)}, az alapvonal ${variantCount(baselinePage)} változatot ad`,
  );
  if (variantCount(shopPage) !== variantCount(baselinePage)) log('  FIGYELEM: a két válasz eltér.');

  const cart = SCENARIOS.find((scenario) => scenario.name.startsWith('cart add, változat'))!;
  const added = await post(shopUrl, cart, 1);
  const listed = await post(baselineUrl, { ...cart, body: () => ({}) }, 1);
  type Cart = { subtotal: number; lines: { title: string; variant?: number | null }[] };
  if (added.status !== 200 || listed.status !== 200)
    throw new Error(
      `A változat kosárba tétele hibát adott: ${JSON.stringify(added.json)} | ${JSON.stringify(listed.json)}`,
    );
  const [shopCart, baselineCart] = [added.json as Cart, listed.json as Cart];
  const variantLine = (lines: Cart['lines']) => lines.find((line) => line.variant)?.title ?? '–';
  log(
    `  ellenőrzés: a változatos kosár a szerver szerint ${shopCart.lines.length} tétel, ${shopCart.subtotal} Ft („${variantLine(shopCart.lines)}”); az alapvonal szerint ${baselineCart.lines.length} tétel, ${baselineCart.subtotal} Ft („${variantLine(baselineCart.lines)}”)`,
  );
  if (shopCart.subtotal !== baselineCart.subtotal) log('  FIGYELEM: a két kosár ára eltér.');

  const order = SCENARIOS.find((scenario) => scenario.name.startsWith('rendelés leadása, változat'))!;
  const [shopOrder, baselineOrder] = await Promise.all([
    post(shopUrl, order, 2),
    post(baselineUrl, order, 2),
  ]);
  if (shopOrder.status !== 200 || baselineOrder.status !== 200)
    throw new Error(
      `A változat rendelése hibát adott: ${JSON.stringify(shopOrder.json)} | ${JSON.stringify(baselineOrder.json)}`,
    );
  type Placed = { order: { total: number; lines: { title: string; kutiId: string | null }[] } };
  const [a, b] = [(shopOrder.json as Placed).order, (baselineOrder.json as Placed).order];
  const lineText = (placed: Placed['order']) =>
    placed.lines.map((line) => `${line.title} (${line.kutiId})`).join('; ');
  log(
    `  ellenőrzés: ugyanaz a változatrendelés a szervernél ${a.total} Ft: ${lineText(a)}; az alapvonalnál ${b.total} Ft: ${lineText(b)}`,
  );
  if (a.total !== b.total) log('  FIGYELEM: a két rendelés összege eltér.');
}

type Race = {
  ms: number;
  succeeded: number;
  refused: number;
  failed: number;
  refusal: string;
  /** The first answer that was neither an order nor a refusal, to see why. */
  error: string;
  variantStock: number;
  othersUntouched: boolean;
  productStockIsSum: boolean;
};

/**
 * #24's concurrency figure: `raceOrders` guest orders of one piece of the race variant (raceStock in
 * stock) sent at once, alternately to two shop servers on one PostgreSQL. Afterwards the database must
 * show the variant sold out, the product's other variants as they were and the product's stock their sum.
 */
async function runVariantRace(urls: readonly string[], databaseUrl: string): Promise<Race> {
  const product = VARIANTS.raceProduct;
  const variant = variantId(product, 0);
  type Row = { id: number; stock: number; enabled: boolean };
  const variantsNow = () =>
    withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<Row>(
        'SELECT id, stock, enabled FROM "ProductVariant" WHERE "productId" = $1 ORDER BY id',
        [product],
      );
      const stock = await client.query<{ stock: number }>('SELECT stock FROM "Product" WHERE id = $1', [
        product,
      ]);
      return { variants: rows, productStock: stock.rows[0]!.stock };
    });
  const before = await variantsNow();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: VARIANTS.raceOrders }, async (_, n) => {
      const response = await fetch(`${urls[n % urls.length]}/api/cart/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Numbers no other order uses, so each has an e-mail address of its own.
        body: JSON.stringify(guestOrder(RACE_ORDER_NUMBERS + n, [{ product, variant, quantity: 1 }])),
      });
      return { status: response.status, text: await response.text() };
    }),
  );
  const ms = performance.now() - started;
  const after = await variantsNow();
  const others = (list: Row[]) => JSON.stringify(list.filter((row) => row.id !== variant));
  const refusals = answers.filter((answer) => answer.status === 409);
  return {
    ms,
    succeeded: answers.filter((answer) => answer.status === 200).length,
    refused: refusals.length,
    failed: answers.filter((answer) => answer.status !== 200 && answer.status !== 409).length,
    refusal: refusals[0]
      ? ((JSON.parse(refusals[0].text) as { message?: string }).message ?? refusals[0].text)
      : '–',
    error: ((other) => (other ? `${other.status} ${other.text.slice(0, 300)}` : '–'))(
      answers.find((answer) => answer.status !== 200 && answer.status !== 409),
    ),
    variantStock: after.variants.find((row) => row.id === variant)?.stock ?? Number.NaN,
    othersUntouched: others(before.variants) === others(after.variants),
    productStockIsSum:
      after.productStock ===
      after.variants.filter((row) => row.enabled).reduce((sum, row) => sum + Math.max(0, row.stock), 0),
  };
}

const RACE_NAME = 'változat versenye';
const RACE_ORDER_NUMBERS = 1_000_000_000;

function raceText(race: Race): string {
  const exact = race.succeeded === VARIANTS.raceStock;
  return (
    `${race.succeeded} sikeres (cél: pontosan ${VARIANTS.raceStock}: ${exact ? 'igen' : 'NEM'}), ${race.refused} elutasítva (409)` +
    `${race.failed ? `, ${race.failed} egyéb hiba` : ''}, ${f(race.ms, 0)} ms alatt; a változat készlete utána ${race.variantStock}; ` +
    `a többi változat készlete változatlan: ${race.othersUntouched ? 'igen' : 'NEM'}; ` +
    `a termék készlete a változatok összege: ${race.productStockIsSum ? 'igen' : 'NEM'}`
  );
}

type Probe = { code: string; orderMs: number; placing: number; other: number };

/** From the order's answer (its commit) to the listing saying sold out; 0 when the listing was first. */
const afterAnswer = (probe: Probe, server: 'placing' | 'other') => Math.max(0, probe[server] - probe.orderMs);
let probesUsed = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a listing (`POST /api/product/filters`, in-stock filter, the product's code) shows the product. */
async function listedInStock(url: string, id: number): Promise<boolean> {
  const response = await fetch(`${url}/api/product/filters`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: productCode(id), inStock: true }),
  });
  const json = (await response.json()) as { items?: { id: number }[] };
  if (!json.items) throw new Error(`A szűrés hibát adott: ${JSON.stringify(json)}`);
  return json.items.some((item) => item.id === id);
}

/**
 * Sells out a probe product with one order on the shop and asks both servers every
 * `probeIntervalMs` whether their listing still shows it in stock. Each time is counted from sending
 * the order until the first answer saying sold out arrived, so it includes the order itself.
 */
async function soldOutProbe(shopUrl: string, otherUrl: string): Promise<Probe> {
  const id = probeProductId(probesUsed++);
  const code = productCode(id);
  for (const url of [shopUrl, otherUrl]) {
    if (!(await listedInStock(url, id)))
      throw new Error(
        `${withArticle(code, { capital: true })} termék már a próba előtt sem látszik készleten.`,
      );
  }
  const started = performance.now();
  const order = fetch(`${shopUrl}/api/cart/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(guestOrder(id, [{ product: id, quantity: BUYING.probeStock }])),
  }).then(async (response) => {
    if (!response.ok) throw new Error(`A próbarendelés hibát adott: ${await response.text()}`);
    return performance.now() - started;
  });
  const watch = async (url: string, interval: number) => {
    while (performance.now() - started < 10_000) {
      if (!(await listedInStock(url, id))) return performance.now() - started;
      await sleep(interval);
    }
    return Number.NaN;
  };
  const [orderMs, placing, other] = await Promise.all([
    order,
    watch(shopUrl, MIXED.probeIntervalMs),
    watch(otherUrl, MIXED.otherProbeIntervalMs),
  ]);
  return { code, orderMs, placing, other };
}

/**
 * The mixed load: uncached filters and guest orders at once against the shop, each from its own
 * autocannon instance, while probe products are sold out one by one. A second shop server on the
 * same database (idle but for the probes) shows how soon the other servers of a shop see the move.
 */
async function runMixed(
  shopUrl: string,
  otherUrl: string,
  databaseUrl: string,
  cpuGroups: Parameters<typeof watchCpu>[0],
): Promise<{ filters: Measured; orders: Measured; probes: Probe[]; cpu: Record<string, number> }> {
  const filters = SCENARIOS[0]!;
  const orders = scenarioOf('/api/cart/order');
  const both = (duration: number) =>
    Promise.all([
      measure(shopUrl, filters, { rate: MIXED.filtersRate, connections: MIXED.filtersConnections, duration }),
      measure(shopUrl, orders, { rate: MIXED.ordersRate, connections: MIXED.ordersConnections, duration }),
    ]);
  await both(WARMUP);
  await waitForIdle(databaseUrl);
  const probes: Probe[] = [];
  const cpu = watchCpu(cpuGroups);
  const sessions = SQL_STATS ? watchSessions(databaseUrl) : undefined;
  const runStarted = performance.now();
  const probing = (async () => {
    for (const at of MIXED.probesAt) {
      await sleep(Math.max(0, runStarted + at * DURATION * 1000 - performance.now()));
      probes.push(await soldOutProbe(shopUrl, otherUrl));
    }
  })();
  const [[filtersResult, ordersResult]] = await Promise.all([both(DURATION), probing]);
  const use = cpu.stop();
  await sessions?.stop();
  await waitForIdle(databaseUrl);
  return { filters: filtersResult, orders: ordersResult, probes, cpu: use };
}

function rssMb(pid: number | undefined): string {
  if (!pid) return '?';
  try {
    return `${Math.round(Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024)} MB`;
  } catch {
    return '?';
  }
}

/** "szerver 97 %, PostgreSQL 41 %": CPU use in percent of one core (the machine has two). */
function cpuText(use: Record<string, number>): string {
  const names: Record<string, string> = {
    server: 'szerver',
    postgres: 'PostgreSQL',
    other: 'második szerver',
    runner: 'terhelő',
    machine: 'gép összesen',
  };
  return Object.entries(use)
    .map(([name, percent]) => `${names[name] ?? name} ${f(percent, 0)}%`)
    .join(', ');
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

  const machine = () =>
    `${machineText()}; gépsebesség ${f(speedProbe(), 0)} ms (rögzített számítás, kisebb = gyorsabb)`;
  try {
    log(`Gép: ${machine()}`);
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

    const postgresPid = postgres.pid?.();
    log('Migrációk…');
    const migrated = await openPostgres(databaseUrl);
    await migrated.close();
    if (SQL_STATS) {
      await withClient(databaseUrl, (client) =>
        client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements'),
      );
    }

    log(
      `Katalógus feltöltése (${CATALOGUE.products.toLocaleString('hu-HU')} termék, ebből ${VARIANTS.products.toLocaleString('hu-HU')} változatokkal; BENCH_VARIANT_PRODUCTS):`,
    );
    const fillStarted = performance.now();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await fillCatalogue(client, log);
    const counts = await client.query<{
      products: string;
      values: string;
      search: string;
      variants: string;
      sellable: string;
    }>(
      `SELECT (SELECT count(*) FROM "Product") AS products, (SELECT count(*) FROM "ProductPropertyValue") AS values,
              (SELECT count(*) FROM "ProductSearch" WHERE vector IS NOT NULL) AS search,
              (SELECT count(*) FROM "ProductVariant") AS variants,
              (SELECT count(*) FROM "Product" p WHERE NOT EXISTS (SELECT 1 FROM "ProductVariant" WHERE "productId" = p.id))
                + (SELECT count(*) FROM "ProductVariant") AS sellable`,
    );
    await client.end();
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    log(
      `  összesen ${f(fillSeconds)} s: ${counts.rows[0]?.products} termék, ${counts.rows[0]?.variants} változat (${counts.rows[0]?.sellable} eladható tétel: változat vagy változat nélküli termék), ${counts.rows[0]?.values} tulajdonságérték-kapcsolat, ${counts.rows[0]?.search} keresési dokumentum`,
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
    TOKENS = await signInCustomers(shop.url);
    log(`  ${TOKENS.length} vásárló bejelentkezett (POST /api/user/signin)`);
    ADMIN_TOKEN = await signIn(shop.url, ORDERS.adminEmail);
    log(`  az admin bejelentkezett (${ORDERS.count.toLocaleString('hu-HU')} rendelés az adatbázisban)`);
    await checkBuying(shop.url, baseline.url);
    if (WITH_VARIANTS) await checkVariants(shop.url, baseline.url);
    // What the catalogue costs the server: measured once the index, the search word list and a product
    // page have been built (compare a run with BENCH_VARIANT_PRODUCTS=0 on the same machine).
    await post(
      shop.url,
      { ...scenarioOf('/api/product/quicksearch'), body: () => ({ query: 'kék bögre' }) },
      0,
    );
    await post(shop.url, scenarioOf('/api/product/getBySlug'), 0);
    log(
      `  a szerver memóriája a katalógus felépítése után (teljes szemétgyűjtés után): ${memoryText(await memoryOf(shop.child))}`,
    );
    /** A second shop server on the same database, started when a step needs it (the race, the mixed load). */
    let second: { child: ChildProcess; url: string } | undefined;
    const secondServer = async () => {
      if (second) return second;
      second = await startChild('shop-server.ts', databaseUrl);
      children.push(second.child);
      const warm = await post(second.url, SCENARIOS[0]!, counter++);
      log(`  második szerver (ugyanazon az adatbázison) elindult; első szűrése ${f(warm.ms, 0)} ms`);
      return second;
    };

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
        'teljesül',
      ],
    ];
    const wanted = (name: string) => ONLY.length === 0 || ONLY.some((part) => name.includes(part));
    const chosen = SCENARIOS.filter((scenario) => wanted(scenario.name));
    for (const scenario of chosen) {
      if (scenario.path === '/api/product/quicksearch') await timeQueryKinds(shop.url, baseline.url);
      log(`\n${scenario.name} (${scenario.rate} kérés/s, ${scenario.connections} kapcsolat, ${DURATION} s)…`);
      const results: { shop: Runs; baseline?: Runs } = {} as never;
      const servers = [
        ['shop', shop.url, shop.child.pid],
        ['baseline', baseline.url, baseline.child.pid],
      ] as const;
      for (const [name, target, pid] of servers.filter(
        ([server]) => scenario.baseline !== false || server === 'shop',
      )) {
        await measure(target, scenario, { connections: scenario.connections, duration: WARMUP });
        await waitForIdle(databaseUrl);
        if (SQL_STATS) await resetSqlStats(databaseUrl);
        const cpuGroups = {
          server: pid,
          postgres: postgresPid ? { tree: postgresPid } : undefined,
          runner: process.pid,
        };
        const fixedCpu = watchCpu(cpuGroups);
        const fixedSessions = SQL_STATS ? watchSessions(databaseUrl) : undefined;
        const fixed = await measure(target, scenario, {
          rate: scenario.rate,
          connections: scenario.connections,
          duration: DURATION,
        });
        const fixedUse = fixedCpu.stop();
        if (SQL_STATS) {
          log(`    ${name === 'shop' ? 'szerver' : 'alapvonal'}, ${scenario.rate} kérés/s:`);
          await fixedSessions?.stop();
          await printSqlStats(databaseUrl, fixed.requests);
        }
        await waitForIdle(databaseUrl);
        const maxCpu = watchCpu(cpuGroups);
        const maxSessions = SQL_STATS ? watchSessions(databaseUrl) : undefined;
        const max = await measure(target, scenario, {
          connections: SATURATION_CONNECTIONS,
          duration: DURATION,
        });
        const maxUse = maxCpu.stop();
        if (maxSessions) {
          log(`    ${name === 'shop' ? 'szerver' : 'alapvonal'}, telítésben:`);
          await maxSessions.stop();
        }
        await waitForIdle(databaseUrl);
        results[name] = { fixed, max };
        log(
          `  ${name === 'shop' ? 'szerver   ' : 'alapvonal '}: ${f(fixed.rps, 0)} kérés/s, p50 ${f(fixed.p50)} ms, p95 ${f(fixed.p95)} ms, p99 ${f(fixed.p99)} ms${fixed.failed ? `, ${fixed.failed} hibás${fixed.statuses ? ` (${fixed.statuses})` : ''}` : ''} (CPU ${cpuText(fixedUse)}); telítésben ${f(max.rps, 0)} kérés/s${max.failed ? ` (${max.failed} hibás${max.statuses ? `: ${max.statuses}` : ''})` : ''} (CPU ${cpuText(maxUse)})`,
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
        ...(b ? [f(b.fixed.rps, 0), f(b.fixed.p50), f(b.fixed.p95), f(b.fixed.p99)] : ['–', '–', '–', '–']),
        b ? `${f(s.max.rps, 0)} / ${f(b.max.rps, 0)}` : `${f(s.max.rps, 0)} / –`,
        b ? `${f(s.max.rps / b.max.rps, 2)}×` : '–',
        scenario.target,
        scenario.met ? (scenario.met(s, b) ? 'igen' : 'NEM') : '',
      ]);
    }
    if (wanted(FEED_NAME)) {
      rows.push(await measureFeed(shop.url, machine, (child) => children.push(child)));
    }
    let race: Race | undefined;
    if (WITH_VARIANTS && wanted(RACE_NAME)) {
      log(
        `\n${RACE_NAME}: ${VARIANTS.raceOrders} vendégrendelés egyszerre egy változat 1-1 darabjára (${VARIANTS.raceStock} van készleten), felváltva két szervernek egy PostgreSQL-en…`,
      );
      const other = await secondServer();
      race = await runVariantRace([shop.url, other.url], databaseUrl);
      log(`  ${raceText(race)}`);
      log(`  egy elutasítás szövege: ${race.refusal}`);
      if (race.failed) log(`  az első egyéb hiba: ${race.error}`);
    }
    let probes: Probe[] = [];
    if (wanted(MIXED.name)) {
      log(
        `\n${MIXED.name}: filters ${MIXED.filtersRate} kérés/s és rendelés ${MIXED.ordersRate} kérés/s egyszerre a szervernek (${MIXED.filtersConnections} + ${MIXED.ordersConnections} kapcsolat, ${DURATION} s), közben ${MIXED.probesAt.length} termék elfogy…`,
      );
      const other = await secondServer();
      const mixed = await runMixed(shop.url, other.url, databaseUrl, {
        server: shop.child.pid,
        other: other.child.pid,
        postgres: postgresPid ? { tree: postgresPid } : undefined,
        runner: process.pid,
      });
      probes = mixed.probes;
      log(`  CPU: ${cpuText(mixed.cpu)}`);
      const { filters, orders } = mixed;
      log(
        `  filters : ${f(filters.rps, 0)} kérés/s, p50 ${f(filters.p50)} ms, p95 ${f(filters.p95)} ms, p99 ${f(filters.p99)} ms${filters.failed ? `, ${filters.failed} hibás` : ''}`,
      );
      log(
        `  rendelés: ${f(orders.rps, 0)} kérés/s, p50 ${f(orders.p50)} ms, p95 ${f(orders.p95)} ms, p99 ${f(orders.p99)} ms${orders.failed ? `, ${orders.failed} hibás` : ''}`,
      );
      for (const probe of probes) {
        log(
          `  ${probe.code} elfogyott: a rendelés válasza ${f(probe.orderMs, 0)} ms; a listán elfogyottként ugyanazon a szerveren ${f(probe.placing, 0)} ms, a másikon ${f(probe.other, 0)} ms után (a válasz után ${f(afterAnswer(probe, 'placing'), 0)} és ${f(afterAnswer(probe, 'other'), 0)} ms)`,
        );
      }
      const none = ['–', '–', '–', '–', '–', '–'];
      rows.push(
        [
          `${MIXED.name}: filters (+ rendelés ${MIXED.ordersRate}/s)`,
          String(MIXED.filtersRate),
          f(filters.rps, 0),
          f(filters.p50),
          f(filters.p95),
          f(filters.p99),
          ...none,
          'p99 < 50 ms',
          filters.p99 < 50 ? 'igen' : 'NEM',
        ],
        [
          `${MIXED.name}: rendelés (+ filters ${MIXED.filtersRate}/s)`,
          String(MIXED.ordersRate),
          f(orders.rps, 0),
          f(orders.p50),
          f(orders.p95),
          f(orders.p99),
          ...none,
          'p99 < 100 ms',
          orders.p99 < 100 ? 'igen' : 'NEM',
        ],
      );
    }
    log(
      `\nGyorskeresés: ${QUERIES.length.toLocaleString('hu-HU')} különböző kérdés körbe (szavak, ékezettel és nélkül, szókezdetek, elütés, szóalakok, márkák, termékkódok${WITH_VARIANTS ? ', változatkódok' : ''}), mindkét szervernek ugyanaz a lista.`,
    );
    log(`\nA szerver memóriája a mérés végén: ${rssMb(shop.child.pid)}`);
    log(`Gép a végén: ${machine()}`);
    log(
      `\nEredmények (${DURATION} s rögzített rátán autocannonnal, majd ${SATURATION_CONNECTIONS} kapcsolattal telítésben; loopback, ${CATALOGUE.products.toLocaleString('hu-HU')} termék):\n`,
    );
    log(table(rows));
    if (probes.length > 0) {
      const worst = (pick: (probe: Probe) => number) => Math.max(...probes.map(pick));
      const placing = worst((probe) => probe.placing);
      log(
        `\nElfogyott termék a listán (vegyes terhelés alatt, ${probes.length} próba közül a leglassabb), a rendelés elküldésétől: ` +
          `a rendelést felvevő szerveren ${f(placing, 0)} ms (cél < 1000 ms: ${placing < 1000 ? 'igen' : 'NEM'}), ` +
          `a másik szerveren ${f(
            worst((probe) => probe.other),
            0,
          )} ms; a rendelés válaszától: ` +
          `${f(
            worst((probe) => afterAnswer(probe, 'placing')),
            0,
          )} és ${f(
            worst((probe) => afterAnswer(probe, 'other')),
            0,
          )} ms ` +
          `(a rendelés maga legfeljebb ${f(
            worst((probe) => probe.orderMs),
            0,
          )} ms).`,
      );
    }
    if (race) log(`\n${RACE_NAME} (két szerver, egy PostgreSQL): ${raceText(race)}.`);
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
