// Shared Vitest settings. Vitest 5 targets Node 22 and calls Map.groupBy while
// reporting failures; Node 20 lacks it, so without this a failing test would
// crash the reporter instead of being shown.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

/** Database-backed suites start embedded or real PostgreSQL databases, which takes seconds. */
export const databaseTestConfig = defineConfig({
  test: {
    // One worker per core. Vitest's default (cores - 1) is one worker on two cores, and a project of
    // one isolated worker is run file after file; the root config runs these projects in one pool.
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The migrated template every test database is copied from, built once before the workers start.
    globalSetup: [fileURLToPath(new URL('./packages/db/src/testing/global-setup.ts', import.meta.url))],
  },
});
