import { type Context, DomainError, isAdmin, MESSAGES, toHttpStatus, toTRPCError } from '@shop/api';
import type { AnyRouter } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toRestError } from './rest/errors';

/**
 * Why a request may not upload, or null when it may: a signed-in admin or an API key with
 * `catalogue:write` (the upload procedure checks the same again once the body is read).
 */
export function uploadRefusal(ctx: Context): DomainError | null {
  if (isAdmin(ctx, 'catalogue:write')) return null;
  if (ctx.apiKey || ctx.session) return new DomainError('forbidden', MESSAGES.forbidden);
  return new DomainError(
    'unauthenticated',
    ctx.sentApiKey ? MESSAGES.apiKeyInvalid : MESSAGES.sessionExpired,
  );
}

/**
 * An upload route accepts 11 MB bodies, so it checks who is asking in an onRequest hook, before a
 * byte of the body is read: a stranger or a shopper gets the 401 or 403 at once and the connection
 * is closed instead of the body being received and parsed. `send` writes the refusal in the
 * route's own error format (REST or tRPC).
 */
export function refuseUploadsFromOthers(
  contextOf: (request: FastifyRequest) => Promise<Context>,
  send: RefusalSender = sendRestRefusal,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = uploadRefusal(await contextOf(request));
    if (!refusal) return;
    void reply.header('connection', 'close');
    return send(request, reply, refusal);
  };
}

type RefusalSender = (request: FastifyRequest, reply: FastifyReply, refusal: DomainError) => unknown;

function sendRestRefusal(_request: FastifyRequest, reply: FastifyReply, refusal: DomainError) {
  const { status, body } = toRestError(refusal);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The refusal as tRPC's HTTP adapter would have answered it, one entry per call of a batch. */
export function trpcRefusalSender(router: AnyRouter): RefusalSender {
  return (request, reply, refusal) => {
    const { path = '' } = request.params as { path?: string };
    const paths = path.split(',');
    const shapeOf = (procedure: string) => ({
      error: getErrorShape({
        config: router._def._config,
        error: toTRPCError(refusal),
        type: 'mutation',
        path: procedure,
        input: undefined,
        ctx: undefined,
      }),
    });
    const batch = (request.query as { batch?: string }).batch === '1';
    return reply
      .code(toHttpStatus(refusal))
      .type('application/json; charset=utf-8')
      .send(batch ? paths.map(shapeOf) : shapeOf(paths[0] ?? ''));
  };
}
