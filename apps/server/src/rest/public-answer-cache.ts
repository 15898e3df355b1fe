import { AskedOnce } from '@shop/api';
import type { AnyRouter } from '@trpc/server';

/** Object keys sorted at every level, so `{"a":1,"b":2}` and `{"b":2,"a":1}` name the same answer. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Whether the procedure's meta marks its anonymous answers as shareable (`publicCache: true`). */
export function isPublicCacheable(router: AnyRouter, procedurePath: string): boolean {
  const procedure: unknown = (router._def.procedures as Record<string, unknown>)[procedurePath];
  if (typeof procedure !== 'function' || !('_def' in procedure)) return false;
  const meta = (procedure._def as { meta?: { publicCache?: unknown } }).meta;
  return meta?.publicCache === true;
}

export type PublicAnswerCacheOptions = { maxEntries?: number; maxBytes?: number };

/**
 * Serialised answers of cacheable operations for callers without a session, least recently used
 * dropped first, bounded by count and bytes. An answer is kept from the second time its key is
 * offered (`AskedOnce`). Every entry belongs to one catalogue generation; when the generation moves
 * on, everything is dropped at once.
 */
export class PublicAnswerCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly askedOnce = new AskedOnce();
  private generation: string | undefined;
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(options: PublicAnswerCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 5000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  get(generation: string, key: string): Buffer | undefined {
    this.follow(generation);
    const body = this.entries.get(key);
    if (body === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, body);
    return body;
  }

  set(generation: string, key: string, body: Buffer): void {
    if (generation !== this.generation || body.length > this.maxBytes / 16) return;
    if (!this.entries.has(key) && !this.askedOnce.askedBefore(key)) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.length;
    }
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private follow(generation: string): void {
    if (generation === this.generation) return;
    this.entries.clear();
    this.bytes = 0;
    this.generation = generation;
  }
}
