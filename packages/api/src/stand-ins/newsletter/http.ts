import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the newsletter stand-ins read of a request body at most: both APIs take one subscriber per call. */
const MAX_BODY_BYTES = 100_000;

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge('Request body too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  res.writeHead(status, { 'content-type': `${contentType}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** `base` as a regular expression's start, with its special characters escaped. */
export function escapeForPattern(base: string): string {
  return base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A plain address check, as loose as the providers' own: something@something.tld, no spaces. */
export const looksLikeEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** Tests of retries: the next `count` requests are answered with `status` before anything is read. */
export type FailureSwitch = { count: number; status: number };
