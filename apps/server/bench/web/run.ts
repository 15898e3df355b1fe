import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from '../../src/config';
import { watchCpu } from '../cpu';
import { f, table } from '../table';

/**
 * `npm run bench:web`: the storefront as a phone sees it (#13). Builds the web app, starts the
 * production server on a fresh embedded database with the demo data, and runs Lighthouse's
 * performance category with its mobile defaults (simulated throttling, a Moto G Power-like device)
 * through Debian's Chromium three times per page: the home page, a top category with products, a
 * product and a blog post. Prints the medians against #13's targets. Bounded: the whole run stops
 * after 20 minutes at the latest; the server and its data directory are removed at exit.
 */

const RUNS = 3;
const WATCHDOG_MS = 20 * 60_000;
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const log = (line: string) => process.stdout.write(`${line}\n`);

type Measured = { score: number; lcpMs: number; tbtMs: number; cls: number };

/** #13's targets, each with how a median meets it. */
const TARGETS = {
  score: {
    header: 'teljesítmény (cél ≥ 90)',
    met: (value: number) => value >= 90,
    text: (value: number) => f(value, 0),
  },
  lcpMs: {
    header: 'LCP s (cél < 2.0)',
    met: (value: number) => value < 2000,
    text: (value: number) => f(value / 1000, 2),
  },
  tbtMs: {
    header: 'TBT ms (cél < 200)',
    met: (value: number) => value < 200,
    text: (value: number) => f(value, 0),
  },
  cls: {
    header: 'CLS (cél < 0.05)',
    met: (value: number) => value < 0.05,
    text: (value: number) => f(value, 3),
  },
} satisfies Record<keyof Measured, unknown>;
const METRICS = Object.keys(TARGETS) as (keyof Measured)[];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The production server (`src/main.ts`) in its own process; its output is kept to show if it fails. */
function startServer(port: number, dataDir: string): { child: ChildProcess; output: () => string } {
  const chunks: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { child, output: () => chunks.join('') };
}

async function waitForHealth(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`A szerver kilépett (${child.exitCode}):\n${output()}`);
    const healthy = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`A szerver 3 perc alatt sem válaszolt a /health kérésre:\n${output()}`);
}

type TreeNode = { id: number; urlPath: string; title: string; children: TreeNode[] };
type ProductPage = { items: { id: number; slug: string; title: string }[]; total: number };
type BlogPage = { items: { slug: string; title: string }[] };

/** The four pages, found through the public API as a shopper's browser would find them. */
async function findPages(base: string): Promise<{ name: string; url: string }[]> {
  const listProducts = (categoryId: number) =>
    getJson<ProductPage>(`${base}/api/product`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ categoryId, pageSize: 1 }),
    });
  const tree = await getJson<TreeNode[]>(`${base}/api/category`);
  let category: { node: TreeNode; products: ProductPage } | undefined;
  for (const node of tree) {
    const products = await listProducts(node.id);
    if (products.total > 0) {
      category = { node, products };
      break;
    }
  }
  if (!category)
    throw new Error('Nincs termékkel rendelkező felső kategória (a demóadat nem töltődött be?).');
  const product = category.products.items[0]!;
  // A product's slug already ends in its id (`fules-bogre-12`); its pretty URL is `/{slug}`.
  const productPath = product.slug.endsWith(`-${product.id}`)
    ? product.slug
    : `${product.slug}-${product.id}`;
  const post = (await getJson<BlogPage>(`${base}/api/blogpost`)).items[0];
  if (!post) throw new Error('Nincs blogbejegyzés (a demóadat nem töltődött be?).');
  return [
    { name: 'főoldal', url: `${base}/` },
    { name: `kategória (${category.node.title})`, url: `${base}/category/${category.node.urlPath}` },
    { name: `termék (${product.title})`, url: `${base}/${productPath}` },
    { name: `blogbejegyzés (${post.title})`, url: `${base}/blog/${post.slug}` },
  ];
}

/** A run Lighthouse itself gave up on (e.g. `NO_NAVSTART`, a trace that failed to record), asking to run it again. */
class LighthouseRunError extends Error {}
const RETRIES = 2;

/** The Chromium of the run under way, for the cleanup to stop if the run is interrupted. */
let chrome: LaunchedChrome | undefined;

/** One Lighthouse run in a fresh Chromium, as the Lighthouse CLI does it. */
async function measure(url: string): Promise<Measured & { userAgent: string; version: string }> {
  // chrome-launcher's own Ctrl-C handler would exit at once, leaving the server and its data behind.
  chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`A Lighthouse nem adott eredményt: ${url}`);
    if (lhr.runtimeError)
      throw new LighthouseRunError(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`A Lighthouse nem mérte: ${id} (${url})`);
      return value;
    };
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`Nincs teljesítménypontszám: ${url}`);
    return {
      score: score * 100,
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      userAgent: lhr.environment.hostUserAgent,
      version: lhr.lighthouseVersion,
    };
  } finally {
    chrome.kill();
    chrome = undefined;
  }
}

async function measureRetrying(url: string): Promise<Awaited<ReturnType<typeof measure>>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await measure(url);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= RETRIES) throw error;
      log(`  a Lighthouse hibát jelzett (${error.message}), újra…`);
    }
  }
}

function cpuText(use: Record<string, number>): string {
  const names: Record<string, string> = { server: 'szerver', runner: 'Lighthouse', machine: 'gép összesen' };
  return Object.entries(use)
    .map(([name, percent]) => `${names[name] ?? name} ${f(percent, 0)}%`)
    .join(', ');
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function main() {
  const startedAt = performance.now();
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  const cleanup = async () => {
    chrome?.kill();
    await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    log('A mérés 20 perc után leáll.');
    void cleanup().finally(() => process.exit(1));
  }, WATCHDOG_MS);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }

  try {
    log('A webalkalmazás építése (turbo run build --filter=@shop/web)…');
    execFileSync('npx', ['turbo', 'run', 'build', '--filter=@shop/web'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });

    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-web-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    log(`\nA szerver indítása (NODE_ENV=production, ${base}, új beágyazott adatbázis demóadattal)…`);
    const started = startServer(port, dataDir);
    server = started.child;
    await waitForHealth(base, started.child, started.output);
    const pages = await findPages(base);

    const rows: string[][] = [['oldal', ...METRICS.map((key) => TARGETS[key].header), 'mind teljesül']];
    let environment = '';
    for (const page of pages) {
      log(`\n${page.name}: ${page.url} (${RUNS} futás)…`);
      const runs: Measured[] = [];
      const cpu = watchCpu({ server: started.child.pid, runner: process.pid });
      for (let run = 1; run <= RUNS; run++) {
        const measured = await measureRetrying(page.url);
        environment = `Lighthouse ${measured.version}, ${measured.userAgent}`;
        runs.push(measured);
        log(
          `  ${run}. futás: ${TARGETS.score.text(measured.score)} pont, LCP ${TARGETS.lcpMs.text(measured.lcpMs)} s, TBT ${TARGETS.tbtMs.text(measured.tbtMs)} ms, CLS ${TARGETS.cls.text(measured.cls)}`,
        );
      }
      log(`  CPU: ${cpuText(cpu.stop())}`);
      const medians = Object.fromEntries(
        METRICS.map((key) => [key, median(runs.map((each) => each[key]))]),
      ) as Measured;
      rows.push([
        page.name,
        ...METRICS.map(
          (key) => `${TARGETS[key].text(medians[key])} ${TARGETS[key].met(medians[key]) ? 'igen' : 'NEM'}`,
        ),
        METRICS.every((key) => TARGETS[key].met(medians[key])) ? 'igen' : 'NEM',
      ]);
    }
    log(
      `\nEredmények (${RUNS} futás mediánja oldalanként; ${environment}; mobil alapbeállítások: szimulált lassítás, Moto G Power-szerű eszköz):\n`,
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
      `A mérés nem futott le: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
