import { Readable } from 'node:stream';
import { type Context, catalogueGeneration, type StreamedFile } from '@shop/api';
import { type AnyRouter, callTRPCProcedure } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import secureJson from 'secure-json-parse';
import { requestHeaders } from '../request-headers';
import { toRestError } from './errors';
import { buildProcedureInput, readJsonBody } from './input';
import type { RestOperation } from './operations';
import { canonicalJson, isPublicCacheable, PublicAnswerCache } from './public-answer-cache';
import { readUploadBody } from './raw-upload';

export type RestPluginOptions = {
  router: AnyRouter;
  operations: RestOperation[];
  createContext: (request: { headers: Headers; ip: string }) => Promise<unknown>;
  /** Bounds of the anonymous answer cache (tests make it small). */
  publicCache?: { maxEntries?: number; maxBytes?: number };
};

const parseJson = (text: string): unknown =>
  secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });

/**
 * The REST mirror: one Fastify route per procedure with `meta.openapi`, dispatched to the same tRPC
 * procedure (middlewares, input and output validation included). trpc-to-openapi 3.3 still writes the
 * OpenAPI document from the same metadata, but its runtime handler is not used: it matches paths in
 * declaration order, leaves path parameters percent-encoded, refuses an empty body instead of reading {},
 * and coerces values by setting `coerce` on the shared zod schemas, which changes the tRPC endpoint too.
 * Fastify's router ranks literal segments above parameters, decodes parameters and rejects duplicate
 * routes at start-up.
 */
export async function restPlugin(
  app: FastifyInstance,
  { router, operations, createContext, publicCache }: RestPluginOptions,
) {
  const answers = new PublicAnswerCache(publicCache);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const route = (operation: RestOperation) =>
    operationRoute(operation, {
      router,
      createContext,
      answers,
      publicCacheable: isPublicCacheable(router, operation.procedurePath),
    });
  for (const operation of operations) if (!operation.upload) app.route(route(operation));
  // An upload route reads its body itself, as it arrives (raw-upload.ts), so its context hands it over unread.
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    for (const operation of operations) if (operation.upload) uploads.route(route(operation));
  });
}

type RouteDeps = Pick<RestPluginOptions, 'router' | 'createContext'> & {
  answers: PublicAnswerCache;
  /** The procedure's anonymous answers may be shared (public-answer-cache.ts). */
  publicCacheable: boolean;
};

/** One operation's route: its input read from path, query and body, then the tRPC procedure called. */
function operationRoute(
  operation: RestOperation,
  { router, createContext, answers, publicCacheable }: RouteDeps,
): RouteOptions {
  const cacheable = publicCacheable && !operation.download;
  return {
    method: operation.method,
    url: operation.routePath,
    // Named before any other hook runs, so an answer given early (the upload guard's 401) names it too.
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
      void reply.header('x-operation-id', operation.operationId);
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        // First, so an API key is counted and told where it stands in its limit on every answer, a
        // refused body included.
        const ctx = await createContext({ headers: requestHeaders(request), ip: request.ip });
        if (isShopContext(ctx) && ctx.apiKeyQuota) void reply.headers(ctx.apiKeyQuota.headers);
        const { body, file } = await readBody(operation, request);
        const input = buildProcedureInput(
          operation,
          {
            pathParams: (request.params ?? {}) as Record<string, string>,
            query: (request.query ?? {}) as Record<string, unknown>,
            body,
          },
          file !== undefined,
        );
        if (file !== undefined && isShopContext(ctx)) ctx.uploadedFile = file;
        // A signed-in customer may have own or group prices, so only anonymous answers are shared.
        const shared = cacheable && isShopContext(ctx) && !ctx.hasToken ? ctx : null;
        const key = shared ? `${operation.operationId}\n${canonicalJson(input)}` : '';
        const generation = shared ? await catalogueGeneration(shared) : '';
        if (shared) {
          const cached = answers.get(generation, key);
          if (cached) return sendJson(reply, cached);
        }
        // A download procedure may hand over its file as a stream (a large export), sent as it is written.
        let streamed: StreamedFile | null = null;
        if (operation.download && isShopContext(ctx)) {
          ctx.sendFileStream = (written) => {
            streamed = written;
          };
        }
        const data: unknown = await callTRPCProcedure({
          router,
          path: operation.procedurePath,
          getRawInput: async () => input,
          ctx,
          type: operation.type,
          signal: undefined,
          batchIndex: 0,
        });
        if (streamed) return sendFileStream(reply, streamed);
        if (operation.download) return sendFile(reply, data as DownloadedFile, operation.download);
        const answer = Buffer.from(JSON.stringify(data ?? null));
        // Stored only when the data did not change while the answer was computed.
        if (shared && (await catalogueGeneration(shared)) === generation)
          answers.set(generation, key, answer);
        return sendJson(reply, answer);
      } catch (error) {
        const { status, headers, body } = toRestError(error);
        if (status >= 500) {
          request.log.error({ err: error, procedure: operation.procedurePath }, 'REST hívás hiba');
        }
        // An upload refused part way has the rest of its body still coming: the connection is closed after the answer.
        if (status === 413 && operation.upload) void reply.header('connection', 'close');
        return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
      }
    },
  };
}

/** The JSON body (`{}` when empty), or for an upload sent as the file itself, that file's bytes. */
async function readBody(
  operation: RestOperation,
  request: FastifyRequest,
): Promise<{ body: unknown; file?: Buffer }> {
  if (operation.method === 'GET' || operation.method === 'DELETE') return { body: undefined };
  const contentType = request.headers['content-type'];
  if (!operation.upload) {
    return { body: readJsonBody(request.body as Buffer | undefined, contentType, parseJson) };
  }
  const received = await readUploadBody(request, operation.upload);
  if (received.kind === 'file') return { body: undefined, file: received.bytes };
  return { body: readJsonBody(received.raw, contentType, parseJson) };
}

/** The shop's own context (a probe router in tests brings its own). */
function isShopContext(ctx: unknown): ctx is Context {
  return typeof ctx === 'object' && ctx !== null && 'cache' in ctx && 'prisma' in ctx && 'hasToken' in ctx;
}

function sendJson(reply: FastifyReply, body: Buffer) {
  return reply.code(200).type('application/json; charset=utf-8').send(body);
}

type DownloadedFile = { filename: string; contentType: string; content: string };

/** A file's headers, so a browser or `curl -OJ` saves it under its name. */
function fileReply(reply: FastifyReply, file: { filename: string; contentType: string }) {
  const asciiName = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .code(200)
    .type(file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store');
}

/** Sends a file answer as the body itself. */
function sendFile(reply: FastifyReply, file: DownloadedFile, encoding: 'text' | 'base64') {
  return fileReply(reply, file).send(
    encoding === 'base64' ? Buffer.from(file.content, 'base64') : file.content,
  );
}

/**
 * Sends a streamed file chunk by chunk. A failure once the first bytes are out can no longer change the
 * status: Fastify logs it and cuts the connection, so the client sees an incomplete download, never a
 * file that looks whole.
 */
function sendFileStream(reply: FastifyReply, file: StreamedFile) {
  return fileReply(reply, file).send(Readable.from(file.body));
}
