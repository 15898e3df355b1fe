import type { Prisma } from '@shop/db';

const budapestYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Budapest', year: 'numeric' });

/**
 * "2026-000123": the year in Budapest and a counter per year. The counter row is locked until the
 * order commits, so numbers never repeat; a rolled-back order leaves a gap, which order numbers
 * (unlike invoice numbers) may have. Taken last in the transaction to hold the lock briefly.
 */
export async function nextOrderNumber(tx: Prisma.TransactionClient, now: Date): Promise<string> {
  const year = Number(budapestYear.format(now));
  const rows = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "OrderNumberCounter" (year, last) VALUES (${year}, 1)
    ON CONFLICT (year) DO UPDATE SET last = "OrderNumberCounter".last + 1
    RETURNING last`;
  return `${year}-${String(rows[0]!.last).padStart(6, '0')}`;
}
