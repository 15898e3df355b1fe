import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { withArticle } from '@shop/api/schemas/hungarian';
import { REPO_ROOT } from '../../src/config';

/**
 * The shop under measurement: the production server (`src/main.ts`) in its own process on a free
 * loopback port, and the pages to measure, found through the public API as a shopper's browser
 * would find them (so the bench follows the demo data instead of naming its slugs).
 */

export function freePort(): Promise<number> {
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

async function getJson<T>(url: string, body?: unknown): Promise<T> {
  const init: RequestInit | undefined =
    body === undefined
      ? undefined
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export type ShopServer = { child: ChildProcess; output: () => string };

/** Starts the server; its output is kept to show if it fails. */
export function startServer(port: number, dataDir: string): ShopServer {
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
      // A new database has no backup of the day, so the server made one a minute after its start,
      // in the middle of the first page's runs: some 1.3 s of the server's CPU and a tar beside it,
      // on the cores the page shares. A shop makes it once a day at BACKUP_HOUR, not while measured.
      BACKUPS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { child, output: () => chunks.join('') };
}

export async function waitForHealth(base: string, server: ShopServer): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`A szerver kilépett (${server.child.exitCode}):\n${server.output()}`);
    const healthy = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`A szerver 3 perc alatt sem válaszolt a /health kérésre:\n${server.output()}`);
}

export async function stopServer(child: ChildProcess | undefined): Promise<void> {
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

type TreeNode = { id: number; urlPath: string; title: string; children: TreeNode[] };
type Card = { id: number; slug: string; title: string; stock: number | null };
type FiltersPage = {
  items: Card[];
  total: number;
  facets: { properties: { title: string; values: { title: string; count: number }[] }[] };
};
type BlogPage = { items: { slug: string; title: string }[] };

export type Page = { name: string; url: string };

/** What the measurements need to know of the demo data besides the page addresses. */
export type ShopPages = {
  home: Page;
  category: Page;
  product: Page & { id: number; title: string };
  post: Page;
  search: Page;
  /** A filter value of the category that has products: its property (the group) and its title. */
  filter: { property: string; value: string };
};

/** The pages: a top category with products and a filter, its first product in stock, a blog post, a search. */
export async function findPages(base: string): Promise<ShopPages> {
  const filters = (input: Record<string, unknown>) =>
    getJson<FiltersPage>(`${base}/api/product/filters`, { pageSize: 1, ...input });
  const { items: tree } = await getJson<{ items: TreeNode[] }>(`${base}/api/category`);
  let found: { node: TreeNode; page: FiltersPage; filter: ShopPages['filter'] } | undefined;
  for (const node of tree) {
    const page = await filters({ category: node.id, pageSize: 24 });
    const property = page.facets.properties.find((each) => each.values.some((value) => value.count > 0));
    const value = property?.values.find((each) => each.count > 0);
    if (page.total > 0 && property && value) {
      found = { node, page, filter: { property: property.title, value: value.title } };
      break;
    }
  }
  if (!found)
    throw new Error('Nincs termékkel és szűrővel rendelkező felső kategória (a demóadat nem töltődött be?).');
  // One that can be put in the cart (no stock figure means it is not tracked), for "Kosárba".
  const product = found.page.items.find((each) => each.stock === null || each.stock > 0);
  if (!product)
    throw new Error(
      `${withArticle(found.node.title, { capital: true })} kategória első oldalán nincs kapható termék.`,
    );
  // A product's slug already ends in its id (`fules-bogre-12`); its pretty URL is `/{slug}`.
  const productPath = product.slug.endsWith(`-${product.id}`)
    ? product.slug
    : `${product.slug}-${product.id}`;
  // As the shop links it: the pretty URL, or `/category/…` where that would read as a product's.
  const categoryPath = /^[^/]*\d$/.test(found.node.urlPath)
    ? `category/${found.node.urlPath}`
    : found.node.urlPath;
  const post = (await getJson<BlogPage>(`${base}/api/blogpost`)).items[0];
  if (!post) throw new Error('Nincs blogbejegyzés (a demóadat nem töltődött be?).');
  // A word shoppers type, taken from the product's own name so that the search finds products.
  const word = (/\p{L}+/u.exec(product.title)?.[0] ?? product.title).toLocaleLowerCase('hu');
  if ((await filters({ query: word })).total === 0)
    throw new Error(`A „${word}” keresés nem talál terméket (a demóadat változott?).`);
  return {
    home: { name: 'főoldal', url: `${base}/` },
    category: { name: `kategória (${found.node.title})`, url: `${base}/${categoryPath}` },
    product: { name: `termék (${product.title})`, url: `${base}/${productPath}`, ...product },
    post: { name: `blogbejegyzés (${post.title})`, url: `${base}/blog/${post.slug}` },
    search: { name: `keresés („${word}”)`, url: `${base}/search/${encodeURIComponent(word)}` },
    filter: found.filter,
  };
}
