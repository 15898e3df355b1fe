import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signWebhookBody } from './signature';
import {
  literalAddressRefused,
  PRIVATE_TARGET_REFUSED,
  publicOnlyLookup,
  type WebhookTargetPolicy,
} from './target';

/** A receiver has this long to answer (connection and body included) before the attempt counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the delivery log keeps. */
export const RESPONSE_EXCERPT_LENGTH = 500;
/** Reading stops after this many bytes: the log needs the start of an answer, not a whole page. */
const RESPONSE_READ_LIMIT = 4096;

export type WebhookRequest = {
  url: string;
  secret: string;
  eventId: string;
  /** The stored JSON, sent byte for byte. */
  body: string;
};

export type WebhookAttempt = {
  /** A 2xx answer. */
  delivered: boolean;
  /** The receiver's HTTP status; null when it could not be reached or did not answer in time. */
  statusCode: number | null;
  /** The start of the answer, or why there was none (in Hungarian, for the admin's log). */
  response: string;
};

export type SendOptions = WebhookTargetPolicy & { timeoutMs?: number; now?: () => Date };

/**
 * POSTs one delivery, signed at the moment of sending. Never throws: every outcome, a refused
 * target and a timeout included, is an attempt to record. Redirects are not followed (a 3xx is a
 * failed attempt), so a delivery only ever reaches the address the admin registered.
 */
export function sendWebhook(
  { url, secret, eventId, body }: WebhookRequest,
  { allowPrivateTargets, timeoutMs = DELIVERY_TIMEOUT_MS, now = () => new Date() }: SendOptions,
): Promise<WebhookAttempt> {
  const target = new URL(url);
  if (literalAddressRefused(target, { allowPrivateTargets })) {
    return Promise.resolve({ delivered: false, statusCode: null, response: PRIVATE_TARGET_REFUSED });
  }
  const payload = Buffer.from(body, 'utf8');
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(attempt);
    };
    const request = send(target, {
      method: 'POST',
      agent: false,
      ...(allowPrivateTargets ? {} : { lookup: publicOnlyLookup }),
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': payload.length,
        'User-Agent': 'Webaruhaz-Webhook/1.0',
        [SIGNATURE_HEADER]: signWebhookBody(secret, body, now()),
        [EVENT_ID_HEADER]: eventId,
      },
    });
    const timer = setTimeout(
      () =>
        finish({
          delivered: false,
          statusCode: null,
          response: `Nem érkezett válasz ${Math.round(timeoutMs / 1000)} másodpercen belül.`,
        }),
      timeoutMs,
    );
    request.on('error', (error) =>
      finish({ delivered: false, statusCode: null, response: describeError(error) }),
    );
    request.on('response', (response) => {
      readExcerpt(response).then(
        (text) => finish(attemptFrom(response.statusCode ?? 0, text)),
        () => finish(attemptFrom(response.statusCode ?? 0, '')),
      );
    });
    request.end(payload);
  });
}

function attemptFrom(statusCode: number, text: string): WebhookAttempt {
  return { delivered: statusCode >= 200 && statusCode < 300, statusCode, response: excerpt(text) };
}

export function excerpt(text: string): string {
  return text.slice(0, RESPONSE_EXCERPT_LENGTH);
}

function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () =>
      resolve(
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/\uFFFD+$/, ''),
      );
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= RESPONSE_READ_LIMIT) {
        response.removeAllListeners('data');
        done();
      }
    });
    response.on('end', done);
    response.on('error', reject);
  });
}

function describeError(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EWEBHOOKPRIVATE') return error.message;
  const reason = code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  return excerpt(`A végpont nem érhető el (${reason.replace(/\s+/g, ' ').trim() || 'ismeretlen hiba'}).`);
}
