import { FOXPOST_STAND_IN_ACCOUNT, FOXPOST_STAND_IN_PATH, usesFoxpostStandIn } from '@shop/api';
import { createFoxpostStandIn } from '@shop/api/stand-ins/foxpost';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { mountStandIn } from './stand-in-mount';

/**
 * Mounts the project's Foxpost stand-in (FoxWeb API and tracking page) under /_foxpost (only while
 * stand-ins are on, STAND_INS) while no Foxpost account is saved at /admin/checkout/carriers; once one
 * is, these paths are not found. It only answers: it calls and redirects nowhere.
 */
export function mountFoxpostStandIn(app: FastifyInstance, prisma: PrismaClient): void {
  const standIn = createFoxpostStandIn({
    prisma,
    basePath: FOXPOST_STAND_IN_PATH,
    ...FOXPOST_STAND_IN_ACCOUNT,
  });
  mountStandIn(app, standIn, {
    serves: (path) => path.startsWith(`${FOXPOST_STAND_IN_PATH}/`),
    active: () => usesFoxpostStandIn({ prisma }),
    failure: {
      log: 'A Foxpost-helyettesítő hibát jelzett',
      answer: (res) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ timestamp: new Date().toISOString(), error: 'INTERNAL_ERROR', status: 500 }),
        );
      },
    },
  });
}
