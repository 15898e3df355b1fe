import { DomainError } from '../../errors';

/**
 * Where a poller stands in a change feed: after the change written by transaction `txid` as number
 * `seq`. Handed out as an opaque cursor, so the shape can change without breaking a client.
 */
export type FeedPosition = { txid: bigint; seq: bigint };

export const FEED_START: FeedPosition = { txid: 0n, seq: 0n };

const PREFIX = 'c1.';
const BAD_CURSOR =
  'A cursor érvénytelen: a változásfolyam egy korábbi válaszának nextCursor értékét kell küldeni.';

export function encodeCursor({ txid, seq }: FeedPosition): string {
  return PREFIX + Buffer.from(`${txid}.${seq}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): FeedPosition {
  const match = cursor.startsWith(PREFIX)
    ? /^(\d{1,19})\.(\d{1,19})$/.exec(Buffer.from(cursor.slice(PREFIX.length), 'base64url').toString('utf8'))
    : null;
  if (!match?.[1] || !match[2])
    throw new DomainError('invalid_input', BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);
  const position = { txid: BigInt(match[1]), seq: BigInt(match[2]) };
  const max = 2n ** 63n - 1n;
  if (position.txid > max || position.seq > max)
    throw new DomainError('invalid_input', BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);
  return position;
}
