import { escapeHtml } from '@shop/api';
import type { FastifyInstance } from 'fastify';
import { renderApiReference } from './docs/api-reference';
import { changelogSection, readChangelog, renderChangelog } from './docs/changelog';
import { type RestPluginOptions, restPlugin } from './rest/rest-plugin';

export type ApiPluginOptions = RestPluginOptions & {
  openApiDocument: Record<string, unknown>;
  baseUrl: string;
  /** The shop's public address, for the reference's curl lines. */
  publicUrl: string;
  /** The API changelog's Markdown; read from CHANGELOG.md when left out. */
  changelog?: string | null;
};

/** Everything under /api: the REST mirror, its OpenAPI document and the readable reference built from it. */
export async function apiPlugin(app: FastifyInstance, options: ApiPluginOptions) {
  const documentJson = JSON.stringify(options.openApiDocument);
  const origin = options.publicUrl.replace(/\/+$/, '');
  const changelogMarkdown = options.changelog === undefined ? readChangelog() : options.changelog;
  const info = options.openApiDocument.info as { title?: string; version?: string } | undefined;
  const section = changelogMarkdown && changelogSection(changelogMarkdown, info?.version ?? '');
  const changelog = section
    ? { html: renderChangelog(section, 1), href: `${options.baseUrl}/changelog` }
    : undefined;
  const referenceHtml = renderApiReference(options.openApiDocument, options.baseUrl, { origin, changelog });

  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(documentJson),
  );
  app.get('/docs', async (request, reply) => {
    // A search (`?q=`) renders the matching operations only; without one the page is rendered once.
    const raw = (request.query as { q?: unknown }).q;
    const query = typeof raw === 'string' ? raw.slice(0, 100).trim() : '';
    const html = query
      ? renderApiReference(options.openApiDocument, options.baseUrl, { origin, query, changelog })
      : referenceHtml;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });

  if (changelogMarkdown) {
    // The whole log as a page, for the integrator following a link from the reference.
    const changelogHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API changelog – ${escapeHtml(info?.title ?? '')}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:860px;margin:0 auto;padding:16px 24px;color:#1f2933}code{font-size:13px}</style></head>
<body><p><a href="${escapeHtml(options.baseUrl)}/docs" lang="hu">← API-referencia</a></p>
${renderChangelog(changelogMarkdown)}
</body></html>`;
    app.get('/changelog', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(changelogHtml),
    );
  }

  await app.register(restPlugin, {
    router: options.router,
    operations: options.operations,
    createContext: options.createContext,
  });
}
