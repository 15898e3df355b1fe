import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };
type Product = {
  id: number;
  stock: number;
  options: { title: string; values: { title: string; swatch: string | null }[] }[];
  variants: { id: number; kutiId: string | null; title: string; stock: number; price: number }[];
};

let server: TestServer;
let adminToken: string;
let shopperToken: string;
let shirt = 0;

const path = (product: number | string) => `/api/product/${product}/variants`;
const sizes = ['S', 'M', 'L', 'XL'];
const colours = ['kék', 'piros', 'fekete'];
const options = [
  { title: 'Méret', values: sizes.map((title) => ({ title })) },
  { title: 'Szín', values: colours.map((title) => ({ title })) },
];
const variants = sizes.flatMap((size) =>
  colours.map((colour) => ({ values: [size, colour], kutiId: `REST-POLO-${size}-${colour}`, stock: 2 })),
);

async function createProduct(kutiId: string, title: string): Promise<number> {
  const { status, body } = await api<Product>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: { kutiId, price: 4990, stock: 1, descriptions: [{ language: 'hu', title }] },
  });
  expect(status).toBe(200);
  return body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  shopperToken = await signIn(server, await createUser(server.database, 'customer'));
  shirt = await createProduct('REST-POLO', 'REST póló');
});
afterAll(() => server?.close());

describe('PUT /api/product/{product}/variants', () => {
  it('writes 12 variants and answers the product as the admin sees it; an API key with catalogue:write may too', async () => {
    const { status, body } = await api<Product>(server, 'PUT', path(shirt), {
      token: adminToken,
      body: { options, variants },
    });
    expect(status).toBe(200);
    expect(body.options.map((option) => option.title)).toEqual(['Méret', 'Szín']);
    expect(body.variants).toHaveLength(12);
    expect(body.variants[4]).toMatchObject({ kutiId: 'REST-POLO-M-piros', title: 'M, piros', price: 4990 });
    expect(body.stock).toBe(24);

    const key = await api<{ key: string }>(server, 'POST', '/api/apikey', {
      token: adminToken,
      body: { name: 'Raktár', scopes: ['catalogue:write'] },
    });
    const kept = body.variants
      .slice(0, 11)
      .map((variant) => ({ id: variant.id, values: variant.title.split(', ') }));
    const saved = await api<Product>(server, 'PUT', path(shirt), {
      headers: { authorization: `Bearer ${key.body.key}` },
      body: { options, variants: kept },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.variants.map((variant) => variant.id)).toEqual(
      body.variants.slice(0, 11).map((v) => v.id),
    );
    expect(saved.body.stock).toBe(22);
    // Rows that leave out a field keep it: the codes stay.
    expect(saved.body.variants.map((variant) => variant.kutiId)).toEqual(
      body.variants.slice(0, 11).map((variant) => variant.kutiId),
    );
    // The shop's own product page shows them too.
    const page = await api<Product>(server, 'GET', `/api/product/${shirt}`);
    expect(page.body.variants).toHaveLength(11);
  });

  it('refuses strangers with 401 and shoppers with 403', async () => {
    expect((await api(server, 'PUT', path(shirt), { body: { options: [], variants: [] } })).status).toBe(401);
    const shopper = await api<ErrorBody>(server, 'PUT', path(shirt), {
      token: shopperToken,
      body: { options: [], variants: [] },
    });
    expect(shopper.status).toBe(403);
    expect(shopper.body.message).toBe('Ehhez a művelethez nincs jogosultságod.');
  });

  it('answers bad input with 400 in Hungarian naming the field, never 500', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ options, variants, colour: 'kék' }, 'colour', /Ismeretlen mező: colour/],
      [{ options, variants: [{ ...variants[0], extra: 1 }] }, 'variants.0.extra', /Ismeretlen mező/],
      [
        { options: [{ title: 'Mé\u0000ret', values: [{ title: 'S' }] }], variants: [{ values: ['S'] }] },
        'options.0.title',
        /NUL/,
      ],
      [
        {
          options: ['A', 'B', 'C', 'D'].map((title) => ({ title, values: [{ title: '1' }] })),
          variants: [{ values: ['1', '1', '1'] }],
        },
        'options',
        /legfeljebb 3 opciója/,
      ],
      [
        {
          options: [{ title: 'Szám', values: [{ title: '1' }] }],
          variants: Array.from({ length: 251 }, () => ({ values: ['1'] })),
        },
        'variants',
        /legfeljebb 250 változata/,
      ],
      [
        { options, variants: [{ values: ['S', 'zöld'] }] },
        'variants.0.values.1',
        /nem a „Szín” opció értéke/,
      ],
      [
        {
          options: [{ title: 'Szín', values: [{ title: 'kék', swatch: 'blue' }] }],
          variants: [{ values: ['kék'] }],
        },
        'options.0.values.0.swatch',
        /#rrggbb/,
      ],
      [{ options, variants: [{ values: ['S', 'kék'], stock: -1 }] }, 'variants.0.stock', /készlet/i],
    ];
    for (const [body, field, message] of cases) {
      const answer = await api<ErrorBody>(server, 'PUT', path(shirt), { token: adminToken, body });
      expect(answer.status, field).toBe(400);
      expect(answer.body.message, field).toMatch(message);
      expect(
        answer.body.issues?.map((issue) => issue.path),
        field,
      ).toContain(field);
    }
    const unknown = await api<ErrorBody>(server, 'PUT', path(999_999), {
      token: adminToken,
      body: { options: [], variants: [] },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await api(server, 'PUT', path('abc'), { token: adminToken, body: { options: [], variants: [] } }))
        .status,
    ).toBe(400);
    // Nothing refused was written.
    const page = await api<Product>(server, 'GET', `/api/product/${shirt}`, { token: adminToken });
    expect(page.body.variants).toHaveLength(11);
  });

  it('answers 409 for a code another product has, naming the code and the row', async () => {
    await createProduct('REST-SAPKA', 'REST sapka');
    const answer = await api<ErrorBody>(server, 'PUT', path(shirt), {
      token: adminToken,
      body: {
        options: [{ title: 'Méret', values: [{ title: 'S' }] }],
        variants: [{ values: ['S'], kutiId: 'REST-SAPKA' }],
      },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'Az „REST-SAPKA” termékkód már egy másik termékhez vagy változathoz tartozik. Adj meg másik kódot!',
    );
    expect(answer.body.issues?.[0]?.path).toBe('variants.0.kutiId');
    // And a product cannot take a variant's code (the database's trigger), also 409.
    const product = await api<ErrorBody>(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: { kutiId: 'REST-POLO-S-kék', price: 100, descriptions: [{ language: 'hu', title: 'Ütköző' }] },
    });
    expect(product.status).toBe(409);
  });
});
