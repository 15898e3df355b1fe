import type { FastifyInstance } from 'fastify';
import { renderApiReference } from './docs/api-reference';
import { type RestPluginOptions, restPlugin } from './rest/rest-plugin';

export type ApiPluginOptions = RestPluginOptions & {
  openApiDocument: Record<string, unknown>;
  baseUrl: string;
  /** The shop's public address, for the reference's curl lines. */
  publicUrl: string;
};

/** Everything under /api: the REST mirror, its OpenAPI document and the readable reference built from it. */
export async function apiPlugin(app: FastifyInstance, options: ApiPluginOptions) {
  const documentJson = JSON.stringify(options.openApiDocument);
  const origin = options.publicUrl.replace(/\/+$/, '');
  const referenceHtml = renderApiReference(options.openApiDocument, options.baseUrl, { origin });

  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(documentJson),
  );
  app.get('/docs', async (request, reply) => {
    // A search (`?q=`) renders the matching operations only; without one the page is rendered once.
    const raw = (request.query as { q?: unknown }).q;
    const query = typeof raw === 'string' ? raw.slice(0, 100).trim() : '';
    const html = query
      ? renderApiReference(options.openApiDocument, options.baseUrl, { origin, query })
      : referenceHtml;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });

  await app.register(restPlugin, {
    router: options.router,
    operations: options.operations,
    createContext: options.createContext,
  });
}
