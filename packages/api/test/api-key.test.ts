import { createHash } from 'node:crypto';
import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import type { AnyProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import { appRouter } from '../src/routers';
import { API_SCOPES, scopeAllows, type TApiScope } from '../src/schemas';
import { API_KEY_TOUCH_INTERVAL_MS, findApiKey } from '../src/services/api-key';
import type { ApiMeta } from '../src/trpc';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

const ACCOUNT_ONLY = 'Ezt a műveletet API-kulccsal nem lehet elvégezni, csak bejelentkezett adminisztrátor.';
const NOT_A_SHOPPER = 'API-kulccsal vásárlói műveletet nem lehet végezni.';
const INVALID_KEY = 'Az API-kulcs érvénytelen vagy visszavonták.';
const MISSING_SCOPE = /^Az API-kulcsnak nincs ehhez jogosultsága \(szükséges: /;

let db: Database;
let shop: Shop;
let admin: SignedIn;
let customer: SignedIn;
let stranger: Caller;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  customer = await createCustomer(db.prisma);
  stranger = await callerFor(db.prisma);
});
afterAll(() => db?.close());

async function newKey(scopes: TApiScope[], name = `Kulcs ${scopes.join('+')}`.slice(0, 100)) {
  const created = await admin.caller.apikey.create({ name, scopes });
  return { ...created, caller: await callerFor(db.prisma, { token: created.key }) };
}

const bearer = async (key: string) =>
  createCaller(
    await createContext({ prisma: db.prisma, headers: new Headers({ authorization: `Bearer ${key}` }) }),
  );

describe('creating, listing and revoking keys', () => {
  it('shows the key once, lists it without the key and stores only its hash', async () => {
    const created = await admin.caller.apikey.create({ name: 'ERP', scopes: ['catalogue:read'] });
    expect(created.key).toMatch(/^kbk_[A-Za-z0-9_-]{43}$/);

    const listed = (await admin.caller.apikey.list()).items;
    const erp = listed.find((key) => key.id === created.id);
    expect(erp).toMatchObject({
      name: 'ERP',
      scopes: ['catalogue:read'],
      prefix: created.key.slice(0, 12),
      lastUsedAt: null,
      revokedAt: null,
      createdBy: { id: admin.id, name: 'Admin Teszt' },
    });
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const row = await db.prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('refuses a key without a name or scopes, and scopes it does not know, in Hungarian', async () => {
    await expectTrpcError(
      admin.caller.apikey.create({ name: ' ', scopes: ['orders:read'] }),
      'BAD_REQUEST',
      /A kulcs neve kötelező/,
    );
    await expectTrpcError(
      admin.caller.apikey.create({ name: 'Üres', scopes: [] }),
      'BAD_REQUEST',
      /Legalább egy jogosultságot válassz/,
    );
    await expectTrpcError(
      admin.caller.apikey.create({ name: 'Minden', scopes: ['admin' as TApiScope] }),
      'BAD_REQUEST',
      /Ismeretlen jogosultság/,
    );
  });

  it('works in the token header and as a Bearer token, until it is revoked (then 401)', async () => {
    const { id, key, caller } = await newKey(['customers:read']);
    expect((await caller.customer.list({})).total).toBeGreaterThanOrEqual(1);
    expect((await (await bearer(key)).customer.list({})).total).toBeGreaterThanOrEqual(1);

    await admin.caller.apikey.revoke({ id });
    await expectTrpcError(
      (await callerFor(db.prisma, { token: key })).customer.list({}),
      'UNAUTHORIZED',
      INVALID_KEY,
    );
    await expectTrpcError((await bearer(key)).customer.list({}), 'UNAUTHORIZED', INVALID_KEY);
    // Not quietly a stranger on public operations either.
    await expectTrpcError(
      (await bearer(key)).product.byId({ id: shop.products.mug }),
      'UNAUTHORIZED',
      INVALID_KEY,
    );
    const listed = (await admin.caller.apikey.list()).items.find((row) => row.id === id);
    expect(listed?.revokedAt).not.toBeNull();

    // Revoking again changes nothing; an unknown key is a 404.
    await admin.caller.apikey.revoke({ id });
    expect((await admin.caller.apikey.list()).items.find((row) => row.id === id)?.revokedAt).toBe(
      listed?.revokedAt,
    );
    await expectTrpcError(
      admin.caller.apikey.revoke({ id: 999_999 }),
      'NOT_FOUND',
      'Az API-kulcs nem található.',
    );
  });

  it('refuses an unknown key with 401 naming the key, not the session', async () => {
    const unknown = await callerFor(db.prisma, { token: `kbk_${'x'.repeat(43)}` });
    await expectTrpcError(unknown.order.list({}), 'UNAUTHORIZED', INVALID_KEY);
  });

  it('writes lastUsedAt at most once a minute', async () => {
    const { id, key } = await newKey(['orders:read']);
    const lastUsed = async () =>
      (await db.prisma.apiKey.findUniqueOrThrow({ where: { id }, select: { lastUsedAt: true } })).lastUsedAt;
    // Creating the caller used the key once already; these requests come an hour later.
    const start = new Date(Date.now() + 3_600_000);
    expect(await findApiKey(db.prisma, key, start)).toMatchObject({ id, scopes: ['orders:read'] });
    expect(await lastUsed()).toEqual(start);
    await findApiKey(db.prisma, key, new Date(start.getTime() + API_KEY_TOUCH_INTERVAL_MS - 1000));
    expect(await lastUsed()).toEqual(start);
    const minuteLater = new Date(start.getTime() + API_KEY_TOUCH_INTERVAL_MS);
    await findApiKey(db.prisma, key, minuteLater);
    expect(await lastUsed()).toEqual(minuteLater);
  });
});

describe('what a key may do', () => {
  it('lets a catalogue:read key see hidden products as an admin does, but not create a product', async () => {
    const { caller } = await newKey(['catalogue:read']);
    await expectTrpcError(stranger.product.byId({ id: shop.products.hidden }), 'NOT_FOUND');
    expect((await caller.product.byId({ id: shop.products.hidden })).id).toBe(shop.products.hidden);
    await expectTrpcError(caller.product.update({} as never), 'FORBIDDEN', MISSING_SCOPE);
    await expectTrpcError(caller.category.create({} as never), 'FORBIDDEN', MISSING_SCOPE);
  });

  it('lets a …:write key read its domain too', async () => {
    const { caller } = await newKey(['catalogue:write']);
    expect((await caller.product.byId({ id: shop.products.hidden })).id).toBe(shop.products.hidden);
    await expect(caller.product.qualitySummary()).resolves.toBeDefined();
  });

  it('lets an orders:read key read orders but not change their status', async () => {
    const placed = await stranger.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
    );
    const { caller } = await newKey(['orders:read']);
    expect((await caller.order.list({})).items.map((order) => order.id)).toContain(placed.order.id);
    expect((await caller.order.adminById({ id: placed.order.id })).order.number).toBe(placed.order.number);
    expect((await caller.order.byId({ id: placed.order.id })).number).toBe(placed.order.number);
    await expectTrpcError(
      caller.order.setStatus({ id: placed.order.id, status: 'processing' }),
      'FORBIDDEN',
      MISSING_SCOPE,
    );
    await expectTrpcError(caller.customer.list({}), 'FORBIDDEN', MISSING_SCOPE);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: placed.order.id } })).status).toBe(
      'received',
    );
  });

  it("records an orders:write key's status change in the audit trail by the key's name", async () => {
    const placed = await stranger.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
    );
    const { caller } = await newKey(['orders:write'], 'Raktárprogram');
    const changed = await caller.order.setStatus({ id: placed.order.id, status: 'processing' });
    expect(changed.status).toBe('processing');
    const detail = await admin.caller.order.adminById({ id: placed.order.id });
    expect(detail.audit[0]).toMatchObject({
      action: 'status',
      actor: null,
      detail: { from: 'received', to: 'processing', apiKey: 'Raktárprogram' },
    });
    expect(detail.history.at(-1)).toMatchObject({ status: 'processing', by: null });
  });

  it('never lets a key manage keys, while a shopper gets 403 and a stranger 401', async () => {
    const { id, caller } = await newKey([...API_SCOPES]);
    await expectTrpcError(caller.apikey.list(), 'FORBIDDEN', ACCOUNT_ONLY);
    await expectTrpcError(
      caller.apikey.create({ name: 'Másik', scopes: ['orders:read'] }),
      'FORBIDDEN',
      ACCOUNT_ONLY,
    );
    await expectTrpcError(caller.apikey.revoke({ id }), 'FORBIDDEN', ACCOUNT_ONLY);
    await expectTrpcError(
      customer.caller.apikey.list(),
      'FORBIDDEN',
      'Ehhez a művelethez nincs jogosultságod.',
    );
    await expectTrpcError(
      customer.caller.apikey.create({ name: 'Vevő', scopes: ['orders:read'] }),
      'FORBIDDEN',
    );
    await expectTrpcError(stranger.apikey.list(), 'UNAUTHORIZED', 'A munkamenet lejárt. Jelentkezz be újra!');
    await expectTrpcError(stranger.apikey.revoke({ id }), 'UNAUTHORIZED');
  });
});

describe('invoice scopes', () => {
  /** A paid order with its issued invoice (a PDF to download) and a storno the provider refused. */
  async function invoicedOrder() {
    const placed = await stranger.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
    );
    const orderId = placed.order.id;
    await db.prisma.invoice.createMany({
      data: [
        {
          orderId,
          kind: 'invoice',
          externalId: `teszt-invoice-${orderId}`,
          provider: 'szamlazz',
          status: 'issued',
          number: `KBB-2026-${orderId}`,
          grossTotal: placed.order.total,
          pdf: new Uint8Array(Buffer.from('%PDF-1.4 számla')),
          issuedAt: new Date(),
        },
        {
          orderId,
          kind: 'storno',
          externalId: `teszt-storno-${orderId}`,
          provider: 'szamlazz',
          status: 'failed',
          attempts: 5,
          lastError: 'A számlázó nem érhető el.',
        },
      ],
    });
    return orderId;
  }
  const stornoStatus = async (orderId: number) =>
    (
      await db.prisma.invoice.findUniqueOrThrow({
        where: { orderId_kind: { orderId, kind: 'storno' } },
        select: { status: true },
      })
    ).status;

  it('lets an invoices:read key list and download invoices, but not issue or retry a storno', async () => {
    const orderId = await invoicedOrder();
    const { caller } = await newKey(['invoices:read']);
    const listed = await caller.order.invoices({ id: orderId });
    expect(listed.items.map((item) => [item.kind, item.status])).toEqual([
      ['invoice', 'issued'],
      ['storno', 'failed'],
    ]);
    const pdf = await caller.order.invoicePdf({ id: orderId });
    expect(Buffer.from(pdf.content, 'base64').toString()).toBe('%PDF-1.4 számla');
    await expectTrpcError(
      caller.order.issueInvoice({ id: orderId }),
      'FORBIDDEN',
      'Az API-kulcsnak nincs ehhez jogosultsága (szükséges: invoices:write, „Számlák kiállítása”).',
    );
    expect(await stornoStatus(orderId)).toBe('failed');
    // Invoices are all it reads: not the orders themselves.
    await expectTrpcError(caller.order.list({}), 'FORBIDDEN', MISSING_SCOPE);
  });

  it('lets an invoices:write key read invoices and retry the refused storno', async () => {
    const orderId = await invoicedOrder();
    const { caller } = await newKey(['invoices:write']);
    expect((await caller.order.invoices({ id: orderId })).items).toHaveLength(2);
    await expect(caller.order.invoicePdf({ id: orderId })).resolves.toMatchObject({
      contentType: 'application/pdf',
    });
    const retried = await caller.order.issueInvoice({ id: orderId });
    expect(retried.items.find((item) => item.kind === 'storno')?.status).toBe('pending');
    expect(await stornoStatus(orderId)).toBe('pending');
  });

  it('keeps an orders:read key made before invoices:read listing and downloading invoices', async () => {
    const orderId = await invoicedOrder();
    for (const scopes of [['orders:read'], ['orders:write']] as TApiScope[][]) {
      const { caller } = await newKey(scopes);
      expect((await caller.order.invoices({ id: orderId })).items).toHaveLength(2);
      await expect(caller.order.invoicePdf({ id: orderId })).resolves.toMatchObject({
        contentType: 'application/pdf',
      });
      await expectTrpcError(caller.order.issueInvoice({ id: orderId }), 'FORBIDDEN', MISSING_SCOPE);
    }
    // A key with neither gets the 403 of the list and the 404 a stranger gets for the PDF.
    const { caller } = await newKey(['catalogue:write', 'customers:read']);
    await expectTrpcError(caller.order.invoices({ id: orderId }), 'FORBIDDEN', MISSING_SCOPE);
    await expectTrpcError(caller.order.invoicePdf({ id: orderId }), 'NOT_FOUND');
  });
});

// Grows with the API: every procedure is checked against a key, by the meta its builder stamped.
const flatProcedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
const procedures = Object.entries(flatProcedures).map(([path, procedure]) => {
  const meta = procedure._def.meta as ApiMeta | undefined;
  return { path, access: meta?.access, scope: meta?.scope };
});

function call(caller: Caller, path: string): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  // No input on purpose: the key is checked before the input is parsed.
  return (fn as (input?: unknown) => Promise<unknown>)(undefined);
}

describe('every procedure against a key', () => {
  let everything: Caller;
  beforeAll(async () => {
    everything = (await newKey([...API_SCOPES], 'Minden jog')).caller;
  });

  it('marks the integrator operations with a scope, and only admin ones', () => {
    const scoped = procedures.filter((procedure) => procedure.scope);
    expect(scoped.map((procedure) => procedure.path)).toEqual(
      expect.arrayContaining(['product.update', 'order.list', 'order.setStatus', 'customer.byId']),
    );
    for (const procedure of scoped) expect(procedure.access, procedure.path).toBe('admin');
  });

  it.each(procedures.filter((p) => p.access === 'admin' && !p.scope).map((p) => [p.path]))(
    'admin account action %s refuses a key with every scope (403)',
    async (path) => {
      await expectTrpcError(call(everything, path), 'FORBIDDEN', ACCOUNT_ONLY);
    },
  );

  it.each(procedures.filter((p) => p.access === 'protected').map((p) => [p.path]))(
    "shopper's %s refuses a key (403)",
    async (path) => {
      await expectTrpcError(call(everything, path), 'FORBIDDEN', NOT_A_SHOPPER);
    },
  );

  it.each(procedures.filter((p) => p.scope).map((p) => [p.path, p.scope as TApiScope]))(
    '%s needs %s: a key without it gets 403, a key with it gets past the check',
    async (path, scope) => {
      // Every scope that does not open it on its own (its domain's, or one kept for older keys).
      const others = API_SCOPES.filter((granted) => !scopeAllows([granted], scope));
      const without = (await newKey(others.length ? others : ['orders:read'])).caller;
      await expectTrpcError(call(without, path), 'FORBIDDEN', MISSING_SCOPE);
      const error = await call(everything, path).then(
        () => undefined,
        (caught: { code?: string }) => caught,
      );
      expect(error?.code).not.toBe('FORBIDDEN');
      expect(error?.code).not.toBe('UNAUTHORIZED');
    },
  );
});
