import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../errors';
import type { TFormToken } from '../../schemas/contact';

/**
 * The minimum fill time of the public forms, proven without server state: the token is the time the
 * form was opened, signed with a server secret (HMAC-SHA256), so any server holding the same secret
 * accepts it and a bot cannot make one up that looks older than it is.
 */
export const MIN_FILL_MS = 3_000;
/** After this a form has surely been abandoned; the page asks for a fresh token. */
export const MAX_FORM_AGE_MS = 24 * 60 * 60_000;

export const FORM_TOO_FAST_MESSAGE =
  'Az űrlapot túl gyorsan küldted el. Kérjük, várj néhány másodpercet, és küldd el újra!';
export const FORM_TOKEN_INVALID_MESSAGE =
  'Az űrlap lejárt vagy érvénytelen. Kérjük, töltsd be újra az oldalt, és küldd el újra!';

/**
 * The signing key, derived from the settings encryption key every server on one database shares
 * (SETTINGS_ENCRYPTION_KEY, or the embedded database's key file). Without one a process-wide random
 * key: a single server works, and several servers need that variable anyway to read the admin's secrets.
 */
export function formTokenSecret(encryptionKey: Buffer | null): Buffer {
  if (!encryptionKey) return processSecret;
  return Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'contact-form-token', 32));
}
const processSecret = randomBytes(32);

function sign(secret: Buffer, issuedAt: number): string {
  return createHmac('sha256', secret).update(`urlap.${issuedAt}`).digest('base64url');
}

export function issueFormToken(secret: Buffer, now: Date = new Date()): TFormToken {
  const issuedAt = now.getTime();
  return { token: `${issuedAt}.${sign(secret, issuedAt)}`, minFillSeconds: MIN_FILL_MS / 1000 };
}

/** 400 unless the token is ours, younger than a day and at least MIN_FILL_MS old. */
export function assertFormFilledByPerson(secret: Buffer, token: string, now: Date = new Date()): void {
  const [issued = '', signature = ''] = token.split('.');
  const issuedAt = /^\d{1,15}$/.test(issued) ? Number(issued) : Number.NaN;
  const expected = Number.isNaN(issuedAt) ? '' : sign(secret, issuedAt);
  const valid =
    expected.length > 0 &&
    signature.length === expected.length &&
    timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  const age = now.getTime() - issuedAt;
  if (!valid || age > MAX_FORM_AGE_MS || age < -60_000) {
    throw new DomainError('invalid_input', FORM_TOKEN_INVALID_MESSAGE, [
      { path: 'formToken', message: FORM_TOKEN_INVALID_MESSAGE },
    ]);
  }
  if (age < MIN_FILL_MS) {
    throw new DomainError('invalid_input', FORM_TOO_FAST_MESSAGE, [
      { path: 'formToken', message: FORM_TOO_FAST_MESSAGE },
    ]);
  }
}
