import { runPickupFeedsOnce } from '@shop/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from './test-server';

type SearchAnswer = { items: { carrier: string; id: string; name: string; distance?: number }[] };
type ErrorAnswer = { message: string; code: string; issues?: { path: string; message: string }[] };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await runPickupFeedsOnce({ prisma: server.database.prisma, settings: { source: 'sample' } });
});
afterAll(() => server?.close());

describe('POST /api/pickup-point/search', () => {
  it('answers a stranger the lockers of a postcode, and the nearest first with distances', async () => {
    const byPostcode = await api<SearchAnswer>(server, 'POST', '/api/pickup-point/search', {
      body: { carrier: 'foxpost', query: '1117' },
    });
    expect(byPostcode.status).toBe(200);
    expect(byPostcode.body.items.map((point) => point.id)).toEqual(['hu1369', 'hu1356', '574618']);

    const near = await api<SearchAnswer>(server, 'POST', '/api/pickup-point/search', {
      body: { near: { lat: 46.2525, lng: 20.148 }, limit: 2 },
    });
    expect(near.status).toBe(200);
    expect(near.body.items[0]).toMatchObject({ id: 'hu1590', distance: 0 });
    expect(near.body.items).toHaveLength(2);
  });

  it('refuses bad input with a Hungarian 400 naming the field, never a 500', async () => {
    const cases: [unknown, RegExp][] = [
      [{ near: { lat: 'észak', lng: 19 } }, /near\.lat/],
      [{ near: { lat: 47.5 } }, /near\.lng/],
      [{ limit: 500 }, /limit/],
      [{ carrier: 'dpd' }, /foxpost, packeta, gls vagy mpl/],
      [{ postcode: '1117' }, /postcode/],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await api<ErrorAnswer>(server, 'POST', '/api/pickup-point/search', {
        body,
      });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.message).toMatch(message);
    }
  });
});
