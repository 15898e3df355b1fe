import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A guest opens their order through a private link `/order/{id}?key=…`. Only the key's SHA-256 is
 * stored, so a database reader cannot open anyone's order page with it.
 */
export function newAccessKey(): { key: string; hash: string } {
  const key = randomBytes(24).toString('base64url');
  return { key, hash: hashAccessKey(key) };
}

export function hashAccessKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function accessKeyMatches(key: string, storedHash: string): boolean {
  const given = Buffer.from(hashAccessKey(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function orderLink(publicUrl: string, orderId: number, key: string): string {
  return `${publicUrl}/order/${orderId}?key=${encodeURIComponent(key)}`;
}
