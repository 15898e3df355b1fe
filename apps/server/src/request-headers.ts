import type { FastifyRequest } from 'fastify';

/** The api's createContext reads fetch-style Headers on every transport. */
export function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** Whether `Accept-Encoding` takes this content coding (`br`, `gzip`; `*` too, but not `br;q=0`). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  let accepted = false;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    // The coding's own entry overrides the wildcard's (`*, br;q=0`).
    if (name === coding) return weight > 0;
    accepted = weight > 0;
  }
  return accepted;
}
