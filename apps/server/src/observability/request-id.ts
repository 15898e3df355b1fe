import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Each request's id: 12 hex digits, short enough for a shop owner to read out to support, random so
 * that ids of several servers never meet (Fastify's own `req-1`, `req-2` … start again in every process).
 * One the client sends is not taken: anyone could put another request's id into the logs.
 */
export function newRequestId(): string {
  // The first 12 hex digits of a random UUID are random (its version digit comes later). randomUUID
  // draws from a pool it refills in batches, where randomBytes asked the system for 6 bytes at every
  // request, a few per cent of a busy server's time.
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13);
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The error answer with the request's id: tRPC's errors (a call's, or each failed call of a batch)
 * carry it in `error.data`, where tRPC clients read the code; a REST error body at its top.
 */
function withRequestId(body: unknown, requestId: string): unknown {
  if (Array.isArray(body)) return body.map((item) => withRequestId(item, requestId));
  if (!isObject(body)) return body;
  const { error } = body;
  if (isObject(error) && isObject(error.data)) {
    return { ...body, error: { ...error, data: { ...error.data, requestId } } };
  }
  if ('result' in body) return body;
  return { ...body, requestId };
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/json\b/i.test(contentType);
}

/** tRPC's adapter answers with a fetch Response; every other route with a string. */
async function stampErrorBody(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (payload instanceof Response) {
    if (payload.status < 400 || !isJson(payload.headers.get('content-type'))) return payload;
    const text = await payload.text();
    const headers = new Headers(payload.headers);
    headers.delete('content-length');
    return new Response(restamp(text, request.id), { status: payload.status, headers });
  }
  if (reply.statusCode < 400 || typeof payload !== 'string' || !isJson(reply.getHeader('content-type'))) {
    return payload;
  }
  return restamp(payload, request.id);
}

function restamp(text: string, requestId: string): string {
  try {
    return JSON.stringify(withRequestId(JSON.parse(text), requestId));
  } catch {
    return text;
  }
}

/**
 * Every answer names its request in `X-Request-Id`, and every JSON error answer (REST and tRPC) also
 * in its body, so the id a shop owner quotes leads to the request's log lines (which carry it as `reqId`).
 * Registered before compression, so it reads the body as sent.
 */
export function stampRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onSend', stampErrorBody);
}
