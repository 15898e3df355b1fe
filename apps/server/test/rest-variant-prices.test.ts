import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };
type Band = { minQuantity: number; maxQuantity: number | null; unitPrice: number };
type Product = {
  id: number;
  variants: { id: number; kutiId: string | null; price: number; priceBands: Band[] }[];
  admin: {
    variants: {
      id: number;
      grossPrice: number | null;
      tiers: { minQuantity: number; price: number }[];
      groupPrices: { groupId: number; groupName: string; price: number }[];
    }[];
  } | null;
};

// A variant's own quantity tiers and group prices over HTTP: written with PUT …/variants, shown to the
// admin, paid by a guest's cart and getPrice, and bad rows refused with a Hungarian 400.
let server: TestServer;
let adminToken: string;
let product = 0;
let groupId = 0;

const path = (id: number) => `/api/product/${id}/variants`;
const options = [{ title: 'Méret', values: [{ title: 'S' }, { title: 'M' }] }];
const rows = (own: Record<string, unknown>) => [
  { values: ['S'], kutiId: 'REST-AR-S', stock: 20, grossPrice: 3990, ...own },
  { values: ['M'], kutiId: 'REST-AR-M', stock: 20 },
];

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  groupId = (
    await server.database.prisma.customerGroup.create({ data: { name: 'Iskolák', discountPercent: 0 } })
  ).id;
  const created = await api<Product>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: { price: 3490, descriptions: [{ language: 'hu', title: 'REST árazott sapka' }] },
  });
  expect(created.status).toBe(200);
  product = created.body.id;
});
afterAll(() => server?.close());

describe('PUT /api/product/{product}/variants with a variant’s own tiers and group prices', () => {
  it('writes them, lists them for the admin and prices a guest’s 10 pieces at the variant’s tier', async () => {
    const saved = await api<Product>(server, 'PUT', path(product), {
      token: adminToken,
      body: {
        options,
        variants: rows({
          tiers: [
            { minQuantity: 10, price: 3490 },
            { minQuantity: 5, price: 3790 },
          ],
          groupPrices: [{ groupId, price: 3290 }],
        }),
      },
    });
    expect(saved.status).toBe(200);
    const small = saved.body.variants.find((variant) => variant.kutiId === 'REST-AR-S');
    expect(saved.body.admin?.variants.find((variant) => variant.id === small?.id)).toEqual({
      id: small?.id,
      grossPrice: 3990,
      salePrice: null,
      saleStartsAt: null,
      saleEndsAt: null,
      tiers: [
        { minQuantity: 5, price: 3790 },
        { minQuantity: 10, price: 3490 },
      ],
      groupPrices: [{ groupId, groupName: 'Iskolák', price: 3290 }],
    });

    const page = await api<Product>(server, 'GET', `/api/product/${product}`);
    expect(page.body.variants.find((variant) => variant.kutiId === 'REST-AR-S')?.priceBands).toEqual([
      { minQuantity: 1, maxQuantity: 4, unitPrice: 3990 },
      { minQuantity: 5, maxQuantity: 9, unitPrice: 3790 },
      { minQuantity: 10, maxQuantity: null, unitPrice: 3490 },
    ]);
    const cart = await api<{ lines: { unitPrice: number; lineTotal: number }[] }>(
      server,
      'POST',
      '/api/cart/price',
      { body: { cart: [{ product, variant: small?.id, quantity: 10 }] } },
    );
    expect(cart.status).toBe(200);
    expect(cart.body.lines[0]).toMatchObject({ unitPrice: 3490, lineTotal: 34_900 });
    const price = await api<{ unitPrice: number }>(server, 'POST', '/api/product/getPrice', {
      body: { id: product, variant: small?.id, quantity: 5 },
    });
    expect(price.body.unitPrice).toBe(3790);
  });

  it('answers bad tiers and group prices with a Hungarian 400 naming the field, never 500', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        {
          tiers: [
            { minQuantity: 5, price: 3790 },
            { minQuantity: 5, price: 3690 },
          ],
        },
        'variants.0.tiers.1.minQuantity',
        /5 darabtól két mennyiségi ár is szerepel/,
      ],
      [{ tiers: [{ minQuantity: 1, price: 3790 }] }, 'variants.0.tiers.0.minQuantity', /2 darabtól/],
      [
        { tiers: [{ minQuantity: 5, price: 100_000_001 }] },
        'variants.0.tiers.0.price',
        /legfeljebb 100 000 000 Ft/,
      ],
      // `grossPrice`, the 1.x name of a tier's and a group's price, was removed in 2.0.0.
      [
        { tiers: [{ minQuantity: 5, grossPrice: 3790 }] },
        'variants.0.tiers.0.grossPrice',
        /^Ismeretlen mező: variants\.0\.tiers\.0\.grossPrice$/,
      ],
      [
        { groupPrices: [{ groupId, price: 3000, grossPrice: 3000 }] },
        'variants.0.groupPrices.0.grossPrice',
        /^Ismeretlen mező: variants\.0\.groupPrices\.0\.grossPrice$/,
      ],
      [
        { groupPrices: [{ groupId: 999_999, price: 3000 }] },
        'variants.0.groupPrices.0.groupId',
        /Nincs 999999 azonosítójú vevőcsoport/,
      ],
      [
        { groupPrices: [{ group: groupId, price: 3000 }] },
        'variants.0.groupPrices.0.group',
        /Ismeretlen mező/,
      ],
    ];
    for (const [own, field, message] of cases) {
      const answer = await api<ErrorBody>(server, 'PUT', path(product), {
        token: adminToken,
        body: { options, variants: rows(own) },
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.message, field).toMatch(message);
      expect(
        answer.body.issues?.map((issue) => issue.path),
        field,
      ).toContain(field);
    }
    // Nothing refused was written.
    const page = await api<Product>(server, 'GET', `/api/product/${product}`, { token: adminToken });
    expect(page.body.admin?.variants[0]?.tiers).toHaveLength(2);
  });
});
