import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The body RFC 8058 has a mail client's unsubscribe button post, and the opt-out pages' forms post too. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

/**
 * Lets a plugin's routes take an HTML form's body as the raw string. The JSON-only API refuses forms,
 * and a mail client posts its one-click unsubscribe as one (urlencoded or multipart, RFC 8058). Fastify
 * keeps parsers per plugin, so each plugin with such a route calls this for itself.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, body),
    );
  }
}

/**
 * Whether the body is `List-Unsubscribe=One-Click`, form-encoded or as a form-data part. Only such a
 * POST may unsubscribe: a link scanner's GET or an empty POST must change nothing, as RFC 8058 asks.
 */
export function isOneClickBody(request: FastifyRequest): boolean {
  const body = typeof request.body === 'string' ? request.body : '';
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    return /name="List-Unsubscribe"\r?\n\r?\nOne-Click(\r?\n|$)/.test(body);
  }
  return new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
}
