import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The file a precompressed copy (`app.js.br`) stands for. */
const servedAs = (filePath: string) => filePath.replace(/\.(?:br|gz)$/, '');

/**
 * Serves the built web app's root files (assets/ has its own route, built-assets.ts). index.html is
 * revalidated on every visit so a new deploy is picked up at once. The build writes a Brotli and a
 * gzip copy beside each text file (precompress.ts in the web app), sent as they are to a browser that
 * accepts them, so no request compresses a file again.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    cacheControl: false,
    serveDotFiles: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const relative = path.relative(webDist, servedAs(filePath));
      if (relative === 'index.html') res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="hu"><head><meta charset="utf-8"><title>A webáruház nincs lefordítva</title></head>
<body><h1>A webes felület még nincs lefordítva</h1><p>Futtasd a tárhely gyökerében: <code>npm run build</code>, majd indítsd újra a szervert (vagy használd az <code>npm start</code> parancsot, amely mindkettőt elvégzi).</p></body></html>`;

/** A path the SPA router should handle: not a file (no extension) and not a missing hashed asset. */
export function isSpaRoute(pathname: string): boolean {
  if (pathname.startsWith('/assets/')) return false;
  const last = pathname.split('/').pop() ?? '';
  return !/\.[a-z0-9]+$/i.test(last);
}

export function sendSpaIndex(webDist: string, request: FastifyRequest, reply: FastifyReply) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    request.log.warn({ webDist }, 'A webes felület nincs lefordítva (index.html hiányzik)');
    return reply
      .code(503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(NOT_BUILT_PAGE);
  }
  return reply.sendFile('index.html');
}
