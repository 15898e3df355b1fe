import { Prisma, type PrismaClient } from '@shop/db';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createContext } from './context';
import { DomainError, toDomainError, toErrorBody, toHttpStatus, toTRPCError } from './errors';
import { appRouter } from './routers';
import { ZCategoryCreateInput } from './schemas';

function prismaError(code: string, meta?: Record<string, unknown>) {
  return new Prisma.PrismaClientKnownRequestError('raw database text', {
    code,
    clientVersion: '7.10.0',
    meta,
  });
}

describe('toDomainError', () => {
  it('names the field and the reason of a zod failure in Hungarian', () => {
    const result = ZCategoryCreateInput.safeParse({ descriptions: [{ title: '' }] });
    const error = toDomainError(result.error);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Hibás adat: descriptions.0.title – A cím kötelező.');
    expect(error.issues).toEqual([{ path: 'descriptions.0.title', message: 'A cím kötelező.' }]);
    expect(toHttpStatus(error)).toBe(400);
  });

  it('names every unknown field, nested ones by their whole path, in Hungarian', () => {
    const schema = z.strictObject({ title: z.string(), lines: z.array(z.strictObject({ id: z.number() })) });
    const one = toDomainError(schema.safeParse({ title: 'Bögre', lines: [], parentId: 1 }).error);
    expect(one.code).toBe('invalid_input');
    expect(one.message).toBe('Ismeretlen mező: parentId');
    expect(one.issues).toEqual([{ path: 'parentId', message: 'Ismeretlen mező: parentId' }]);
    const several = toDomainError(schema.safeParse({ lines: [{ id: 1, qty: 2 }], a: 1, b: 2 }).error);
    expect(several.message).toBe('Ismeretlen mezők: lines.0.qty, a, b');
    expect(several.issues?.map((issue) => issue.path)).toEqual(['title', 'lines.0.qty', 'a', 'b']);
    expect(toHttpStatus(several)).toBe(400);
  });

  it("uses zod's Hungarian messages where a schema gives none", () => {
    const result = z.object({ count: z.number() }).safeParse({ count: 'sok' });
    expect(toDomainError(result.error).message).toMatch(/^Hibás adat: count – Érvénytelen bemenet/);
  });

  it('maps Prisma unique violations to 409 and missing records to 404, in Hungarian', () => {
    const conflict = toDomainError(prismaError('P2002', { target: ['slug'] }));
    expect(conflict.code).toBe('conflict');
    expect(conflict.message).toBe('Ez az érték már foglalt (URL-név). Kérjük, adj meg másikat!');
    expect(toHttpStatus(conflict)).toBe(409);
    const missing = toDomainError(prismaError('P2025'));
    expect(missing.message).toBe('A keresett tartalom nem található.');
    expect(toHttpStatus(missing)).toBe(404);
  });

  it('hides unknown errors behind a generic 500 message', () => {
    const body = toErrorBody(new Error('ECONNREFUSED 10.0.0.7:5432'));
    expect(body).toEqual({
      message: 'Váratlan hiba történt. Kérjük, próbáld újra később!',
      code: 'INTERNAL_SERVER_ERROR',
    });
    expect(toHttpStatus(prismaError('P2010'))).toBe(500);
    expect(toHttpStatus('NOT_FOUND')).toBe(404);
    expect(toHttpStatus(new DomainError('rate_limited', 'Lassabban!'))).toBe(429);
  });

  it('answers a database that cannot be reached or cannot write with a 503 that says to come back, never its text', () => {
    const outages = [
      prismaError('P1001'),
      prismaError('P2024'),
      prismaError('P2010', { driverAdapterError: { cause: { kind: 'DatabaseNotReachable', port: 5432 } } }),
      prismaError('P2010', {
        driverAdapterError: { cause: { kind: 'postgres', code: '53100', message: 'could not extend file' } },
      }),
      prismaError('P2010', { driverAdapterError: { cause: { kind: 'postgres', code: '25006' } } }),
      new Error('PGlite is closed'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('write failed'), { code: 'ENOSPC' }),
    ];
    for (const outage of outages) {
      expect(toHttpStatus(outage)).toBe(503);
      expect(toErrorBody(outage)).toEqual({
        message: 'A bolt átmenetileg nem érhető el, kérjük, próbáld újra néhány perc múlva.',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(toDomainError(outage).retryAfterSeconds).toBe(60);
    }
    // A constraint the request broke is the caller's, not an outage.
    expect(
      toHttpStatus(
        prismaError('P2010', { driverAdapterError: { cause: { kind: 'postgres', code: '23514' } } }),
      ),
    ).toBe(500);
  });

  it('never shows the text of an internal DomainError, keeping it in the cause for the log', () => {
    const internal = new DomainError('internal', 'Hiányzik a „password_reset” sablon, SMTP jelszó=titok');
    const generic = {
      message: 'Váratlan hiba történt. Kérjük, próbáld újra később!',
      code: 'INTERNAL_SERVER_ERROR',
    };
    expect(toErrorBody(internal)).toEqual(generic);
    const trpc = toTRPCError(internal);
    expect(trpc.message).toBe(generic.message);
    expect(toErrorBody(trpc)).toEqual(generic);
    expect((trpc.cause as DomainError).cause).toBe(internal);
    expect(toHttpStatus(internal)).toBe(500);
  });
});

/** Through tRPC's own HTTP transport, as the web app calls it. */
async function callTrpc(
  prisma: PrismaClient,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
) {
  const response = await fetchRequestHandler({
    endpoint: '/trpc',
    router: appRouter,
    req: new Request(`http://localhost/trpc/${path}`, {
      method: init.method,
      headers: { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    createContext: ({ req }) => createContext({ prisma, headers: req.headers }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error: { message: string; data: Record<string, unknown> } },
  };
}

describe('errors on the tRPC transport', () => {
  const failingPrisma = {
    page: { findMany: () => Promise.reject(new Error('connection refused by 10.0.0.7, password=titok')) },
  } as unknown as PrismaClient;

  it('answers bad input with 400, the Hungarian message and the field issues', async () => {
    const { status, body } = await callTrpc(failingPrisma, 'user.signin', {
      method: 'POST',
      body: { email: 'a@b.hu' },
    });
    expect(status).toBe(400);
    expect(body.error.message).toMatch(/^Hibás adat: password – /);
    expect(body.error.data.issues).toEqual([{ path: 'password', message: expect.any(String) }]);
    expect(body.error.data).not.toHaveProperty('stack');
  });

  it('answers a failure it did not expect with 500 and no internals', async () => {
    const { status, body } = await callTrpc(failingPrisma, 'page.list', { method: 'GET' });
    expect(status).toBe(500);
    expect(body.error.message).toBe('Váratlan hiba történt. Kérjük, próbáld újra később!');
    expect(JSON.stringify(body)).not.toMatch(/titok|10\.0\.0\.7/);
  });

  it('answers a missing session with 401 and the Hungarian message', async () => {
    const { status, body } = await callTrpc(failingPrisma, 'user.details', { method: 'GET' });
    expect(status).toBe(401);
    expect(body.error.message).toBe('A munkamenet lejárt. Jelentkezz be újra!');
  });

  it('answers an unknown procedure in Hungarian too', async () => {
    const { status, body } = await callTrpc(failingPrisma, 'nincs.ilyen', { method: 'GET' });
    expect(status).toBe(404);
    expect(body.error.message).toBe('A keresett tartalom nem található.');
  });
});

describe('unique violations reported by the driver adapters', () => {
  it('names the field from PGlite columns and from a PostgreSQL index name alike', () => {
    const columns = {
      modelName: 'Page',
      driverAdapterError: { cause: { constraint: { fields: ['slug'] } } },
    };
    const index = {
      modelName: 'Page',
      driverAdapterError: { cause: { constraint: { index: 'Page_slug_key' } } },
    };
    for (const meta of [columns, index]) {
      expect(toDomainError(prismaError('P2002', meta)).issues).toEqual([
        { path: 'slug', message: 'Ez az érték már foglalt (URL-név). Kérjük, adj meg másikat!' },
      ]);
    }
  });
});
