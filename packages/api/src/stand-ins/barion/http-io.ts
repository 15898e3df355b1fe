import type { IncomingMessage, ServerResponse } from 'node:http';
import { modelValidationError } from './api-errors';

/** Far above any real Payment/Start body; only a runaway client reaches it. */
const MAX_BODY_BYTES = 1_000_000;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      throw modelValidationError([
        {
          title: 'The request is too large.',
          description: `The request body exceeds ${MAX_BODY_BYTES} bytes.`,
        },
      ]);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw modelValidationError([
      { title: 'The request is invalid.', description: 'The request body must be a JSON object.' },
    ]);
  }
  return parsed as Record<string, unknown>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

/** `http://host:port` as the client addressed it, for the URLs the stand-in hands out. */
export function requestOrigin(req: IncomingMessage): string {
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  return `${protocol}://${req.headers.host ?? 'localhost'}`;
}
