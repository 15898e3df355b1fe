import { PREPARED, type PrismaClient } from '@shop/db';

const budapestYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Budapest', year: 'numeric' });

/**
 * The new order's id and number ("2026-000123": the year in Budapest and a counter per year), taken
 * in one statement before the order is written, so its confirmation e-mail (which links the order)
 * can be rendered first. The counter row is locked only for this statement, not while the order is
 * written, so orders do not queue behind each other; an order that then fails leaves a gap, which
 * order numbers (unlike invoice numbers) may have.
 */
export async function nextOrderIdentity(
  prisma: PrismaClient,
  now: Date,
): Promise<{ id: number; number: string }> {
  const year = Number(budapestYear.format(now));
  const rows = await prisma.$queryRaw<{ last: number; id: number }[]>`${PREPARED}
    WITH counter AS (
      INSERT INTO "OrderNumberCounter" (year, last) VALUES (${year}, 1)
      ON CONFLICT (year) DO UPDATE SET last = "OrderNumberCounter".last + 1
      RETURNING last
    )
    SELECT last, nextval(pg_get_serial_sequence('"Order"', 'id'))::int AS id FROM counter`;
  const row = rows[0]!;
  return { id: Number(row.id), number: `${year}-${String(row.last).padStart(6, '0')}` };
}
