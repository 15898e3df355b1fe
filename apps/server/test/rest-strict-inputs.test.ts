import { MAX_INT4 } from '@shop/api/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublicAnswerCache } from '../src/rest/public-answer-cache';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

// Inputs that cannot bend the server: unknown fields, numbers beyond a Postgres integer, NUL characters,
// deep nesting and huge batches are each a Hungarian 400, on the REST mirror and the tRPC endpoint alike.

type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };
type TrpcError = { error: { message: string; data: { httpStatus: number; issues?: unknown } } };

const TOO_DEEP = 'Hibás kérés: az adatok legfeljebb 32 szint mélyen ágyazhatók egymásba.';
const NUL_MESSAGE = 'A szöveg nem tartalmazhat NUL (\\u0000) karaktert.';
const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

let server: TestServer;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
});
afterAll(() => server?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

async function send(method: string, pathname: string, body?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
}

const trpcQuery = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
  send('GET', `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, undefined, headers);
const trpcMutation = (procedure: string, input: unknown, headers: Record<string, string> = {}) =>
  send('POST', `/trpc/${procedure}`, JSON.stringify(input), headers);

const newCategory = { descriptions: [{ language: 'hu', title: 'Bögrék' }] };

describe('unknown fields', () => {
  it('a category with a field the operation does not know is a 400 naming it, and nothing is saved', async () => {
    const before = await server.database.prisma.category.count();
    const response = await api<ErrorBody>(server, 'POST', '/api/category', {
      token: adminToken,
      body: { ...newCategory, parentId: 1 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Ismeretlen mező: parentId',
      code: 'BAD_REQUEST',
      issues: [{ path: 'parentId', message: 'Ismeretlen mező: parentId' }],
      requestId: expect.any(String),
    });
    expect(await server.database.prisma.category.count()).toBe(before);
  });

  it('names every unknown field, a nested one by its whole path', async () => {
    const response = await api<ErrorBody>(server, 'POST', '/api/category', {
      token: adminToken,
      body: { descriptions: [{ language: 'hu', title: 'Bögrék', lang: 'en' }], color: 'kék' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Ismeretlen mezők: descriptions.0.lang, color');
    expect(response.body.issues?.map((issue) => issue.path)).toEqual(['descriptions.0.lang', 'color']);
  });

  it('refuses an unknown query parameter, of an operation with input and of one without', async () => {
    const category = await api<{ id: number }>(server, 'POST', '/api/category', {
      token: adminToken,
      body: newCategory,
    });
    expect(category.status).toBe(200);
    expect((await api(server, 'GET', `/api/category/${category.body.id}`)).status).toBe(200);
    const withInput = await api<ErrorBody>(server, 'GET', `/api/category/${category.body.id}?lang=en`);
    expect(withInput.status).toBe(400);
    expect(withInput.body.message).toBe('Ismeretlen mező: lang');
    const withoutInput = await api<ErrorBody>(server, 'GET', '/api/category?lang=en&page=2');
    expect(withoutInput.status).toBe(400);
    expect(withoutInput.body).toEqual({
      message: 'Ismeretlen mezők: lang, page',
      code: 'BAD_REQUEST',
      issues: [
        { path: 'lang', message: 'Ismeretlen mező: lang' },
        { path: 'page', message: 'Ismeretlen mező: page' },
      ],
      requestId: expect.any(String),
    });
  });

  it('refuses them on the tRPC endpoint too', async () => {
    const response = await trpcMutation(
      'category.create',
      { ...newCategory, parentId: 1 },
      { token: adminToken },
    );
    expect(response.status).toBe(400);
    const { error } = response.body as TrpcError;
    expect(error.message).toBe('Ismeretlen mező: parentId');
    expect(error.data.issues).toEqual([{ path: 'parentId', message: 'Ismeretlen mező: parentId' }]);
  });
});

describe('the public answer cache', () => {
  it('cannot be bypassed, nor filled, by adding an unknown key', async () => {
    const stored = vi.spyOn(PublicAnswerCache.prototype, 'set');
    const question = { sort: 'name', page: 1 };
    expect((await api(server, 'POST', '/api/product/filters', { body: question })).status).toBe(200);
    expect(stored).toHaveBeenCalledTimes(1);
    for (const extra of [{ zz: 1 }, { zz: 2 }, { cacheBuster: Date.now() }]) {
      const bypass = await api<ErrorBody>(server, 'POST', '/api/product/filters', {
        body: { ...question, ...extra },
      });
      expect(bypass.status).toBe(400);
      expect(bypass.body.message).toMatch(/^Ismeretlen mező: (zz|cacheBuster)$/);
    }
    expect((await api(server, 'GET', '/api/category?zz=1')).status).toBe(400);
    expect(stored).toHaveBeenCalledTimes(1);
  });
});

describe('ids and counters beyond their range', () => {
  it(`refuses an id above ${MAX_INT4} or below 1 with a 400, on REST and tRPC`, async () => {
    for (const id of [MAX_INT4 + 1, 99_999_999_999, -1, 0]) {
      const response = await api<ErrorBody>(server, 'GET', `/api/category/${id}`);
      expect(response.status, String(id)).toBe(400);
      expect(response.body.issues?.[0]?.path).toBe('id');
    }
    const tooLarge = await api<ErrorBody>(server, 'GET', `/api/category/${MAX_INT4 + 1}`);
    expect(tooLarge.body.message).toBe(`Hibás adat: id – Az azonosító legfeljebb ${MAX_INT4} lehet.`);
    expect((await api(server, 'GET', `/api/category/${MAX_INT4}`)).status).toBe(404);
    const trpc = await trpcQuery('category.byId', { id: MAX_INT4 + 1 });
    expect(trpc.status).toBe(400);
  });

  it('refuses ids inside bodies, page numbers and positions beyond their range', async () => {
    const cart = await api<ErrorBody>(server, 'POST', '/api/cart/add', {
      token: customerToken,
      body: { product: MAX_INT4 + 1, quantity: 1 },
    });
    expect(cart.status).toBe(400);
    expect(cart.body.issues?.[0]?.path).toBe('product');
    const page = await api<ErrorBody>(server, 'POST', '/api/category/findall', {
      body: { page: MAX_INT4 + 1 },
    });
    expect(page.status).toBe(400);
    expect(page.body.message).toBe('Hibás adat: page – Az oldalszám 1 és 10000 közötti egész szám.');
    const position = await api<ErrorBody>(server, 'POST', '/api/category', {
      token: adminToken,
      body: { ...newCategory, position: MAX_INT4 + 1 },
    });
    expect(position.status).toBe(400);
    expect(position.body.issues?.[0]?.path).toBe('position');
  });
});

describe('NUL characters', () => {
  it('are a 400 naming the field, for strangers and admins, on REST and tRPC', async () => {
    const bySlug = await api<ErrorBody>(server, 'POST', '/api/page/by-slug', {
      body: { slug: 'rolunk\u0000' },
    });
    expect(bySlug.status).toBe(400);
    expect(bySlug.body).toEqual({
      message: `Hibás adat: slug – ${NUL_MESSAGE}`,
      code: 'BAD_REQUEST',
      issues: [{ path: 'slug', message: NUL_MESSAGE }],
      requestId: expect.any(String),
    });
    const created = await api<ErrorBody>(server, 'POST', '/api/category', {
      token: adminToken,
      body: { descriptions: [{ language: 'hu', title: 'Bög\u0000re' }] },
    });
    expect(created.status).toBe(400);
    expect(created.body.issues).toEqual([{ path: 'descriptions.0.title', message: NUL_MESSAGE }]);
    const query = await api<ErrorBody>(server, 'GET', `/api/category/1?x=${encodeURIComponent('\u0000')}`);
    expect(query.status).toBe(400);
    const trpc = await trpcQuery('page.bySlug', { slug: 'rolunk\u0000' });
    expect(trpc.status).toBe(400);
    expect((trpc.body as TrpcError).error.message).toBe(`Hibás adat: slug – ${NUL_MESSAGE}`);
  });
});

describe('deeply nested JSON', () => {
  it('is a 400 before it is parsed, in a REST body and on both tRPC methods', async () => {
    const deepBody = `{"query":${nested(100, '"bögre"')}}`;
    const rest = await send('POST', '/api/product/filters', deepBody);
    expect(rest).toEqual({
      status: 400,
      body: { message: TOO_DEEP, code: 'BAD_REQUEST', requestId: expect.any(String) },
    });
    const trpcPost = await send('POST', '/trpc/category.create', deepBody, { token: adminToken });
    expect(trpcPost).toEqual({
      status: 400,
      body: { message: TOO_DEEP, code: 'BAD_REQUEST', requestId: expect.any(String) },
    });
    const trpcGet = await send('GET', `/trpc/product.filters?input=${encodeURIComponent(deepBody)}`);
    expect(trpcGet).toEqual({
      status: 400,
      body: { message: TOO_DEEP, code: 'BAD_REQUEST', requestId: expect.any(String) },
    });
  });

  it('answers a megabyte of brackets with the same 400 instead of parsing it', async () => {
    const megabyte = nested(400_000);
    for (const pathname of ['/api/product/filters', '/trpc/product.filters']) {
      const response = await send('POST', pathname, megabyte);
      expect(response, pathname).toEqual({
        status: 400,
        body: { message: TOO_DEEP, code: 'BAD_REQUEST', requestId: expect.any(String) },
      });
    }
  });

  it('lets ordinary nesting through', async () => {
    const response = await api(server, 'POST', '/api/cart/price', {
      body: { cart: [{ product: 1, quantity: 1 }] },
    });
    expect(response.status).toBe(200);
  });
});

describe('tRPC batches', () => {
  const batch = (size: number) =>
    send(
      'GET',
      `/trpc/${Array.from({ length: size }, () => 'category.tree').join(',')}?batch=1&input=${encodeURIComponent('{}')}`,
    );

  it('runs up to 20 procedures in one request', async () => {
    const response = await batch(20);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(20);
  });

  it('refuses 21 with a Hungarian 400, running none of them', async () => {
    const response = await batch(21);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('Egy kérésben legfeljebb 20 művelet küldhető.');
    const posted = await send(
      'POST',
      `/trpc/${Array.from({ length: 21 }, () => 'cart.price').join(',')}?batch=1`,
      JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, index) => [index, { cart: [] }]))),
    );
    expect(posted.status).toBe(400);
  });
});
