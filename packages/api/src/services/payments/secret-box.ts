import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the admin saves (the Barion POS key) are stored sealed with AES-256-GCM: a fresh 12-byte
 * nonce per seal, and GCM's tag, so a value sealed under another key, or altered in the database,
 * fails to open instead of yielding garbage. Stored form: `v1:<nonce>:<tag>:<ciphertext>` (base64).
 */

const VERSION = 'v1';
const NONCE_BYTES = 12;

/** A short, non-secret name of a key, to tell keys apart in memory. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

export function seal(key: Buffer, plain: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join(':');
}

/** The plain text, or null when the value was sealed under another key, altered, or is not sealed. */
export function open(key: Buffer, sealed: string): string | null {
  const [version, nonce, tag, ciphertext, ...rest] = sealed.split(':');
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
