import type { Prisma, PrismaClient } from '@shop/db';

type Entry = { value: unknown; version: number };

export type VersionedCacheOptions = {
  /** How stale another server's change may be seen here. */
  pollIntervalMs?: number;
  now?: () => number;
};

/**
 * An in-memory cache whose entries are dropped when their `CacheVersion` row changes.
 * A write bumps the row in its own transaction, so the bump commits with the change;
 * this server drops the entry at once and every other server on its next read after
 * the poll interval. Polling happens lazily on read, so an idle server costs nothing.
 */
export class VersionedCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Bumped on every local invalidation so a load started before it never lands. */
  private readonly generations = new Map<string, number>();
  private knownVersions = new Map<string, number>();
  private lastPolledAt = Number.NEGATIVE_INFINITY;
  private polling: Promise<void> | undefined;
  private readonly pollIntervalMs: number;
  private readonly now: () => number;

  constructor(
    private readonly prisma: PrismaClient,
    options: VersionedCacheOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    await this.pollIfDue();
    const entry = this.entries.get(key);
    if (entry && entry.version === (this.knownVersions.get(key) ?? 0)) return entry.value as T;

    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generations.get(key) ?? 0;
    const promise = (async () => {
      // Reading the version before the data means a change racing the load leaves an
      // entry with an older version, which the next poll replaces: stale at most one poll.
      const version = await this.readVersion(key);
      const value = await load();
      if ((this.generations.get(key) ?? 0) === generation) {
        this.knownVersions.set(key, version);
        this.entries.set(key, { value, version });
      }
      return value;
    })();
    this.loading.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    }
  }

  /** The entry if this server has loaded it (possibly stale), without loading or polling. */
  peek<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  /** Drops the local entry; call after the transaction that bumped the version committed. */
  invalidate(key: string): void {
    this.entries.delete(key);
    this.loading.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  private async readVersion(key: string): Promise<number> {
    const row = await this.prisma.cacheVersion.findUnique({ where: { key }, select: { version: true } });
    return row?.version ?? 0;
  }

  private async pollIfDue(): Promise<void> {
    if (this.now() - this.lastPolledAt < this.pollIntervalMs) return;
    this.polling ??= (async () => {
      try {
        const rows = await this.prisma.cacheVersion.findMany({ select: { key: true, version: true } });
        this.knownVersions = new Map(rows.map((row) => [row.key, row.version]));
        this.lastPolledAt = this.now();
      } finally {
        this.polling = undefined;
      }
    })();
    await this.polling;
  }
}

/**
 * Marks `key` as changed inside the caller's transaction. The row update also takes a row
 * lock until commit, which serialises concurrent writers of the same domain (e.g. two
 * category moves that together would form a cycle).
 */
export async function bumpCacheVersion(tx: Prisma.TransactionClient, key: string): Promise<void> {
  await tx.cacheVersion.upsert({
    where: { key },
    create: { key, version: 1 },
    update: { version: { increment: 1 } },
    select: { key: true },
  });
}

const cachesByClient = new WeakMap<PrismaClient, VersionedCache>();

/** The process-wide cache of one database. */
export function cacheFor(prisma: PrismaClient): VersionedCache {
  let cache = cachesByClient.get(prisma);
  if (!cache) {
    cache = new VersionedCache(prisma);
    cachesByClient.set(prisma, cache);
  }
  return cache;
}

export const CACHE_KEYS = {
  categories: 'category',
  // Its entry holds the ÁSZF version orders record (services/orders/terms-version.ts).
  pages: 'page',
  // Nothing in memory hangs on it; the sitemap's version stamp reads it, and writers serialise on it.
  blogPosts: 'blogPost',
} as const;

/** One in-memory cache of the server: what it holds, how big it may grow and what empties it. */
export type CacheDescription = {
  /** What it holds. */
  name: string;
  /** The file that holds it, from the repository root. */
  module: string;
  /** What an entry is found by. */
  key: string;
  /** How many entries or bytes it keeps at most. */
  bound: string;
  /** What drops an entry (a cache version bump, a time to live, the entry's source object being replaced). */
  droppedBy: string;
};

/**
 * Every in-memory cache of the server, in one place. A cache version bump (`bumpCacheVersion` inside
 * the writer's transaction) drops the entry on the writing server at once and on every other server
 * within VersionedCache's poll (1 s). `test/cache-registry.test.ts` fails when a file gains a cache
 * that is not listed here.
 */
export const CACHES: readonly CacheDescription[] = [
  {
    name: 'Catalogue index (products, prices, categories, properties, search words, sort orders)',
    module: 'packages/api/src/services/catalogue/in-memory-index.ts',
    key: "VersionedCache key 'catalogue'",
    bound: 'one index per server (tens of MB at 100 000 products)',
    droppedBy:
      "'catalogue' version bump: product, category link, property, description writes and the lowest-price refresh; stock moves are applied in place instead (stock-sync.ts)",
  },
  {
    name: 'Catalogue list answers (filters, list, quick search, featured, popular)',
    module: 'packages/api/src/services/catalogue/in-memory-index.ts',
    key: 'kind + sha1 of input, pricing segment, admin flag, category snapshot number',
    bound:
      '5 000 answers per index (MAX_CACHED_ANSWERS; emptied when full), each kept from its second ask (AskedOnce)',
    droppedBy:
      'a new catalogue index; a stock move that changes what answers show (in/out of stock, low stock)',
  },
  {
    name: 'Category scopes (product positions of a set of categories)',
    module: 'packages/api/src/services/catalogue/in-memory-index.ts',
    key: 'sorted category ids',
    bound: '1 000 per index (MAX_CACHED_SCOPES; emptied when full)',
    droppedBy: 'a new catalogue index',
  },
  {
    name: 'Price columns and price orders per pricing segment',
    module: 'packages/api/src/services/catalogue/in-memory-index.ts',
    key: 'pricing segment (guest, or customer group with its discount)',
    bound: 'one per segment (customer groups + 1) per index',
    droppedBy: 'a new catalogue index',
  },
  {
    name: 'Product page rows',
    module: 'packages/api/src/services/catalogue/product-page.ts',
    key: 'product id, per catalogue index',
    bound: '10 000 pages, least recently used dropped first (MAX_CACHED_DETAILS)',
    droppedBy: 'a new catalogue index',
  },
  {
    name: 'Search lexicon (sorted words, postings, title order) and its query-word matches',
    module: 'packages/api/src/services/catalogue/search-lexicon.ts',
    key: 'catalogue index; a match by query word',
    bound: 'one lexicon per index; 20 000 query words (MAX_REMEMBERED_WORDS; emptied when full)',
    droppedBy: 'a new catalogue index',
  },
  {
    name: 'Hungarian stems of query words (PostgreSQL hungarian_stem)',
    module: 'packages/api/src/services/catalogue/search.ts',
    key: 'lower-case word',
    bound: '50 000 words per process (MAX_REMEMBERED_STEMS; emptied when full)',
    droppedBy: 'nothing else: a stem does not depend on the catalogue',
  },
  {
    name: 'Category tree (with slugs, URL paths, search texts)',
    module: 'packages/api/src/services/category.ts',
    key: "VersionedCache key 'category'",
    bound: 'one tree per server',
    droppedBy: "'category' version bump: category and category-description writes",
  },
  {
    name: 'ÁSZF (terms) version recorded on orders',
    module: 'packages/api/src/services/orders/terms-version.ts',
    key: "VersionedCache key 'page'",
    bound: 'one string per server',
    droppedBy: "'page' version bump: page and page-text writes",
  },
  {
    name: 'Shipping and payment methods',
    module: 'packages/api/src/services/checkout/methods.ts',
    key: "VersionedCache key 'checkout-methods'",
    bound: 'one list pair per server',
    droppedBy: "'checkout-methods' version bump: every method write",
  },
  {
    name: 'Automatic promotions (cart rules without a code); whether each runs is decided per read',
    module: 'packages/api/src/services/promotions/promotion-store.ts',
    key: "VersionedCache key 'promotions'",
    bound: 'one list per server (the automatic promotions not paused and not over)',
    droppedBy: "'promotions' version bump: every promotion write",
  },
  {
    name: 'Product feeds (Árukereső, Google, Meta): the items of each and the written feed, gzipped',
    module: 'packages/api/src/services/feeds/index.ts',
    key: 'public URL, per database client; checked against the catalogue generation, the shipping methods and the shop name',
    bound: 'one build per server and public URL: about 6.5 MB gzipped per feed at 100 000 products',
    droppedBy:
      'a new catalogue generation (any product, price, stock or category change on any server), a shipping method change or a new shop name',
  },
  {
    name: 'What the feeds need beyond the catalogue index (descriptions as text, pictures, GTIN, feed switch)',
    module: 'packages/api/src/services/feeds/feed-items.ts',
    key: 'the catalogue index object (WeakMap): one read per index',
    bound: 'one entry per enabled product of the current index; goes with the index',
    droppedBy: 'a new catalogue index (any catalogue version bump); a stock move keeps the index and these',
  },
  {
    name: 'Active pickup points (lockers and parcel shops of every carrier) for the checkout picker',
    module: 'packages/api/src/services/pickup-points/search.ts',
    key: "VersionedCache key 'pickup-points'",
    bound: 'one list per server (every active point: about 10 000, a few MB)',
    droppedBy: "'pickup-points' version bump: every feed import (hourly for Foxpost, daily for the others)",
  },
  {
    name: 'Payment settings row and its opened Barion POS key',
    module: 'packages/api/src/services/checkout/payment-settings.ts',
    key: "VersionedCache key 'payment-settings'; the POS key by encryption key",
    bound: 'one row per server',
    droppedBy: "'payment-settings' version bump: saving the settings",
  },
  {
    name: 'Barion Pixel ID written into shop pages',
    module: 'packages/api/src/services/barion-pixel.ts',
    key: "VersionedCache key 'barion-pixel'",
    bound: 'one string per server',
    droppedBy: "'barion-pixel' version bump: saving the Pixel ID",
  },
  {
    name: 'GA4 measurement ID and Meta Pixel ID written into shop pages',
    module: 'packages/api/src/services/analytics/settings.ts',
    key: "VersionedCache key 'analytics'",
    bound: 'two short strings per server',
    droppedBy: "'analytics' version bump: saving the analytics settings",
  },
  {
    name: 'E-mail templates',
    module: 'packages/api/src/services/email/template-cache.ts',
    key: "VersionedCache key 'email-template', then the template key",
    bound: 'every template (a handful) per server',
    droppedBy: "'email-template' version bump: an admin's template edit",
  },
  {
    name: 'Catalogue check counts (dashboard)',
    module: 'packages/api/src/services/dashboard.ts',
    key: 'catalogue index',
    bound: 'one answer per index',
    droppedBy: "a new catalogue index, or its stockVersion moving (stock crossing zero or 'low')",
  },
  {
    name: 'SEO heads of shop pages',
    module: 'packages/api/src/services/seo.ts',
    key: 'public URL, site name, kind and slug of the page',
    bound: '10 000 heads (MAX_SEO_ENTRIES)',
    droppedBy: '10 s time to live (SEO_TTL_MS); sooner when the catalogue index or category tree is replaced',
  },
  {
    name: 'Sitemap data',
    module: 'packages/api/src/services/seo.ts',
    key: 'public URL',
    bound: 'one per public URL',
    droppedBy: 'any cache version changing (the stamp of every version); 10 minutes time to live',
  },
  {
    name: 'Rendered sitemap files',
    module: 'apps/server/src/seo-routes.ts',
    key: 'file name and chunk size, per sitemap data',
    bound: 'the files of one sitemap',
    droppedBy: 'new sitemap data',
  },
  {
    name: 'Public answer cache: serialised REST answers for callers without a token',
    module: 'apps/server/src/rest/public-answer-cache.ts',
    key: 'operation + canonical JSON of its input (operations marked publicCache)',
    bound:
      '5 000 answers and 64 MB, least recently used dropped first, each kept from its second ask (AskedOnce)',
    droppedBy: 'the catalogue generation (index build, stock version, category snapshot) changing',
  },
  {
    name: 'Image variants served from /media',
    module: 'apps/server/src/media-routes.ts',
    key: 'media id / variant',
    bound: '32 MB, least recently used dropped first',
    droppedBy: 'nothing else: a variant never changes (a re-upload is a new medium)',
  },
  {
    name: "The web app's index.html template (for SEO heads)",
    module: 'apps/server/src/seo-html.ts',
    key: 'the file',
    bound: 'one file',
    droppedBy: 'the file changing on disk (modification time checked every second)',
  },
];
