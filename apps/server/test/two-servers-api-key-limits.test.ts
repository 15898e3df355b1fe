import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAIR_ADMIN as ADMIN,
  callServer as call,
  expectOk,
  type ServerPair,
  startServerPair,
} from './server-pair';
import type { ServerProcess } from './server-process';

/**
 * #27: two servers on one PostgreSQL hold an API key to one limit between them, because both count in
 * the shared RateLimitBucket table: requests sent through both at once get exactly the limit's worth
 * of 200s, each with its own place in the count, and the rest a 429 with Retry-After. Needs PostgreSQL
 * (TEST_DATABASE_URL), as two-servers.test.ts does.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const LIMIT = 12;

describe.skipIf(!serverUrl)('an API key’s limit held by two servers on one PostgreSQL', () => {
  let pair: ServerPair | undefined;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    pair = await startServerPair(serverUrl as string, 'shop_two_server_key_limits', {
      API_KEY_RATE_LIMIT: String(LIMIT),
    });
    ({ a, b } = pair);
  }, 240_000);

  afterAll(async () => {
    await pair?.stop();
  });

  it('lets a key make only the limit’s worth of requests through both servers together', async () => {
    const adminToken = (await expectOk(call<{ token: string }>(a, 'POST', '/user/signin', { body: ADMIN })))
      .token;
    const { key } = await expectOk(
      call<{ key: string }>(a, 'POST', '/apikey', {
        token: adminToken,
        body: { name: 'Két szerveres ERP', scopes: ['catalogue:read'] },
      }),
    );

    const answers = await Promise.all(
      Array.from({ length: LIMIT + 6 }, (_, index) =>
        call(index % 2 === 0 ? a : b, 'GET', '/category', { token: key }),
      ),
    );
    const served = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(served).toHaveLength(LIMIT);
    expect(refused).toHaveLength(6);
    // Each allowed request saw its own count, whichever server answered it.
    const left = served.map((answer) => Number(/;r=(\d+);/.exec(answer.headers.get('ratelimit') ?? '')?.[1]));
    expect(left.sort((x, y) => x - y)).toEqual(Array.from({ length: LIMIT }, (_, index) => index));
    for (const answer of answers) {
      expect(answer.headers.get('ratelimit-policy')).toBe(`"api-key";q=${LIMIT};w=60`);
    }
    for (const answer of refused) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(answer.headers.get('ratelimit')).toMatch(/^"api-key";r=0;t=\d+$/);
    }
    // Each server answered fewer than the limit: alone, each would have let all its requests through.
    const servedBy = (server: ServerProcess) =>
      answers.filter((answer, index) => (index % 2 === 0 ? a : b) === server && answer.status === 200).length;
    expect(servedBy(a) + servedBy(b)).toBe(LIMIT);
  });
});
