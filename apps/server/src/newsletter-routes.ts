import { DomainError, ONE_CLICK_PATH, unsubscribeByToken } from '@shop/api';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { acceptFormBodies, isOneClickBody, ONE_CLICK_BODY } from './one-click-unsubscribe';

/**
 * POST /api/newsletter/one-click/{token} (beyond the spec, #29): the target of a marketing e-mail's
 * `List-Unsubscribe` header. A mail client's "unsubscribe" button posts `List-Unsubscribe=One-Click` as a
 * form (RFC 8058), which the JSON-only REST mirror refuses, so it has a route of its own. Only a POST with
 * that body unsubscribes: a link scanner's GET or an empty POST changes nothing. The visible link of the
 * e-mail opens the shop's page instead (/hirlevel/leiratkozas), which asks before it unsubscribes.
 */
export async function newsletterOneClickRoute(app: FastifyInstance, options: { prisma: PrismaClient }) {
  acceptFormBodies(app);
  app.post<{ Params: { token: string } }>(`${ONE_CLICK_PATH}/:token`, async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    if (!isOneClickBody(request)) {
      return reply.code(400).send(`Egykattintásos leiratkozáshoz a kérés törzse: ${ONE_CLICK_BODY}`);
    }
    try {
      await unsubscribeByToken(options.prisma, request.params.token);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found')
        return reply.code(404).send(error.message);
      throw error;
    }
    return reply.send('Leiratkoztál a hírlevélről.');
  });
}
