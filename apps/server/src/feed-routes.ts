import { cacheFor, getFeedBody, isFeedKey } from '@shop/api';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { acceptsEncoding } from './request-headers';

export type FeedRoutesOptions = { prisma: PrismaClient; publicUrl: string };

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
    const gzip = acceptsEncoding(request.headers['accept-encoding'], 'gzip');
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
