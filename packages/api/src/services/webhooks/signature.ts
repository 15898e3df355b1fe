import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The delivery signature, in the header `Webhook-Signature: t=<unix seconds>,v1=<hex>`, where `v1` is
 * the HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint's secret (its text, as shown once).
 * Signing the time with the body lets a receiver refuse a recorded delivery replayed later.
 */
export const SIGNATURE_HEADER = 'Webhook-Signature';
export const EVENT_ID_HEADER = 'Webhook-Id';

/** How far a signature's time may be from the receiver's clock (the README's advice to receivers). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signWebhookBody(secret: string, body: string, at: Date = new Date()): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

/**
 * What a receiver does (tests use it as one would): parse the header, recompute the HMAC over the
 * raw body, compare in constant time, and refuse a time too far from now.
 */
export function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  { now = new Date(), toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS } = {},
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  return timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(hmacHex(secret, timestamp, body), 'hex'));
}
