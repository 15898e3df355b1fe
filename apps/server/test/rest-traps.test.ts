import type { TCategory } from '@shop/api/schemas';
import { initTRPC } from '@trpc/server';
import Fastify from 'fastify';
import { generateOpenApiDocument, type OpenApiMeta } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listRestOperations } from '../src/rest/operations';
import { restPlugin } from '../src/rest/rest-plugin';
import { api, createUser, signIn, startTestServer, type TestServer } from './test-server';

type ErrorBody = { message: string; code: string; issues?: { path: string; message: string }[] };
type Operation = { method: string; path: string; operationId: string };
type OpenApiDocument = { paths: Record<string, Record<string, { operationId: string }>> };

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operationId: operation.operationId,
    })),
  );
}

const isParam = (segment: string) => /^\{.+\}$/.test(segment);

/** Every literal path that a parameter path of the same method would also match, with that parameter path. */
function shadowedLiterals(operations: Operation[]) {
  const pairs: { literal: Operation; param: Operation }[] = [];
  for (const literal of operations.filter((op) => !op.path.includes('{'))) {
    const segments = literal.path.split('/');
    for (const param of operations) {
      if (param.method !== literal.method || !param.path.includes('{')) continue;
      const paramSegments = param.path.split('/');
      const matches =
        paramSegments.length === segments.length &&
        paramSegments.every((segment, index) =>
          isParam(segment) ? segments[index] !== '' : segment === segments[index],
        );
      if (matches) pairs.push({ literal, param });
    }
  }
  return pairs;
}

const withBody = (method: string) => method !== 'GET' && method !== 'DELETE';

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
});
afterAll(() => server?.close());

describe('REST body handling', () => {
  it('reads an empty POST body as {} (with or without a JSON content type)', async () => {
    const noBody = await fetch(`${server.url}/api/category/findall`, { method: 'POST' });
    expect(noBody.status).toBe(200);
    expect(await noBody.json()).toMatchObject({ items: [], page: 1, pageSize: 50 });

    const emptyJson = await fetch(`${server.url}/api/category/findall`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(emptyJson.status).toBe(200);
    expect(await emptyJson.json()).toMatchObject({ items: [], page: 1 });
  });

  it('answers malformed JSON with a Hungarian 400, not a 500', async () => {
    for (const body of ['{"page":', '{page: 1}', '{"__proto__": {"admin": true}}']) {
      const response = await fetch(`${server.url}/api/category/findall`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'Hibás kérés: a kérés törzse nem érvényes JSON.',
        requestId: expect.any(String),
      });
    }
  });

  it('answers a non-JSON body with 415 in Hungarian', async () => {
    const response = await fetch(`${server.url}/api/category/findall`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'page=1',
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorBody).message).toMatch(/JSON/);
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const response = await fetch(`${server.url}/api/category/findall`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search: 'x'.repeat(2_000_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A kérés túl nagy.',
      requestId: expect.any(String),
    });
  });
});

describe('REST coercion stays out of the shared schemas', () => {
  const trpcQuery = (path: string, input: unknown) =>
    fetch(`${server.url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  const trpcMutation = (path: string, input: unknown, token: string) =>
    fetch(`${server.url}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify(input),
    });

  it('does not turn "false" into true or null into 0 on REST bodies', async () => {
    const stringBoolean = await api<ErrorBody>(server, 'POST', '/api/category', {
      token: adminToken,
      body: { enabled: 'false', descriptions: [{ title: 'Szöveges logikai érték' }] },
    });
    expect(stringBoolean.status).toBe(400);
    expect(stringBoolean.body.issues?.map((issue) => issue.path)).toEqual(['enabled']);

    const nullNumber = await api<ErrorBody>(server, 'POST', '/api/category/findall', {
      body: { page: null },
    });
    expect(nullNumber.status).toBe(400);
    expect(nullNumber.body.issues?.map((issue) => issue.path)).toEqual(['page']);
  });

  it('leaves the tRPC endpoint rejecting what its schemas reject, after REST served the same procedures', async () => {
    // Exercise the REST side of both procedures first: a coercion that leaked would now be in the schemas.
    expect((await api(server, 'POST', '/api/category/findall', { body: { page: 1 } })).status).toBe(200);
    const restCreate = await api(server, 'POST', '/api/category', {
      token: adminToken,
      body: { enabled: false, descriptions: [{ title: 'REST-en létrehozva' }] },
    });
    expect(restCreate.status).toBe(200);

    for (const input of [{ page: '2' }, { page: null }]) {
      const response = await trpcQuery('category.findAll', input);
      expect(response.status, JSON.stringify(input)).toBe(400);
    }
    const created = await trpcMutation(
      'category.create',
      { enabled: 'false', descriptions: [{ title: 'tRPC szöveges logikai' }] },
      adminToken,
    );
    expect(created.status).toBe(400);
    const error = (await created.json()) as { error: { message: string; data: Record<string, unknown> } };
    expect(error.error.message).toMatch(/^Hibás adat: enabled/);
    expect(error.error.data).not.toHaveProperty('stack');

    const accepted = await trpcQuery('category.findAll', { page: 1 });
    expect(accepted.status).toBe(200);
  });
});

describe('REST path parameters', () => {
  it('percent-decodes path parameters', async () => {
    const created = await api<TCategory>(server, 'POST', '/api/category', {
      token: adminToken,
      body: { descriptions: [{ title: 'Kódolt azonosító' }] },
    });
    const encodedId = [...String(created.body.id)]
      .map((digit) => `%${digit.charCodeAt(0).toString(16).toUpperCase()}`)
      .join('');
    const response = await api<TCategory>(server, 'GET', `/api/category/${encodedId}`);
    expect(response).toMatchObject({ status: 200, body: { id: created.body.id, title: 'Kódolt azonosító' } });
  });

  it('answers a non-numeric id with a Hungarian 400 naming the field', async () => {
    const response = await api<ErrorBody>(server, 'GET', '/api/category/abc');
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.path).toBe('id');
    expect(response.body.message).toMatch(/^Hibás adat: id – Az azonosítónak/);
  });
});

describe('literal paths win over parameter paths', () => {
  const t = initTRPC.meta<OpenApiMeta>().create();
  const ZHandled = z.object({ handler: z.string(), value: z.string().optional() });
  // Declared parameter-first on purpose: dispatch must not depend on declaration order.
  const probeRouter = t.router({
    userById: t.procedure
      .meta({ openapi: { method: 'GET', path: '/user/{id}' } })
      .input(z.object({ id: z.string() }))
      .output(ZHandled)
      .query(({ input }) => ({ handler: 'userById', value: input.id })),
    userDetails: t.procedure
      .meta({ openapi: { method: 'GET', path: '/user/details' } })
      .input(z.void())
      .output(ZHandled)
      .query(() => ({ handler: 'userDetails' })),
    productById: t.procedure
      .meta({ openapi: { method: 'GET', path: '/product/{id}' } })
      .input(z.object({ id: z.string() }))
      .output(ZHandled)
      .query(({ input }) => ({ handler: 'productById', value: input.id })),
    productFeatured: t.procedure
      .meta({ openapi: { method: 'GET', path: '/product/featured' } })
      .input(z.void())
      .output(ZHandled)
      .query(() => ({ handler: 'productFeatured' })),
    postBySlug: t.procedure
      .meta({ openapi: { method: 'POST', path: '/blogpost/{slug}' } })
      .input(z.object({ slug: z.string() }))
      .output(ZHandled)
      .mutation(({ input }) => ({ handler: 'postBySlug', value: input.slug })),
    postGetBySlug: t.procedure
      .meta({ openapi: { method: 'POST', path: '/blogpost/getBySlug' } })
      .input(z.object({ slug: z.string() }))
      .output(ZHandled)
      .mutation(({ input }) => ({ handler: 'postGetBySlug', value: input.slug })),
  });

  it('dispatches literal paths first even when parameter paths are declared first (probe router)', async () => {
    const app = Fastify();
    await app.register(restPlugin, {
      prefix: '/api',
      router: probeRouter,
      operations: listRestOperations(probeRouter),
      createContext: async () => ({}),
    });
    const document = generateOpenApiDocument(probeRouter, { title: 'próba', version: '1', baseUrl: '/api' });
    const pairs = shadowedLiterals(operationsOf(document as unknown as OpenApiDocument));
    expect(pairs.map(({ literal }) => `${literal.method} ${literal.path}`).sort()).toEqual([
      'GET /product/featured',
      'GET /user/details',
      'POST /blogpost/getBySlug',
    ]);
    for (const { literal } of pairs) {
      const response = await app.inject({
        method: literal.method as 'GET' | 'POST',
        url: `/api${literal.path}`,
        ...(withBody(literal.method) ? { payload: { slug: 'x' } } : {}),
      });
      expect(response.headers['x-operation-id'], literal.path).toBe(literal.operationId);
      expect(response.statusCode).toBe(200);
    }
    const decoded = await app.inject({
      method: 'POST',
      url: '/api/blogpost/%C3%A1rv%C3%ADz%2Ft%C3%BCk%C3%B6r',
    });
    expect(decoded.json()).toEqual({ handler: 'postBySlug', value: 'árvíz/tükör' });
    const param = await app.inject({ method: 'GET', url: '/api/product/123' });
    expect(param.json()).toEqual({ handler: 'productById', value: '123' });
    await app.close();
  });

  it('dispatches every literal path of the real API that a parameter path could shadow to its own operation', async () => {
    const document = await api<OpenApiDocument>(server, 'GET', '/api/openapi.json');
    const operations = operationsOf(document.body);
    expect(operations.length).toBeGreaterThan(10);
    for (const { literal } of shadowedLiterals(operations)) {
      const response = await fetch(`${server.url}/api${literal.path}`, {
        method: literal.method,
        ...(withBody(literal.method) ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      expect(response.headers.get('x-operation-id'), `${literal.method} ${literal.path}`).toBe(
        literal.operationId,
      );
    }
  });

  it('answers every REST operation with its own operation id (no operation is unreachable)', async () => {
    const document = await api<OpenApiDocument>(server, 'GET', '/api/openapi.json');
    for (const operation of operationsOf(document.body)) {
      const concretePath = operation.path.replace(/\{[^}]+\}/g, '1');
      const response = await fetch(`${server.url}/api${concretePath}`, {
        method: operation.method,
        ...(withBody(operation.method)
          ? { headers: { 'content-type': 'application/json' }, body: '{}' }
          : {}),
      });
      expect(response.headers.get('x-operation-id'), `${operation.method} ${operation.path}`).toBe(
        operation.operationId,
      );
      expect(response.status, `${operation.method} ${operation.path}`).toBeLessThan(500);
    }
  });
});
