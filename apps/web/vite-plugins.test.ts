import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { importOrder, rewriteSchedulerSlice, SCHEDULER_SLICE_MS } from './vite-plugins';

type Bundle = Parameters<typeof importOrder>[0];

/** A bundle of chunks that only know what they import, as `importOrder` reads them. */
function bundleOf(imports: Record<string, string[]>): Bundle {
  return Object.fromEntries(
    Object.entries(imports).map(([file, list]) => [file, { type: 'chunk', imports: list }]),
  ) as unknown as Bundle;
}

describe('the start-up steps (data-steps)', () => {
  it('lists a chunk the entry does not import itself, before the chunk that imports it', () => {
    const bundle = bundleOf({
      'assets/react.js': [],
      'assets/recipes.js': [],
      'assets/chakra.js': ['assets/react.js', 'assets/recipes.js'],
      'assets/router.js': ['assets/react.js'],
    });
    expect(importOrder(bundle, ['assets/chakra.js', 'assets/router.js'])).toEqual([
      '/assets/react.js',
      '/assets/recipes.js',
      '/assets/chakra.js',
      '/assets/router.js',
    ]);
  });

  it('names each chunk once, even in an import cycle', () => {
    const bundle = bundleOf({ 'assets/a.js': ['assets/b.js'], 'assets/b.js': ['assets/a.js'] });
    expect(importOrder(bundle, ['assets/a.js', 'assets/b.js'])).toEqual(['/assets/b.js', '/assets/a.js']);
  });
});

describe("React's scheduler slices", () => {
  const scheduler = readFileSync(
    createRequire(import.meta.url).resolve('scheduler/cjs/scheduler.production.js'),
    'utf8',
  );

  it('become shorter in the installed scheduler', () => {
    const rewritten = rewriteSchedulerSlice(scheduler);
    expect(rewritten).toContain(`frameInterval = ${SCHEDULER_SLICE_MS},`);
    expect(rewritten).not.toContain('frameInterval = 5,');
  });

  it('fail the build when the scheduler no longer has the slice it rewrites', () => {
    expect(rewriteSchedulerSlice(scheduler.replace('frameInterval = 5,', 'frameInterval = 4,'))).toBe(
      undefined,
    );
  });
});
