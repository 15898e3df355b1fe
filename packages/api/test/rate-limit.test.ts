import { type Database, PREPARED } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hitRateLimit, hitRateLimits, rateLimitStatement } from '../src/services/rate-limit';

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

/** A value of the statement as an SQL literal, for EXECUTE (the test's own keys and times only). */
function literal(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(', ')}]`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

type PlanNode = { 'Relation Name'?: string; 'Actual Loops'?: number; Plans?: PlanNode[] };
const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/** Needs PostgreSQL (TEST_DATABASE_URL, as CI sets it): the embedded database keeps no plans. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('request limit counters on PostgreSQL', () => {
  it('reads the buckets once per hit, even with a plan made while the table was empty', async () => {
    // One connection: the plan asked about is the one the hits were counted with.
    const own = await createTestDatabase({ poolSize: 1 });
    try {
      const { prisma } = own;
      // An empty table that was analyzed empty (a new shop, or a fresh restore): the plan made now
      // expects no buckets at all, and is kept while they come.
      await prisma.$executeRaw`TRUNCATE "RateLimitBucket"`;
      await prisma.$executeRaw`ANALYZE "RateLimitBucket"`;
      const counters = (email: string) => [
        { key: 'proba:ip:1', limit: 10_000, windowMs: MINUTE },
        { key: `proba:email:${email}`, limit: 10, windowMs: MINUTE },
      ];
      const start = new Date('2026-11-29T10:00:00Z');
      await hitRateLimits(prisma, counters('elso'), start);
      await prisma.$executeRaw`
        INSERT INTO "RateLimitBucket" ("key", "count", "resetAt")
        SELECT 'proba:lejart:' || n, 1, ${start}::timestamp FROM generate_series(1, 400) AS n`;
      // Asked as marked statements themselves, so on the session that counted the hits.
      const [prepared] = await prisma.$queryRaw<{ name: string }[]>`${PREPARED}
        SELECT name FROM pg_prepared_statements
        WHERE statement LIKE '%INSERT INTO "RateLimitBucket"%' AND statement NOT LIKE '%pg_prepared_statements%'`;
      expect(prepared?.name).toMatch(/^shop_/);

      // The next new address starts a window and drops the first hundred long-expired buckets.
      const statement = rateLimitStatement(counters('masodik'), new Date('2026-11-29T12:00:00Z'));
      const [explained] = await prisma.$queryRawUnsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
        `${PREPARED.sql} EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${prepared?.name}(${statement.values.map(literal).join(', ')})`,
      );
      const bucketReads = planNodes(explained!['QUERY PLAN'][0].Plan).filter(
        (node) => node['Relation Name'] === 'RateLimitBucket',
      );
      expect(bucketReads.length).toBeGreaterThan(0);
      expect(bucketReads.map((node) => node['Actual Loops'])).toEqual(bucketReads.map(() => 1));
      // 403 buckets: the 400 expired ones, the first address's (expired too), the network's and the new address's.
      expect(await prisma.rateLimitBucket.count()).toBe(303);
    } finally {
      await own.close();
    }
  });
});
