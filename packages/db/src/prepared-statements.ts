import { createHash } from 'node:crypto';
import { Prisma } from './generated/prisma/client';

const MARK = '/* shop:prepared */';

/**
 * Put first in a raw statement's SQL to have PostgreSQL plan it once per connection: the statement is
 * prepared under a name derived from its text and, outside a transaction, runs on sessions that take
 * generic plans (`shopPools` in database.ts), so later runs only execute. Meant for the hot paths'
 * fixed statements (placing an order spent about 40 % of its database time planning its one large
 * statement). Only where one plan suits
 * all values: a search whose best plan turns on its pattern stays unmarked. On the embedded database
 * the comment is just a comment.
 */
export const PREPARED = Prisma.raw(MARK);

/**
 * The adapter's `statementNameGenerator` (one per pool): a name for a marked statement, none for any
 * other. At most `max` distinct texts get a name: a marked statement whose text varied per call would
 * otherwise prepare a new statement on every connection each time, and nothing frees them.
 */
export function statementNamer(max = 200): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return (query) => {
    // The adapter's type wants a string; pg treats an empty name as the unnamed statement.
    if (!query.sql.startsWith(MARK)) return '';
    const known = names.get(query.sql);
    if (known !== undefined) return known;
    if (names.size >= max) return '';
    const name = `shop_${createHash('sha256').update(query.sql).digest('hex').slice(0, 32)}`;
    names.set(query.sql, name);
    return name;
  };
}
