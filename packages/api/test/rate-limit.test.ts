import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hitRateLimit, hitRateLimits } from '../src/services/rate-limit';

/**
 * The shared counters behind every request limit (services/rate-limit.ts): several counters are hit in
 * one statement, in turn, and a window that starts clears buckets whose windows are over.
 */
let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());
beforeEach(() => db.prisma.rateLimitBucket.deleteMany());

const MINUTE = 60_000;
const countOf = async (key: string) =>
  (await db.prisma.rateLimitBucket.findUnique({ where: { key } }))?.count ?? 0;

describe('request limit counters', () => {
  it('hits a later counter only while every earlier one lets its hit through', async () => {
    const counters = [
      { key: 'proba:ip:1', limit: 2, windowMs: MINUTE },
      { key: 'proba:email:a', limit: 5, windowMs: MINUTE },
    ];
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push(await hitRateLimits(db.prisma, counters));
    expect(answers.map(([network]) => network?.allowed)).toEqual([true, true, false, false]);
    // The network's third and fourth hits were refused: the address's own limit spent nothing on them.
    expect(answers.map(([, address]) => address?.count ?? null)).toEqual([1, 2, null, null]);
    expect(await countOf('proba:ip:1')).toBe(4);
    expect(await countOf('proba:email:a')).toBe(2);
  });

  it('tells when a full counter opens again, and starts a new window once it has', async () => {
    const start = new Date('2026-11-29T10:00:00Z');
    await hitRateLimit(db.prisma, 'proba:ablak', 1, MINUTE, start);
    const refused = await hitRateLimit(db.prisma, 'proba:ablak', 1, MINUTE, new Date('2026-11-29T10:00:30Z'));
    expect(refused).toMatchObject({ allowed: false, count: 2 });
    expect(refused.resetAt.toISOString()).toBe('2026-11-29T10:01:00.000Z');
    const later = await hitRateLimit(db.prisma, 'proba:ablak', 1, MINUTE, new Date('2026-11-29T10:01:00Z'));
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });

  it('drops buckets whose windows are over when a window starts, but never the ones it counts', async () => {
    const long = new Date('2026-11-29T08:00:00Z');
    for (const key of ['proba:regi:1', 'proba:regi:2', 'proba:sajat']) {
      await hitRateLimit(db.prisma, key, 5, MINUTE, long);
    }
    const now = new Date('2026-11-29T10:00:00Z');
    // A counter still in its window: no window starts, nothing is dropped.
    await hitRateLimit(db.prisma, 'proba:friss', 5, 4 * 60 * MINUTE, long);
    await hitRateLimit(db.prisma, 'proba:friss', 5, 4 * 60 * MINUTE, now);
    expect(await countOf('proba:regi:1')).toBe(1);
    // Its own bucket is over too: it starts again at 1, and only the others go.
    const [own] = await hitRateLimits(db.prisma, [{ key: 'proba:sajat', limit: 5, windowMs: MINUTE }], now);
    expect(own).toMatchObject({ allowed: true, count: 1 });
    const left = await db.prisma.rateLimitBucket.findMany({ orderBy: { key: 'asc' }, select: { key: true } });
    expect(left.map((bucket) => bucket.key)).toEqual(['proba:friss', 'proba:sajat']);
  });

  it('lets exactly the limit through when many hits arrive at once', async () => {
    const counters = [
      { key: 'proba:roham:ip', limit: 10, windowMs: MINUTE },
      { key: 'proba:roham:email', limit: 100, windowMs: MINUTE },
    ];
    const answers = await Promise.all(Array.from({ length: 40 }, () => hitRateLimits(db.prisma, counters)));
    expect(answers.filter(([network]) => network?.allowed)).toHaveLength(10);
    expect(await countOf('proba:roham:ip')).toBe(40);
    expect(await countOf('proba:roham:email')).toBe(10);
  });
});
