import {
  BARION_STAND_IN_PATH,
  BARION_STAND_IN_POS_KEY,
  type BarionConfig,
  BarionError,
  syncBarionPayment,
} from '@shop/api';
import { type BarionStandIn, createBarionStandIn } from '@shop/api/stand-ins/barion';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mountStandIn } from './stand-in-mount';

const PAYMENT_ID = /^[0-9a-fA-F]{32}$/;

/** Barion puts the id in the query string; its docs also say the form body. Either is read. */
function callbackPaymentId(request: FastifyRequest): string | null {
  const fromQuery = (request.query as Record<string, unknown>).paymentId;
  const body = request.body;
  const fromBody =
    typeof body === 'string'
      ? new URLSearchParams(body).get('paymentId')
      : body && typeof body === 'object'
        ? (body as Record<string, unknown>).paymentId
        : undefined;
  const id = typeof fromQuery === 'string' && fromQuery ? fromQuery : fromBody;
  return typeof id === 'string' && PAYMENT_ID.test(id) ? id.toLowerCase() : null;
}

/**
 * POST /api/barion/callback (beyond the spec; Barion posts a form, which the JSON-only REST mirror
 * refuses, so it has a route of its own). The callback only says "look again": the state comes from
 * Barion itself (syncBarionPayment), so a forged or replayed callback moves nothing, and costs at most
 * one state question per payment in 5 s and none for an ended payment. A 200 tells Barion to stop; a
 * 503 while Barion's state cannot be read, or was read only seconds ago (the news may be newer than
 * that answer), makes it deliver the callback again on its schedule instead of being ignored.
 */
export async function barionCallbackRoute(
  app: FastifyInstance,
  options: { prisma: PrismaClient; barion: () => Promise<BarionConfig> },
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  app.post('/api/barion/callback', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const paymentId = callbackPaymentId(request);
    if (!paymentId)
      return reply.code(400).type('text/plain; charset=utf-8').send('Hiányzó vagy hibás paymentId.');
    const retryLater = () =>
      reply
        .code(503)
        .header('retry-after', '5')
        .type('text/plain; charset=utf-8')
        .send('Próbáld újra később.');
    try {
      // The account in use now: an admin may have saved one since the server started (payment-settings.ts).
      const outcome = await syncBarionPayment(
        { prisma: options.prisma, barion: await options.barion() },
        paymentId,
        { callback: true },
      );
      if (outcome === 'busy') return retryLater();
    } catch (error) {
      if (!(error instanceof BarionError)) throw error;
      request.log.warn({ err: error, paymentId }, 'A Barion-fizetés állapota most nem kérdezhető le');
      return retryLater();
    }
    return reply.type('text/plain; charset=utf-8').send('OK');
  });
}

/**
 * Mounts the project's Barion stand-in under /_barion while `active` says card payments use it (no POS
 * key saved at /admin/checkout/settings); once one is, the paths are not found. It starts payments only
 * with callback and return addresses on `shopOrigin` (the shop's PUBLIC_URL), so it never posts to or
 * sends a payer anywhere a caller names.
 */
export function mountBarionStandIn(
  app: FastifyInstance,
  options: { shopOrigin: string; active: () => Promise<boolean>; standIn?: BarionStandIn },
): void {
  const standIn =
    options.standIn ??
    createBarionStandIn({ posKey: BARION_STAND_IN_POS_KEY, basePath: BARION_STAND_IN_PATH });
  const { shopOrigin } = options;
  mountStandIn(
    app,
    { handle: (req, res) => standIn.handle(req, res, { shopOrigin }) },
    {
      serves: (path) => path === BARION_STAND_IN_PATH || path.startsWith(`${BARION_STAND_IN_PATH}/`),
      active: options.active,
    },
  );
  app.addHook('onClose', async () => standIn.close());
}
