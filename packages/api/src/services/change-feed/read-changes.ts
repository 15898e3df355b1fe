import { Prisma, type PrismaClient } from '@shop/db';
import type { TChangeFeed, TChangeFeedInput } from '../../schemas';
import { decodeCursor, encodeCursor, FEED_START, type FeedPosition } from './feed-position';

type Tx = Prisma.TransactionClient;

/** The highest seq a position can hold: a cursor at (txid, MAX_SEQ) stands after all of txid. */
const MAX_SEQ = 2n ** 63n - 1n;

export type ChangePage<Item> = { items: Item[]; deleted: number[]; nextCursor: string; hasMore: boolean };

type EntryRow = { entityId: number; txid: bigint; seq: bigint; deleted: boolean };

/**
 * The oldest transaction still running that may belong to this database: the snapshot's running
 * transactions, less those that pg_stat_activity shows running in another database of the same server
 * (transaction ids are shared by the whole server, so a long write elsewhere, or another test's database,
 * would otherwise hold this shop's feed back). It is safe whatever the race between the two reads: a
 * transaction is left out only when a session of another database is seen running it, which a transaction
 * of this one never is. One that ended in between, or that pg_stat_activity does not name, still holds
 * the horizon, as before. With none left, the horizon is the snapshot's xmax.
 * Transaction ids are 64-bit here and 32-bit in pg_stat_activity; two running transactions never share
 * the low 32 bits.
 */
const HORIZON = Prisma.sql`
  WITH snapshot AS (SELECT pg_current_snapshot() AS s),
  elsewhere AS (
    SELECT backend_xid::text::bigint AS xid FROM pg_stat_activity
    WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database()
  )
  SELECT COALESCE(
    (SELECT min(running::text::bigint) FROM snapshot, pg_snapshot_xip(snapshot.s) AS running
      WHERE running::text::bigint % 4294967296 NOT IN (SELECT xid FROM elsewhere)),
    (SELECT pg_snapshot_xmax(s)::text::bigint FROM snapshot)
  ) AS horizon`;

/**
 * One page of a change feed, each changed entity as it is now, read with `load` in the same snapshot
 * as the feed itself, so an item is exactly the state its place in the feed stands for.
 *
 * Why a poller sees every change exactly once, even while other servers write: a change takes its place
 * (the writing transaction's id, then a sequence number) inside that transaction, by a trigger
 * (migration change_feeds). Transactions commit in any order, so the page holds only changes of
 * transactions older than the oldest one of this database still running (HORIZON): every transaction below
 * it has ended, so nothing can later appear behind a cursor already handed out. A long transaction holds
 * the feed back until it ends; it never makes it skip. An entity changed again moves to its new place:
 * the changes a poller has not read yet come together, once, as the entity is now.
 */
export async function readChangeFeed<Item>(
  prisma: PrismaClient,
  feed: TChangeFeed,
  input: TChangeFeedInput,
  load: (tx: Tx, ids: number[]) => Promise<Item[]>,
): Promise<ChangePage<Item>> {
  const from = input.cursor ? decodeCursor(input.cursor) : FEED_START;
  const since = input.updatedSince ? new Date(input.updatedSince) : null;
  return prisma.$transaction(
    async (tx) => {
      const [{ horizon }] = await tx.$queryRaw<[{ horizon: bigint }]>(HORIZON);
      const rows = await tx.$queryRaw<EntryRow[]>`
        SELECT "entityId", "txid", "seq", "deleted" FROM "ChangeFeedEntry"
        WHERE "entity" = ${feed}
          AND ("txid", "seq") > (${from.txid}::bigint, ${from.seq}::bigint)
          AND "txid" < ${horizon}::bigint
          ${since ? Prisma.sql`AND "changedAt" >= ${since}::timestamp` : Prisma.empty}
        ORDER BY "txid", "seq"
        LIMIT ${input.limit + 1}::int`;
      const hasMore = rows.length > input.limit;
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      // With nothing more below the horizon, the next poll may start at it: every later change is above.
      const next: FeedPosition = hasMore && last ? position(last) : { txid: horizon - 1n, seq: MAX_SEQ };
      const changed = page.filter((row) => !row.deleted).map((row) => row.entityId);
      return {
        items: await load(tx, changed),
        deleted: page.filter((row) => row.deleted).map((row) => row.entityId),
        nextCursor: encodeCursor(later(next, from)),
        hasMore,
      };
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
}

function position(row: EntryRow): FeedPosition {
  return { txid: BigInt(row.txid), seq: BigInt(row.seq) };
}

/** A cursor never moves back, even if a later snapshot's horizon were lower than an earlier one's. */
function later(a: FeedPosition, b: FeedPosition): FeedPosition {
  return a.txid > b.txid || (a.txid === b.txid && a.seq >= b.seq) ? a : b;
}

/** `rows` in the order of `ids`, for loaders whose query answers in another order. */
export function inFeedOrder<Row extends { id: number }>(ids: readonly number[], rows: readonly Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
