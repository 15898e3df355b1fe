import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../../cache';
import {
  FEED_KEYS,
  FEED_REPORT_LIST_MAX,
  type TFeedKey,
  type TFeedProblem,
  type TFeedProblemList,
  type TFeedReason,
  type TFeedReportOutput,
} from '../../schemas/feed';
import { catalogueGeneration } from '../catalogue/generation';
import { getCheckoutMethods } from '../checkout/methods';
import { getShopDetails } from '../shop-setting';
import { arukeresoFeed } from './arukereso';
import { facebookFeed } from './facebook';
import {
  buildFeedCatalogue,
  FEED_REASON_LABELS,
  type FeedCatalogue,
  type FeedItem,
  feedProblem,
} from './feed-items';
import { googleFeed } from './google';

type Deps = { prisma: PrismaClient; cache: VersionedCache };

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const FEED_TITLES: Record<TFeedKey, string> = {
  arukereso: 'Árukereső',
  google: 'Google Merchant Center',
  facebook: 'Facebook (Meta)',
};

export const feedPath = (key: TFeedKey) => `/feeds/${key}.xml`;

export function isFeedKey(key: string): key is TFeedKey {
  return (FEED_KEYS as readonly string[]).includes(key);
}

/** One feed's items and what it leaves out beyond what every feed leaves out. */
type FeedContent = { items: FeedItem[]; products: number; leftOut: TFeedProblem[] };

/**
 * Árukereső's list recommends a category rather than requiring one (arukereso.ts), but Árukereső pairs
 * offers into its categories, where the same product's offers share a page sorted by price (Heureka's help,
 * sluzby.heureka.cz/napoveda/jak-se-registrovat-na-arukeres): an offer without a category is compared with
 * nothing, so such a product is left out of that feed and the report tells the owner to file it. Google and
 * Meta take an uncategorised product as it is (product_type is optional there).
 */
function feedContent(catalogue: FeedCatalogue, key: TFeedKey): FeedContent {
  const items =
    key === 'arukereso' ? catalogue.items.filter((item) => item.category !== null) : catalogue.items;
  const uncategorised = new Map<number, string>();
  if (key === 'arukereso') {
    for (const item of catalogue.items) {
      if (item.category === null) uncategorised.set(item.productId, item.productTitle);
    }
  }
  return {
    items,
    products: new Set(items.map((item) => item.productId)).size,
    leftOut: [
      ...catalogue.leftOut,
      ...[...uncategorised].map(([productId, title]) => feedProblem(productId, title, ['no-category'])),
    ],
  };
}

/**
 * A feed of 100 000 items is about 150 MB of text and 6.5 MB gzipped: it is gzipped once (on the thread
 * pool) and kept so, rather than kept whole and compressed again on the event loop for every fetch.
 */
type Built = {
  catalogue: FeedCatalogue;
  builtAt: number;
  contents: Map<TFeedKey, FeedContent>;
  gzipped: Map<TFeedKey, Promise<Buffer>>;
};

function contentOf(built: Built, key: TFeedKey): FeedContent {
  let content = built.contents.get(key);
  if (!content) {
    content = feedContent(built.catalogue, key);
    built.contents.set(key, content);
  }
  return content;
}

/**
 * The feeds are written once per catalogue generation (catalogue/generation.ts: any product, price,
 * stock or category change here or on another server, or a sale starting or ending), per set of
 * shipping methods, whose fee every item carries, and per shop name (the channels' title, and the brand
 * of a product without one); until then every request gets the same text.
 */
type Entry = { generation: string; methods: object; shopName: string; built: Promise<Built> };
const entries = new WeakMap<VersionedCache, Map<string, Entry>>();

async function builtFeeds(deps: Deps, publicUrl: string): Promise<Built> {
  const [generation, methods, shop] = await Promise.all([
    catalogueGeneration(deps),
    getCheckoutMethods(deps),
    getShopDetails(deps.prisma),
  ]);
  const shopName = shop.shopName || new URL(publicUrl).hostname;
  let perServer = entries.get(deps.cache);
  if (!perServer) {
    perServer = new Map();
    entries.set(deps.cache, perServer);
  }
  const cached = perServer.get(publicUrl);
  if (
    cached &&
    cached.generation === generation &&
    cached.methods === methods &&
    cached.shopName === shopName
  ) {
    return cached.built;
  }
  const built = buildFeedCatalogue(deps, publicUrl, shopName).then(
    (catalogue): Built => ({
      catalogue,
      builtAt: Date.now(),
      contents: new Map(),
      gzipped: new Map(),
    }),
  );
  const entry = { generation, methods, shopName, built };
  perServer.set(publicUrl, entry);
  built.catch(() => {
    if (perServer.get(publicUrl) === entry) perServer.delete(publicUrl);
  });
  return built;
}

/** The feed written and gzipped, once per build; only the gzipped bytes are kept (a twentieth of the text). */
function gzippedBody(built: Built, key: TFeedKey, publicUrl: string): Promise<Buffer> {
  let gzipped = built.gzipped.get(key);
  if (!gzipped) {
    const { items } = contentOf(built, key);
    const shop = { name: built.catalogue.shopName, url: publicUrl };
    const xml =
      key === 'arukereso'
        ? arukeresoFeed(items)
        : key === 'google'
          ? googleFeed(items, shop, built.builtAt)
          : facebookFeed(items, shop, built.builtAt);
    const written = xml.then((text) => gzipAsync(Buffer.from(text, 'utf8')));
    gzipped = written;
    built.gzipped.set(key, written);
    written.catch(() => {
      if (built.gzipped.get(key) === written) built.gzipped.delete(key);
    });
  }
  return gzipped;
}

/**
 * The feed as of the catalogue now, as bytes to send: gzipped when the client takes gzip (every
 * channel's crawler does), else unpacked for the request on the thread pool. Written once per
 * catalogue generation.
 */
export async function getFeedBody(
  deps: Deps,
  key: TFeedKey,
  publicUrl: string,
  gzip: boolean,
): Promise<Buffer> {
  const built = await builtFeeds(deps, publicUrl);
  const gzipped = await gzippedBody(built, key, publicUrl);
  return gzip ? gzipped : gunzipAsync(gzipped);
}

/** The feed's XML text as of the catalogue now. */
export async function getFeedXml(deps: Deps, key: TFeedKey, publicUrl: string): Promise<string> {
  return (await getFeedBody(deps, key, publicUrl, false)).toString('utf8');
}

/**
 * The feeds' problems merged by product (the three lists differ in a few products at most), newest
 * first: a product just added is the one its owner is likely finishing.
 */
function problemList(perFeed: [TFeedKey, TFeedProblem[]][]): TFeedProblemList {
  const byProduct = new Map<number, TFeedProblemList['items'][number]>();
  for (const [key, problems] of perFeed) {
    for (const problem of problems) {
      const row = byProduct.get(problem.productId) ?? { ...problem, reasons: [], feeds: [] };
      for (const reason of problem.reasons) {
        if (!row.reasons.some((known) => known.code === reason.code)) row.reasons.push(reason);
      }
      row.feeds.push(key);
      byProduct.set(problem.productId, row);
    }
  }
  const rows = [...byProduct.values()].sort((a, b) => b.productId - a.productId);
  const counts = new Map<TFeedReason, number>();
  for (const row of rows)
    for (const reason of row.reasons) counts.set(reason.code, (counts.get(reason.code) ?? 0) + 1);
  return {
    total: rows.length,
    counts: [...counts].map(([code, count]) => ({ code, label: FEED_REASON_LABELS[code], count })),
    items: rows.slice(0, FEED_REPORT_LIST_MAX),
  };
}

/** GET /api/feed/report: each feed's address and size, and what the feeds leave out and why. */
export async function feedReport(deps: Deps, publicUrl: string): Promise<TFeedReportOutput> {
  const built = await builtFeeds(deps, publicUrl);
  const { catalogue } = built;
  const contents = FEED_KEYS.map((key) => {
    const content = contentOf(built, key);
    const carried = new Set(content.items.map((item) => item.productId));
    return {
      key,
      content,
      incomplete: catalogue.incomplete.filter((problem) => carried.has(problem.productId)),
    };
  });
  return {
    feeds: contents.map(({ key, content, incomplete }) => ({
      key,
      title: FEED_TITLES[key],
      url: `${publicUrl}${feedPath(key)}`,
      items: content.items.length,
      products: content.products,
      leftOut: content.leftOut.length,
      incomplete: incomplete.length,
    })),
    leftOut: problemList(contents.map(({ key, content }) => [key, content.leftOut])),
    incomplete: problemList(contents.map(({ key, incomplete }) => [key, incomplete])),
  };
}
