import type { FastifyInstance } from 'fastify';
import { renderApiReference } from './docs/api-reference';
import { type RestPluginOptions, restPlugin } from './rest/rest-plugin';

export type ApiPluginOptions = RestPluginOptions & {
  openApiDocument: Record<string, unknown>;
  baseUrl: string;
};

/** Everything under /api: the REST mirror, its OpenAPI document and the readable reference built from it. */
export async function apiPlugin(app: FastifyInstance, options: ApiPluginOptions) {
  const documentJson = JSON.stringify(options.openApiDocument);
  const referenceHtml = renderApiReference(options.openApiDocument, options.baseUrl);

  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(documentJson),
  );
  app.get('/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(referenceHtml),
  );

  await app.register(restPlugin, {
    router: options.router,
    operations: options.operations,
    createContext: options.createContext,
  });
}
