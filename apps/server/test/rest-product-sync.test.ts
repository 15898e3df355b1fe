import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };
type StockAnswer = {
  results: {
    kutiId: string;
    status: string;
    productId: number | null;
    stock: number | null;
    price: number | null;
  }[];
};
type Product = { id: number; kutiId: string | null; price: number; stock: number; title: string };
type List = {
  items: { id: number; stock: number | null; vatRate: number; vatClass: string; inStock: boolean }[];
};

let server: TestServer;
let adminToken: string;
let mug: Product;
let plate: Product;

async function create(kutiId: string, title: string, price: number, stock: number): Promise<Product> {
  const { status, body } = await api<Product>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: { kutiId, price, stock, enabled: true, descriptions: [{ language: 'hu', title }] },
  });
  expect(status).toBe(200);
  return body;
}

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  mug = await create('REST-BOGRE', 'REST bögre', 2490, 10);
  plate = await create('REST-TANYER', 'REST tányér', 3990, 4);
});
afterAll(() => server?.close());

describe('POST /api/product/update by product code', () => {
  it('updates the product the code names, with price in and out', async () => {
    const { status, body } = await api<Product>(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: { kutiId: 'REST-BOGRE', price: 2290 },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: mug.id, kutiId: 'REST-BOGRE', price: 2290 });
  });

  it('answers 404 naming an unknown code', async () => {
    const { status, body } = await api<ErrorBody>(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: { kutiId: 'REST-NINCS', stock: 3 },
    });
    expect(status).toBe(404);
    expect(body.message).toBe('Nincs termék ezzel a termékkóddal: „REST-NINCS”.');
  });

  it('answers 409 naming a code another product has', async () => {
    const { status, body } = await api<ErrorBody>(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: { id: plate.id, kutiId: 'REST-BOGRE' },
    });
    expect(status).toBe(409);
    expect(body.message).toMatch(/„REST-BOGRE” termékkód már egy másik termékhez tartozik/);
    expect(body.issues?.[0]?.path).toBe('kutiId');
  });
});

describe('POST /api/product/stock', () => {
  it('answers per code, writes the found ones and shows the stock in the admin list at once', async () => {
    const { status, body } = await api<StockAnswer>(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: {
        items: [
          { kutiId: 'REST-TANYER', stock: 0, price: 3490 },
          { kutiId: 'REST-SEHOL', stock: 5 },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body.results).toEqual([
      {
        kutiId: 'REST-TANYER',
        status: 'updated',
        productId: plate.id,
        variantId: null,
        stock: 0,
        price: 3490,
      },
      {
        kutiId: 'REST-SEHOL',
        status: 'not_found',
        productId: null,
        variantId: null,
        stock: null,
        price: null,
      },
    ]);

    const listed = await api<List>(server, 'POST', '/api/product', {
      token: adminToken,
      body: { search: 'REST-TANYER' },
    });
    expect(listed.body.items[0]).toMatchObject({
      id: plate.id,
      stock: 0,
      vatRate: 27,
      vatClass: '27',
      inStock: false,
    });
    const anonymous = await api<List>(server, 'POST', '/api/product', { body: { search: 'REST-TANYER' } });
    expect(anonymous.body.items[0]).toMatchObject({
      id: plate.id,
      stock: null,
      vatRate: 27,
      vatClass: '27',
      inStock: false,
    });
  });

  it('refuses 1 001 items with a 400 in Hungarian and writes none of them', async () => {
    const items = [
      { kutiId: 'REST-BOGRE', stock: 99 },
      ...Array.from({ length: 1000 }, (_, i) => ({ kutiId: `REST-${i}`, stock: 1 })),
    ];
    const { status, body } = await api<ErrorBody>(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: { items },
    });
    expect(status).toBe(400);
    expect(body.message).toMatch(/Egyszerre legfeljebb 1000 termék frissíthető/);
    const page = await api<Product>(server, 'GET', `/api/product/${mug.id}`, { token: adminToken });
    expect(page.body.stock).toBe(10);
  });

  it('refuses strangers with 401 and names an unknown field', async () => {
    const stranger = await api<ErrorBody>(server, 'POST', '/api/product/stock', {
      body: { items: [{ kutiId: 'REST-BOGRE', stock: 1 }] },
    });
    expect(stranger.status).toBe(401);
    const unknown = await api<ErrorBody>(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: { items: [{ kutiId: 'REST-BOGRE', stock: 1, grossPrice: 5 }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/grossPrice/);
  });
});

describe('safe stock moves over REST', () => {
  it('adds a signed move, and answers 412 naming the item when the stock is no longer what was seen', async () => {
    const moved = await api<StockAnswer>(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: { items: [{ kutiId: 'REST-BOGRE', adjust: -1 }] },
    });
    expect(moved.status).toBe(200);
    const now = moved.body.results[0]?.stock ?? 0;
    const stale = await api<ErrorBody>(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: { items: [{ kutiId: 'REST-BOGRE', stock: 50, expectedStock: now + 1 }] },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.issues).toEqual([
      {
        path: 'items.0.expectedStock',
        message: `„REST-BOGRE”: a készlet közben változott: most ${now} db, a kérés szerint ${now + 1} db volt; semmi nem változott.`,
      },
    ]);
    const below = await api<ErrorBody>(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: { items: [{ kutiId: 'REST-BOGRE', adjust: -(now + 1) }] },
    });
    expect(below.status).toBe(409);
    const both = await api<ErrorBody>(server, 'POST', '/api/product/stock', {
      token: adminToken,
      body: { items: [{ kutiId: 'REST-BOGRE', stock: 1, adjust: 1 }] },
    });
    expect(both.status).toBe(400);
  });
});
