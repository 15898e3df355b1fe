import { FOXPOST_STAND_IN_ACCOUNT, FOXPOST_STAND_IN_PATH, usesFoxpostStandIn } from '@shop/api';
import { createFoxpostStandIn } from '@shop/api/stand-ins/foxpost';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance } from 'fastify';

/**
 * Mounts the project's Foxpost stand-in (FoxWeb API and tracking page) under /_foxpost while no Foxpost
 * account is saved at /admin/checkout/carriers; once one is, these paths are not found. It reads its own
 * request bodies, so it answers in onRequest, before Fastify parses anything.
 */
export function mountFoxpostStandIn(app: FastifyInstance, prisma: PrismaClient): void {
  const standIn = createFoxpostStandIn({
    prisma,
    basePath: FOXPOST_STAND_IN_PATH,
    ...FOXPOST_STAND_IN_ACCOUNT,
  });
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith(`${FOXPOST_STAND_IN_PATH}/`)) return;
    if (!(await usesFoxpostStandIn({ prisma }))) return;
    reply.hijack();
    try {
      await standIn.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'A Foxpost-helyettesítő hibát jelzett');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(
        JSON.stringify({ timestamp: new Date().toISOString(), error: 'INTERNAL_ERROR', status: 500 }),
      );
    }
  });
}
