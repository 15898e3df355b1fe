// Shared Vitest settings. Vitest 5 targets Node 22 and calls Map.groupBy while
// reporting failures; Node 20 lacks it, so without this a failing test would
// crash the reporter instead of being shown.
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
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
