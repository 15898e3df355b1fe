import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeBasePath, type StandInHandler } from '../serve';

/**
 * A stand-in for Meta's Conversions API (the Graph API's `POST /v{version}/{pixel-id}/events`), for tests
 * and the demo: it checks what the real endpoint refuses outright (no token, no events, an event
 * without its name, time, action source or user data, personal data sent unhashed) and keeps what it
 * accepted, newest last, readable at `GET {base}/_received` (the real API has no such read-back). The
 * access token is checked for presence and then dropped: that list is readable by anyone who reaches the
 * stand-in, and a token saved by mistake for the real API must not be read back from it.
 * Errors come in the Graph API's shape: `{ error: { message, type, code, fbtrace_id } }`.
 */

export type ReceivedMetaEvents = {
  pixelId: string;
  /** Whether the request carried a token (always true for a kept request); the token itself is never kept. */
  tokenPresent: true;
  receivedAt: string;
  events: Record<string, unknown>[];
};

export type MetaStandIn = StandInHandler & {
  /** Every accepted request, oldest first (at most MAX_KEPT). */
  received(): ReceivedMetaEvents[];
  /** Answer the next `count` requests with HTTP `status` (tests of retries). */
  failNext(count: number, status: number): void;
};

const MAX_KEPT = 500;
const MAX_BODY_BYTES = 1_000_000;
const SHA256_HEX = /^[0-9a-f]{64}$/;

class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number,
    readonly type = 'OAuthException',
  ) {
    super(message);
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new GraphError(413, 'Request too large.', 100);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The Graph API takes JSON or a form whose `data` field is the JSON array. */
function parseRequest(text: string, contentType: string): { accessToken: unknown; data: unknown } {
  if (contentType.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    let data: unknown;
    try {
      data = JSON.parse(form.get('data') ?? 'null');
    } catch {
      data = undefined;
    }
    return { accessToken: form.get('access_token'), data };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GraphError(400, 'Invalid JSON in the request body.', 100, 'GraphMethodException');
  }
  const body = (parsed ?? {}) as Record<string, unknown>;
  return { accessToken: body.access_token, data: body.data };
}

function checkEvent(event: unknown, index: number): Record<string, unknown> {
  const where = `data[${index}]`;
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new GraphError(400, `Invalid parameter: ${where} must be an object.`, 100);
  }
  const record = event as Record<string, unknown>;
  for (const field of ['event_name', 'action_source']) {
    if (typeof record[field] !== 'string' || record[field] === '') {
      throw new GraphError(400, `Invalid parameter: ${where}.${field} is required.`, 100);
    }
  }
  if (typeof record.event_time !== 'number' || !Number.isInteger(record.event_time)) {
    throw new GraphError(
      400,
      `Invalid parameter: ${where}.event_time must be a Unix timestamp in seconds.`,
      100,
    );
  }
  const userData = record.user_data;
  if (typeof userData !== 'object' || userData === null) {
    throw new GraphError(400, `Invalid parameter: ${where}.user_data is required.`, 100);
  }
  for (const key of ['em', 'ph', 'fn', 'ln', 'ct', 'zp', 'country']) {
    const values = (userData as Record<string, unknown>)[key];
    if (values === undefined) continue;
    const list = Array.isArray(values) ? values : [values];
    if (!list.every((value) => typeof value === 'string' && SHA256_HEX.test(value))) {
      throw new GraphError(400, `Invalid parameter: ${where}.user_data.${key} must be SHA-256 hashed.`, 100);
    }
  }
  return record;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const traceId = (): string => randomBytes(8).toString('base64url');

export function createMetaStandIn(options: { basePath?: string } = {}): MetaStandIn {
  const base = normalizeBasePath(options.basePath);
  const kept: ReceivedMetaEvents[] = [];
  let failures = { count: 0, status: 500 };
  const eventsPath = new RegExp(
    `^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/v\\d+\\.\\d+/([^/]+)/events/?$`,
  );

  async function receive(req: IncomingMessage, res: ServerResponse, pixelId: string): Promise<void> {
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      await readBody(req);
      throw new GraphError(
        failures.status,
        'An unexpected error has occurred. Please retry your request later.',
        2,
        'OAuthException',
      );
    }
    const text = await readBody(req);
    const { accessToken, data } = parseRequest(text, String(req.headers['content-type'] ?? ''));
    if (typeof accessToken !== 'string' || accessToken === '') {
      throw new GraphError(400, 'An access token is required to request this resource.', 104);
    }
    if (!/^[0-9]+$/.test(pixelId)) {
      throw new GraphError(
        400,
        `Unsupported post request. Object with ID '${pixelId}' does not exist.`,
        100,
        'GraphMethodException',
      );
    }
    if (!Array.isArray(data) || data.length === 0) {
      throw new GraphError(400, 'Invalid parameter: data must be a non-empty array.', 100);
    }
    const events = data.map(checkEvent);
    kept.push({ pixelId, tokenPresent: true, receivedAt: new Date().toISOString(), events });
    if (kept.length > MAX_KEPT) kept.splice(0, kept.length - MAX_KEPT);
    sendJson(res, 200, { events_received: events.length, messages: [], fbtrace_id: traceId() });
  }

  return {
    async handle(req, res) {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (req.method === 'GET' && path === `${base}/_received`) {
        sendJson(res, 200, kept);
        return true;
      }
      const match = eventsPath.exec(path);
      if (!match) return false;
      try {
        if (req.method !== 'POST')
          throw new GraphError(400, 'Unsupported request method.', 100, 'GraphMethodException');
        await receive(req, res, decodeURIComponent(match[1] ?? ''));
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        sendJson(res, error.status, {
          error: { message: error.message, type: error.type, code: error.code, fbtrace_id: traceId() },
        });
      }
      return true;
    },
    received: () => kept.map((entry) => ({ ...entry })),
    failNext(count, status) {
      failures = { count, status };
    },
  };
}
