import { cacheFor, getFeedBody, isFeedKey } from '@shop/api';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance } from 'fastify';

export type FeedRoutesOptions = { prisma: PrismaClient; publicUrl: string };

/** Whether the client takes gzip (`Accept-Encoding: gzip`, not `gzip;q=0`). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The product feeds Árukereső, Google Merchant Center and Meta's Commerce Manager fetch:
 * `/feeds/arukereso.xml`, `/feeds/google.xml`, `/feeds/facebook.xml`. The XML is written and gzipped
 * once per catalogue change (services/feeds), so a channel fetching every few minutes costs a map
 * lookup; the server's own compression would gzip tens of megabytes again on every fetch.
 */
export async function feedRoutes(app: FastifyInstance, { prisma, publicUrl }: FeedRoutesOptions) {
  app.get<{ Params: { name: string } }>('/feeds/:name', { compress: false }, async (request, reply) => {
    const key = /^([a-z]+)\.xml$/.exec(request.params.name)?.[1] ?? '';
    if (!isFeedKey(key)) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(
          'Nincs ilyen termékfeed. Elérhető: /feeds/arukereso.xml, /feeds/google.xml, /feeds/facebook.xml.',
        );
    }
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const body = await getFeedBody({ prisma, cache: cacheFor(prisma) }, key, publicUrl, gzip);
    if (gzip) void reply.header('content-encoding', 'gzip');
    // No shared cache in front: a price change must reach the channel on its next fetch.
    return reply
      .type('application/xml; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .send(body);
  });
}
