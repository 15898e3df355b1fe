import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { acceptsEncoding } from './request-headers';

/** Vite names every file under assets/ by its content's hash: a name never gets other bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.wasm': 'application/wasm',
};

/** The compressed copies the web build writes beside a file (precompress.ts there), best first. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

type Coding = (typeof ENCODINGS)[number]['coding'];

type BuiltAsset = {
  type: string;
  etag: string;
  bodies: Partial<Record<Coding | 'identity', Buffer>>;
};

/** Every file of the build's assets/ folder with its compressed copies, keyed by file name. */
export async function loadBuiltAssets(assetsDir: string): Promise<Map<string, BuiltAsset>> {
  const names = await readdir(assetsDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const present = new Set(names);
  const originals = names.filter((name) => !ENCODINGS.some(({ suffix }) => name.endsWith(suffix)));
  const assets = new Map<string, BuiltAsset>();
  await Promise.all(
    originals.map(async (name) => {
      const identity = await readFile(path.join(assetsDir, name));
      const bodies: BuiltAsset['bodies'] = { identity };
      for (const { coding, suffix } of ENCODINGS) {
        if (present.has(name + suffix)) bodies[coding] = await readFile(path.join(assetsDir, name + suffix));
      }
      assets.set(name, {
        type: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
        bodies,
      });
    }),
  );
  return assets;
}

/**
 * Serves the web build's assets/ from memory, each in the best encoding the browser takes. A page load
 * fetches about a hundred of these chunks; from disk each cost a directory listing and a stat (the
 * static plugin checks a path's exact spelling), and compressing on the fly about 0.5 ms more, on the
 * same cores as the shopper's page when both share a machine. A deploy brings a new build, and with it
 * a restart that reads it.
 */
export async function registerBuiltAssets(app: FastifyInstance, webDist: string) {
  const assets = await loadBuiltAssets(path.join(webDist, 'assets'));
  app.get<{ Params: { '*': string } }>('/assets/*', (request, reply) => {
    const asset = assets.get(request.params['*']);
    if (!asset) return reply.callNotFound();
    void reply
      .type(asset.type)
      .header('cache-control', IMMUTABLE)
      .header('etag', asset.etag)
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    const accept = request.headers['accept-encoding'];
    const encoding = ENCODINGS.find(({ coding }) => asset.bodies[coding] && acceptsEncoding(accept, coding));
    // A file without copies (too small to gain) is left to the server's compression, which skips the rest.
    if (encoding) void reply.header('content-encoding', encoding.coding);
    return reply.send(asset.bodies[encoding?.coding ?? 'identity']);
  });
}
