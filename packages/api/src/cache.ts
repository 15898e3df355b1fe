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
} as const;
