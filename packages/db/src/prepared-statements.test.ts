import { describe, expect, it } from 'vitest';
import { openPostgres } from './database';
import { Prisma } from './generated/prisma/client';
import { PREPARED, statementNamer } from './prepared-statements';

const sqlOf = (query: Prisma.Sql) => ({ sql: query.sql });

describe('prepared statements', () => {
  it('names a marked statement by its text, the same name every time', () => {
    const preparedStatementName = statementNamer();
    const first = preparedStatementName(sqlOf(Prisma.sql`${PREPARED} SELECT ${1}::int AS one`));
    const again = preparedStatementName(sqlOf(Prisma.sql`${PREPARED} SELECT ${2}::int AS one`));
    const other = preparedStatementName(sqlOf(Prisma.sql`${PREPARED} SELECT ${1}::int AS two`));
    expect(first).toMatch(/^shop_[0-9a-f]{32}$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('leaves every other statement unnamed, so PostgreSQL plans it for its values', () => {
    const preparedStatementName = statementNamer();
    expect(preparedStatementName(sqlOf(Prisma.sql`SELECT ${1}::int AS one`))).toBe('');
    expect(preparedStatementName({ sql: `SELECT 1 ${PREPARED.sql}` })).toBe('');
  });

  it('stops naming new texts at its limit, so a varying text cannot fill every connection', () => {
    const preparedStatementName = statementNamer(200);
    const names = new Set<string>();
    for (let n = 0; n < 300; n++) {
      names.add(preparedStatementName({ sql: `${PREPARED.sql} SELECT ${n} AS varying` }));
    }
    names.delete('');
    expect(names.size).toBe(200);
    expect(preparedStatementName({ sql: `${PREPARED.sql} SELECT 'new after the cap'` })).toBe('');
  });
});

/** Needs PostgreSQL (TEST_DATABASE_URL, as CI sets it): the embedded database has no prepared statements. */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('prepared statements on PostgreSQL', () => {
  it('plans a marked statement once per connection and every other one for its values', async () => {
    // One connection of each kind, so the sessions that ran the statements are the ones asked about them.
    const database = await openPostgres(serverUrl as string, { poolSize: 1, migrate: false });
    try {
      const { prisma } = database;
      for (let n = 0; n < 3; n++) {
        const rows = await prisma.$queryRaw<{ next: number }[]>`${PREPARED} SELECT ${n}::int + 1 AS next`;
        expect(rows).toEqual([{ next: n + 1 }]);
        await prisma.$queryRaw`SELECT ${n}::int + 2 AS unmarked`;
      }
      const prepared = await prisma.$queryRaw<
        { statement: string; generic: bigint; custom: bigint }[]
      >`${PREPARED}
        SELECT statement, generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
        WHERE statement LIKE '%AS next'`;
      expect(prepared).toHaveLength(1);
      expect(Number(prepared[0]?.generic)).toBe(3);
      expect(Number(prepared[0]?.custom)).toBe(0);
      // The generic plans are asked for on the marked statements' own sessions only: on every other
      // session an unnamed statement gets PostgreSQL's own choice, a plan for its values.
      const [marked] = await prisma.$queryRaw<{ mode: string }[]>`${PREPARED}
        SELECT current_setting('plan_cache_mode') AS mode`;
      const [other] = await prisma.$queryRaw<
        { mode: string }[]
      >`SELECT current_setting('plan_cache_mode') AS mode`;
      expect(marked?.mode).toBe('force_generic_plan');
      expect(other?.mode).toBe('auto');
      const unnamed = await prisma.$queryRaw<unknown[]>`SELECT name FROM pg_prepared_statements`;
      expect(unnamed).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
