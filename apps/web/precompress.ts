import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text formats; images and woff2 fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** Below this the server does not compress either (its `threshold`): the headers outweigh the gain. */
const MIN_BYTES = 1024;

/** Every file under `dir`, except Vite's own metadata (`.vite/`), which is never served. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !path.relative(dir, entry.parentPath).startsWith('.vite'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside a text file worth compressing. */
export async function precompressFile(file: string): Promise<boolean> {
  if (!COMPRESSIBLE.test(file)) return false;
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return true;
}

/**
 * Writes a Brotli and a gzip copy of each built text file, at the strongest settings, which the server
 * sends as they are (`built-assets.ts` and `spa.ts` in apps/server/src). Compressing on every request
 * cost the server about 0.5 ms of CPU per chunk, and a page load fetches about a hundred chunks, on the
 * same cores as the shopper's page when both share a machine; its fast on-the-fly setting also sent
 * larger files than these.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shop:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await filesUnder(outDir);
      const written = await Promise.all(files.map(precompressFile));
      this.info(`${written.filter(Boolean).length} fájl előre tömörítve (br, gzip).`);
    },
  };
}
