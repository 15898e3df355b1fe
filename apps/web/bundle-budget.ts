import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export type BundleBudgetOptions = {
  /** Largest allowed gzipped size of the JavaScript the home page loads before it can render. */
  maxInitialGzipBytes: number;
  /**
   * Source files (relative to the project root) whose lazily loaded chunks the home page also needs at
   * start, e.g. a route's `.lazy.tsx`; the entry chunk and its static imports always count.
   */
  homeModules?: string[];
  /** How many of the largest modules of the initial chunks to list (0: none). */
  listModules?: number;
};

type ChunkSize = { fileName: string; raw: number; gzip: number };

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

function chunkSize(chunk: OutputChunk): ChunkSize {
  return {
    fileName: chunk.fileName,
    raw: Buffer.byteLength(chunk.code),
    gzip: gzipSync(chunk.code, { level: 9 }).length,
  };
}

/** The chunk and everything it imports statically (what the browser fetches before running it). */
function staticClosure(bundle: OutputBundle, start: OutputChunk[]): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const queue = [...start];
  while (queue.length > 0) {
    const chunk = queue.pop();
    if (!chunk || seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') queue.push(next);
    }
  }
  return [...seen.values()];
}

/**
 * Prints the gzipped size of the JavaScript the home page loads first and fails the build when it passes
 * the budget (issue 4: under 200 kB), so a heavy import into the shop's entry is caught before it ships.
 */
export function bundleBudget(options: BundleBudgetOptions): Plugin {
  let root = '';
  return {
    name: 'shop:bundle-budget',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const homeModules = (options.homeModules ?? []).map((file) => `${root}/${file}`);
      const start = chunks.filter(
        (chunk) =>
          chunk.isEntry || chunk.moduleIds.some((id) => homeModules.includes(id.replace(/\?.*$/, ''))),
      );
      const initial = staticClosure(bundle, start).map(chunkSize);
      const initialGzip = initial.reduce((sum, size) => sum + size.gzip, 0);
      const initialRaw = initial.reduce((sum, size) => sum + size.raw, 0);
      const initialNames = new Set(initial.map((size) => size.fileName));
      const lazy = chunks.filter((chunk) => !initialNames.has(chunk.fileName)).map(chunkSize);
      const lazyGzip = lazy.reduce((sum, size) => sum + size.gzip, 0);

      const lines = [
        '',
        'A főoldal első betöltésének JavaScriptje (gzip):',
        ...initial
          .sort((a, b) => b.gzip - a.gzip)
          .map((size) => `  ${size.fileName.padEnd(48)} ${kB(size.raw).padStart(11)}  gzip ${kB(size.gzip)}`),
        `  ${'összesen'.padEnd(48)} ${kB(initialRaw).padStart(11)}  gzip ${kB(initialGzip)} (keret: ${kB(options.maxInitialGzipBytes)})`,
        `Később, igény szerint betöltött részek: ${lazy.length} fájl, gzip ${kB(lazyGzip)} összesen; a legnagyobbak:`,
        ...lazy
          .sort((a, b) => b.gzip - a.gzip)
          .slice(0, 6)
          .map((size) => `  ${size.fileName.padEnd(48)} ${kB(size.raw).padStart(11)}  gzip ${kB(size.gzip)}`),
      ];

      if (options.listModules) {
        const modules = chunks
          .filter((chunk) => initialNames.has(chunk.fileName))
          .flatMap((chunk) =>
            Object.entries(chunk.modules).map(([id, info]) => ({ id, size: info.renderedLength })),
          )
          .sort((a, b) => b.size - a.size)
          .slice(0, options.listModules);
        lines.push('A kezdő részek legnagyobb moduljai (tömörítés előtt):');
        for (const module of modules) {
          lines.push(`  ${kB(module.size).padStart(11)}  ${module.id.replace(`${root}/`, '')}`);
        }
      }
      this.info(lines.join('\n'));

      if (initialGzip > options.maxInitialGzipBytes) {
        this.error(
          `A főoldal kezdő JavaScriptje ${kB(initialGzip)} gzip, több a megengedett ${kB(options.maxInitialGzipBytes)}-nál. Tedd lusta betöltésűvé, ami az első megjelenítéshez nem kell.`,
        );
      }
    },
  };
}
