import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Lets a project stand-in answer its own paths on the shop's server. It reads its own request bodies,
 * so it answers in onRequest, before Fastify parses anything. `active`: whether it serves now (an
 * admin may have saved a real account since); `failure`: what it answers when it fails, in the
 * provider's own error format (without one, the error goes to Fastify).
 */
export function mountStandIn(
  app: FastifyInstance,
  standIn: { handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> },
  options: {
    serves: (path: string) => boolean;
    active?: () => Promise<boolean>;
    failure?: { log: string; answer: (res: ServerResponse) => void };
  },
): void {
  const { serves, active, failure } = options;
  app.addHook('onRequest', async (request, reply) => {
    if (!serves(request.url.split('?')[0] ?? '')) return;
    if (active && !(await active())) return;
    reply.hijack();
    try {
      await standIn.handle(request.raw, reply.raw);
    } catch (error) {
      if (!failure) throw error;
      request.log.error({ err: error }, failure.log);
      failure.answer(reply.raw);
    }
  });
}
