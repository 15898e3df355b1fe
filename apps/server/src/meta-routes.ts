import { META_STAND_IN_PATH } from '@shop/api';
import { createMetaStandIn, type MetaStandIn } from '@shop/api/stand-ins/meta';
import type { FastifyInstance } from 'fastify';
import { mountStandIn } from './stand-in-mount';

/**
 * Mounts the project's stand-in for Meta's Conversions API under /_meta (only while stand-ins are on,
 * STAND_INS): paid orders' purchases go there unless META_GRAPH_URL names another address, and what it
 * accepted is listed at /_meta/_received. It only answers: it calls and redirects nowhere.
 */
export function mountMetaStandIn(
  app: FastifyInstance,
  standIn: MetaStandIn = createMetaStandIn({ basePath: META_STAND_IN_PATH }),
): MetaStandIn {
  mountStandIn(app, standIn, {
    serves: (path) => path.startsWith(`${META_STAND_IN_PATH}/`),
    failure: {
      log: 'A Meta Conversions API helyettesítő hibát jelzett',
      answer: (res) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: 'An unknown error occurred.', type: 'OAuthException', code: 1 },
          }),
        );
      },
    },
  });
  return standIn;
}
