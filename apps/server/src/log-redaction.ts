import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/**
 * Secrets travel in some URLs: a password-reset link (`/newpassword/{token}`), a quote's link
 * (`/quote/{token}`), a newsletter's one-click unsubscribe (`/api/newsletter/one-click/{token}`),
 * token-like query values (`?key=`, `?token=` …, among them the review request's opt-out,
 * `/review-request/unsubscribe?token=`) and a tRPC GET's whole `?input=`,
 * whose JSON carries an order's private-link key or a quote's token under any name. Logs are read by
 * more people and kept longer than the secrets live, so every URL the server logs has them replaced
 * by `[elrejtve]`.
 */
const SECRET_PATHS = [
  /^(\/newpassword\/)[^/?#]+/i,
  /^(\/quote\/)[^/?#]+/i,
  // A newsletter's one-click unsubscribe token ends the subscription it names (newsletter-routes.ts).
  /^(\/api\/newsletter\/one-click\/)[^/?#]+/i,
];
const SECRET_QUERY_KEYS = /^(key|token|access_?token|api_?key|secret|code|password|jelszo)$/i;
/** tRPC's GET puts a procedure's input (of a batch: all inputs) in one query value. */
const TRPC_PATH = /^\/trpc(\/|$)/i;
const TRPC_INPUT_KEY = /^input$/i;
const REDACTED = '[elrejtve]';

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryStart === -1) return path;
  const trpc = TRPC_PATH.test(path);
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape is kept as sent; it is no known secret name either way.
      }
      const secret = SECRET_QUERY_KEYS.test(decoded) || (trpc && TRPC_INPUT_KEY.test(decoded));
      return value.length > 0 && secret ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request log fields, with the URL redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's logger with the request serializer that keeps secrets out of logged URLs. */
export function withRedactedRequests(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, { serializers: { req: requestForLog } });
}
