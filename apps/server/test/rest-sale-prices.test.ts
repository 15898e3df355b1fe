import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };
type Product = {
  id: number;
  price: number;
  originalPrice: number | null;
  admin: { salePrice: number | null; saleStartsAt: string | null; saleEndsAt: string | null } | null;
};

// A scheduled sale over HTTP: POST /api/product/update takes salePrice, saleStartsAt and saleEndsAt,
// answers them to the admin, and refuses a sale that is not a reduction or ends before it starts with
// a Hungarian 400 naming the field.
let server: TestServer;
let adminToken: string;
let product = 0;

const update = (body: Record<string, unknown>) =>
  api<Product & ErrorBody>(server, 'POST', '/api/product/update', { token: adminToken, body });

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  const created = await update({
    price: 4990,
    descriptions: [{ language: 'hu', title: 'REST akciós sapka' }],
  });
  expect(created.status).toBe(200);
  product = created.body.id;
});
afterAll(() => server?.close());

describe('POST /api/product/update with a scheduled sale', () => {
  it('refuses a sale price not below the list price, zero, or an end before the start, in Hungarian', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ salePrice: 4990 }, 'salePrice', /^Az akciós ár legyen alacsonyabb a listaárnál \(4\s990\sFt\)\.$/],
      [{ salePrice: 0 }, 'salePrice', /^Az akciós ár legyen nagyobb 0 Ft-nál\.$/],
      [
        {
          salePrice: 3990,
          saleStartsAt: '2026-12-10T00:00:00+01:00',
          saleEndsAt: '2026-12-01T00:00:00+01:00',
        },
        'saleEndsAt',
        /^Az akció vége legyen későbbi a kezdeténél\.$/,
      ],
      [{ salePrice: 3990, saleStartsAt: 'holnap' }, 'saleStartsAt', /ISO 8601/],
    ];
    for (const [sale, field, message] of cases) {
      const refused = await update({ id: product, ...sale });
      expect(refused.status, JSON.stringify(sale)).toBe(400);
      expect(refused.body.issues?.find((issue) => issue.path === field)?.message).toMatch(message);
    }
  });

  it('stores a running sale, answers it to the admin and sells at it', async () => {
    const starts = new Date(Date.now() - 60_000).toISOString();
    const saved = await update({ id: product, salePrice: 3990, saleStartsAt: starts, saleEndsAt: null });
    expect(saved.status).toBe(200);
    expect(saved.body.admin).toEqual(
      expect.objectContaining({ salePrice: 3990, saleStartsAt: starts, saleEndsAt: null }),
    );
    const page = await api<Product>(server, 'GET', `/api/product/${product}`);
    expect(page.body).toMatchObject({ price: 3990, originalPrice: 4990 });
    const cleared = await update({ id: product, salePrice: null });
    expect(cleared.body.admin).toEqual(
      expect.objectContaining({ salePrice: null, saleStartsAt: null, saleEndsAt: null }),
    );
  });
});
