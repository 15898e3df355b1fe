import type { Prisma, PrismaClient } from '@shop/db';

const budapestYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Budapest', year: 'numeric' });

/**
 * "2026-000123": the year in Budapest and a counter per year. One atomic statement, so numbers never
 * repeat; called outside the order's transaction so the counter row is not held until the order
 * commits (every order would queue behind it).
 */
export async function nextOrderNumber(
  db: Prisma.TransactionClient | PrismaClient,
  now: Date,
): Promise<string> {
  const year = Number(budapestYear.format(now));
  const rows = await db.$queryRaw<{ last: number }[]>`
    INSERT INTO "OrderNumberCounter" (year, last) VALUES (${year}, 1)
    ON CONFLICT (year) DO UPDATE SET last = "OrderNumberCounter".last + 1
    RETURNING last`;
  return `${year}-${String(rows[0]!.last).padStart(6, '0')}`;
}
