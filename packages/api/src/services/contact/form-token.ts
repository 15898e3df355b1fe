import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { TFormToken } from '../../schemas/contact';
import { hitRateLimit } from '../rate-limit';

/**
 * The minimum fill time of the public forms, proven without server state: the token is the time the
 * form was opened and a random nonce, signed with a server secret (HMAC-SHA256), so any server holding
 * the same secret accepts it and a bot cannot make one up that looks older than it is. Each token
 * sends one submission: its use is recorded in the shared RateLimitBucket table (claimFormToken).
 */
export const MIN_FILL_MS = 3_000;
/** After this a form has surely been abandoned; the page asks for a fresh token. */
export const MAX_FORM_AGE_MS = 24 * 60 * 60_000;
/** A token dated this far ahead of the server's clock still counts (clocks of servers differ a little). */
const CLOCK_SKEW_MS = 60_000;

export const FORM_TOO_FAST_MESSAGE =
  'Az űrlapot túl gyorsan küldted el. Kérjük, várj néhány másodpercet, és küldd el újra!';
export const FORM_TOKEN_INVALID_MESSAGE =
  'Az űrlap lejárt vagy érvénytelen. Kérjük, töltsd be újra az oldalt, és küldd el újra!';
/** The form page fetches a fresh token after any failure, so sending again works. */
export const FORM_TOKEN_USED_MESSAGE =
  'Ezt az űrlapot már elküldted egyszer, más tartalommal. Kérjük, küldd el újra az üzenetedet!';

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

function sign(secret: Buffer, issuedAt: number, nonce: string): string {
  return createHmac('sha256', secret).update(`urlap.${issuedAt}.${nonce}`).digest('base64url');
}

export function issueFormToken(secret: Buffer, now: Date = new Date()): TFormToken {
  const issuedAt = now.getTime();
  const nonce = randomBytes(12).toString('base64url');
  return {
    token: `${issuedAt}.${nonce}.${sign(secret, issuedAt, nonce)}`,
    minFillSeconds: MIN_FILL_MS / 1000,
  };
}

function invalidToken(message: string, code: 'invalid_input' | 'conflict' = 'invalid_input'): DomainError {
  return new DomainError(code, message, [{ path: 'formToken', message }]);
}

/** 400 unless the token is ours, younger than a day and at least MIN_FILL_MS old. Returns its nonce. */
export function assertFormFilledByPerson(secret: Buffer, token: string, now: Date = new Date()): string {
  const [issued = '', nonce = '', signature = '', ...rest] = token.split('.');
  const issuedAt = /^\d{1,15}$/.test(issued) ? Number(issued) : Number.NaN;
  const wellFormed = !Number.isNaN(issuedAt) && /^[\w-]{16}$/.test(nonce) && rest.length === 0;
  const expected = wellFormed ? sign(secret, issuedAt, nonce) : '';
  const valid =
    expected.length > 0 &&
    signature.length === expected.length &&
    timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  const age = now.getTime() - issuedAt;
  if (!valid || age > MAX_FORM_AGE_MS || age < -CLOCK_SKEW_MS) throw invalidToken(FORM_TOKEN_INVALID_MESSAGE);
  if (age < MIN_FILL_MS) throw invalidToken(FORM_TOO_FAST_MESSAGE);
  return nonce;
}

/** What the token's one submission was: the same form sent again is a double click, not a new message. */
export type FormSubmission = { nonce: string; content: unknown };

/** The bucket keys of a token's use and of the submission it sent. */
function useKeys({ nonce, content }: FormSubmission) {
  const digest = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  return { token: `urlap:${nonce}`, submission: `urlap:${nonce}:${digest}` };
}

/** Long enough that a used token has expired before its record is purged. */
const USE_KEPT_MS = MAX_FORM_AGE_MS + CLOCK_SKEW_MS;

/**
 * Whether this token already sent something, read before the submission is counted or stored:
 * 'unused', or 'repeat' when it sent this very submission (a double click: the first is stored, so the
 * shopper is told it arrived). A token that sent something else is a 409: the acknowledgement e-mail
 * must not be sent again with other text.
 */
export async function formTokenUse(
  prisma: PrismaClient,
  submission: FormSubmission,
): Promise<'unused' | 'repeat'> {
  const keys = useKeys(submission);
  const used = await prisma.rateLimitBucket.findMany({
    where: { key: { in: [keys.token, keys.submission] } },
    select: { key: true },
  });
  if (used.some((row) => row.key === keys.submission)) return 'repeat';
  if (used.length > 0) throw invalidToken(FORM_TOKEN_USED_MESSAGE, 'conflict');
  return 'unused';
}

/**
 * Records the token's one use inside the transaction that stores the submission, so a failed store
 * leaves the token usable and of two racing submits exactly one claims it (the second waits on the
 * row and then sees it taken). Answers like formTokenUse for the one that lost the race.
 */
export async function claimFormToken(
  tx: Prisma.TransactionClient,
  submission: FormSubmission,
): Promise<'claimed' | 'repeat'> {
  const keys = useKeys(submission);
  if ((await hitRateLimit(tx, keys.token, 1, USE_KEPT_MS)).allowed) {
    await hitRateLimit(tx, keys.submission, 1, USE_KEPT_MS);
    return 'claimed';
  }
  const same = await tx.rateLimitBucket.findUnique({
    where: { key: keys.submission },
    select: { key: true },
  });
  if (same) return 'repeat';
  throw invalidToken(FORM_TOKEN_USED_MESSAGE, 'conflict');
}
