import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import type { AnyProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/index';
import type { ApiMeta } from '../src/trpc';
import { type Caller, callerFor, createCustomer } from './factories';
import { expectTrpcError } from './helpers';

// Grows with the product: every procedure of appRouter is classified by the access its
// builder (publicProcedure, protectedProcedure, adminProcedure) stamped into its meta.
// At runtime `_def.procedures` is flat ("category.create" → procedure); its type is the nested record.
const flatProcedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
const procedures = Object.entries(flatProcedures).map(([path, procedure]) => {
  const meta = procedure._def.meta as ApiMeta | undefined;
  return { path, type: procedure._def.type, access: meta?.access, openapi: meta?.openapi };
});
const byAccess = (access: string) => procedures.filter((procedure) => procedure.access === access);

function call(caller: Caller, path: string): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  // No input on purpose: the access check runs before input parsing, so nothing is revealed to a stranger.
  return (fn as (input?: unknown) => Promise<unknown>)(undefined);
}

let db: Database;
let anonymous: Caller;
let customer: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  anonymous = await callerFor(db.prisma);
  customer = (await createCustomer(db.prisma)).caller;
});
afterAll(() => db?.close());

describe('access of every procedure', () => {
  it('finds the procedures and each declares who may call it and its REST operation', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(15);
    for (const procedure of procedures) {
      expect(procedure.access, `${procedure.path} nem a közös eljárásépítőkből készült`).toMatch(
        /^(public|protected|admin)$/,
      );
      expect(procedure.openapi, `${procedure.path}: hiányzik a meta.openapi`).toBeDefined();
      // The API reference marks exactly the procedures that need a token.
      expect(procedure.openapi?.protect, `${procedure.path}: openapi.protect`).toBe(
        procedure.access !== 'public',
      );
    }
    expect(byAccess('admin').map((p) => p.path)).toContain('category.create');
    expect(byAccess('protected').map((p) => p.path)).toContain('user.details');
  });

  it.each(byAccess('admin').map((p) => [p.path]))(
    'admin %s refuses a stranger (401) and a customer (403)',
    async (path) => {
      await expectTrpcError(
        call(anonymous, path),
        'UNAUTHORIZED',
        'A munkamenet lejárt. Jelentkezz be újra!',
      );
      await expectTrpcError(call(customer, path), 'FORBIDDEN', 'Ehhez a művelethez nincs jogosultságod.');
    },
  );

  it.each(byAccess('protected').map((p) => [p.path]))(
    'protected %s refuses a stranger (401)',
    async (path) => {
      await expectTrpcError(
        call(anonymous, path),
        'UNAUTHORIZED',
        'A munkamenet lejárt. Jelentkezz be újra!',
      );
    },
  );

  it.each(byAccess('public').map((p) => [p.path]))(
    'public %s never asks a stranger to sign in',
    async (path) => {
      const error = await call(anonymous, path).then(
        () => undefined,
        (caught: { code?: string }) => caught,
      );
      expect(error?.code).not.toBe('UNAUTHORIZED');
      expect(error?.code).not.toBe('FORBIDDEN');
    },
  );
});
