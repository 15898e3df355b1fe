import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/**
 * Secrets travel in some URLs: a password-reset link (`/newpassword/{token}`) and token-like query
 * values (`?key=`, `?token=` …). Logs are read by more people and kept longer than the secrets live,
 * so every URL the server logs has them replaced by `[elrejtve]`.
 */
const SECRET_PATHS = [/^(\/newpassword\/)[^/?#]+/i];
const SECRET_QUERY_KEYS = /^(key|token|access_?token|api_?key|secret|code|password|jelszo)$/i;
const REDACTED = '[elrejtve]';

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryStart === -1) return path;
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
      return value.length > 0 && SECRET_QUERY_KEYS.test(decoded) ? `${name}=${REDACTED}` : pair;
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
