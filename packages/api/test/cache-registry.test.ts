import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHES } from '../src/cache';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['packages/api/src', 'apps/server/src'];

/** Module-level maps that are not caches, and why. */
const NOT_CACHES: Record<string, string> = {
  'packages/api/src/cache.ts': 'VersionedCache itself and the one instance per database client',
  'packages/api/src/services/catalogue/stock-sync.ts': 'when each index last polled for stock moves',
  'packages/api/src/services/catalogue/generation.ts': 'numbers naming category snapshots',
  'packages/api/src/schemas/common.ts': 'the page schema built once per item schema at start',
  'packages/api/src/schemas/read-only.ts':
    'the key an array schema matches its items by, set once when the schemas load',
  'packages/api/src/services/payments/barion-sync.ts': 'de-duplication of requests in flight',
  'packages/api/src/services/backup/jobs.ts': "the backup job this process runs, for the admin's procedures",
};

/** Signs of a cache: a module-level map, a class named …Cache, an entry of the versioned cache. */
const CACHE_SIGNS = [
  /^(?:export )?(?:const|let) \w+ = new (?:Weak)?Map\b/m,
  /^(?:export )?class \w*Cache\b/m,
  /\bcache\.get\(\s*(?:\w*CACHE_KEY\b|CACHE_KEYS\.)/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative] : [];
  });
}

describe('the list of in-memory caches (CACHES in cache.ts)', () => {
  it('names every file that holds a cache', () => {
    const listed = new Set(CACHES.map((cache) => cache.module));
    const holding = SCANNED.flatMap(sourceFiles).filter((file) => {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      return CACHE_SIGNS.some((sign) => sign.test(source));
    });
    const unlisted = holding.filter((file) => !listed.has(file) && !(file in NOT_CACHES));
    expect(unlisted, 'add these caches to CACHES in packages/api/src/cache.ts').toEqual([]);
    expect(holding.length).toBeGreaterThan(10);
  });

  it('points at files that exist and says for each what it is keyed by, its bound and what drops it', () => {
    for (const cache of CACHES) {
      expect(existsSync(path.join(ROOT, cache.module)), cache.module).toBe(true);
      expect(cache.key && cache.bound && cache.droppedBy, cache.name).toBeTruthy();
    }
  });
});
