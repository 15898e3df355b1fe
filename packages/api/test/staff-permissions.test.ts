import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import type { AnyProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/index';
import { buildOpenApiDocument } from '../src/openapi';
import { preparePasswordResetEmail, STAFF_INVITE_TEMPLATE } from '../src/services/email/password-reset-mail';
import type { ApiMeta } from '../src/trpc';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn, signIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

const flatProcedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
const adminProcedures = Object.entries(flatProcedures)
  .map(([path, procedure]) => ({ path, meta: procedure._def.meta as ApiMeta | undefined }))
  .filter(({ meta }) => meta?.access === 'admin');

/** What only the owner may do: a new entry here is a decision, not an accident. */
const OWNER_ONLY = ['apikey.', 'backup.', 'staff.'];

let db: Database;
let owner: SignedIn;
let guest: Caller;
let shop: Shop;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  owner = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
});
afterAll(() => db?.close());

const PASSWORD = 'Raktar-jelszo-2026';

/** A staff member invited by the owner, who set a password through the invitation's link. */
async function invited(builtIn: string, email: string) {
  const roles = (await owner.caller.staff.roles()).items;
  const role = roles.find((candidate) => candidate.builtIn === builtIn);
  if (!role) throw new Error(`Nincs ${builtIn} szerepkör.`);
  const member = await owner.caller.staff.invite({
    email,
    firstName: 'Réka',
    lastName: 'Raktáros',
    role: role.id,
  });
  // The invitation's link is made when the e-mail is sent; the worker does what this does.
  const mail = await preparePasswordResetEmail(db.prisma, email, {
    publicUrl: 'https://bolt.example.hu',
    now: new Date(),
    templateKey: STAFF_INVITE_TEMPLATE,
  });
  const token = /newpassword\/([\w-]+)/.exec(mail?.html ?? '')?.[1];
  if (!token) throw new Error('A meghívóban nincs link.');
  expect(mail?.subject).toContain('Meghívó');
  await guest.user.resetPassword({ token, password: PASSWORD });
  const session = await signIn(db.prisma, { email, password: PASSWORD });
  return { member, role, token: session, caller: await callerFor(db.prisma, { token: session }) };
}

describe('every admin operation declares its permission', () => {
  it('has a permission (a scope, settings:write or owner) on each admin procedure', () => {
    expect(adminProcedures.length).toBeGreaterThan(100);
    const missing = adminProcedures
      .filter(({ meta }) => meta?.permission === undefined)
      .map(({ path }) => path);
    expect(missing).toEqual([]);
  });

  it('shows each admin operation’s permission in the OpenAPI document', () => {
    const paths = buildOpenApiDocument({ baseUrl: '/api' }).paths ?? {};
    const permissionOf = (path: string, method: string) =>
      (paths[path] as Record<string, Record<string, unknown>> | undefined)?.[method]?.['x-permission'];
    expect(permissionOf('/order/{id}/refund', 'post')).toBe('refunds:write');
    expect(permissionOf('/checkout/settings', 'get')).toBe('settings:write');
    expect(permissionOf('/staff', 'get')).toBe('owner');
    expect(permissionOf('/order/changes', 'get')).toBe('orders:read');
  });

  it('keeps owner-only exactly to staff, roles, API keys and backups', () => {
    const ownerOnly = adminProcedures
      .filter(({ meta }) => meta?.permission === 'owner')
      .map(({ path }) => path);
    for (const path of ownerOnly) {
      expect(
        OWNER_ONLY.some((prefix) => path.startsWith(prefix)),
        `${path} csak a tulajdonosé?`,
      ).toBe(true);
    }
    expect(ownerOnly).toEqual(expect.arrayContaining(['staff.invite', 'apikey.create', 'backup.run']));
  });
});

describe('a warehouse account', () => {
  it('is invited by e-mail, sets its own password, and packs and ships an order with its tracking number', async () => {
    const { caller, member } = await invited('warehouse', 'raktar@example.hu');
    expect(member).toMatchObject({ role: { name: 'Raktár' }, suspendedAt: null });
    const details = await caller.user.details();
    expect(details.permissions).toEqual(
      expect.arrayContaining(['orders:write', 'shipping:write', 'stock:write']),
    );

    const placed = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
    );
    const listed = await caller.order.list({ page: 1, pageSize: 25 });
    expect(listed.items.map((order) => order.id)).toContain(placed.order.id);
    await caller.order.setStatus({ id: placed.order.id, status: 'processing' });
    await caller.order.setStatus({ id: placed.order.id, status: 'packed' });
    const shipped = await caller.order.setStatus({
      id: placed.order.id,
      status: 'shipped',
      trackingNumber: 'GLS-RAKTAR-1',
    });
    expect(shipped).toMatchObject({ status: 'shipped', trackingNumber: 'GLS-RAKTAR-1' });

    const stock = await caller.product.stock({ items: [{ kutiId: 'KB-1', adjust: 12 }] });
    expect(stock.results[0]).toMatchObject({ status: 'updated' });

    // The owner reads what she did, newest first, each change with its order.
    const activity = await owner.caller.staff.activity({ id: member.id });
    expect(activity.items.map((entry) => [entry.action, entry.detail.to])).toEqual([
      ['status', 'shipped'],
      ['status', 'packed'],
      ['status', 'processing'],
    ]);
    expect(activity.items[0]?.order).toEqual({ id: placed.order.id, number: placed.order.number });
    expect((await owner.caller.staff.activity({ id: owner.id })).items).toEqual([]);
    await expectTrpcError(caller.staff.activity({ id: member.id }), 'FORBIDDEN', /tulajdonosa/);
  });

  it('is refused prices, refunds, customer lists, settings and the team, in Hungarian, naming what is missing', async () => {
    const { caller } = await invited('warehouse', 'raktar2@example.hu');
    await expectTrpcError(
      caller.product.update({ id: shop.products.mug, price: 1 }),
      'FORBIDDEN',
      'Ehhez a művelethez nincs jogosultságod (szükséges: „Katalógus módosítása”, catalogue:write).',
    );
    await expectTrpcError(
      caller.product.stock({ items: [{ kutiId: 'KB-1', price: 1 }] }),
      'FORBIDDEN',
      /catalogue:write/,
    );
    const placed = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
    );
    await expectTrpcError(
      caller.order.refund({ id: placed.order.id, amount: 100 }),
      'FORBIDDEN',
      /refunds:write/,
    );
    await expectTrpcError(caller.customer.list({}), 'FORBIDDEN', /customers:read/);
    // Reading orders opens their invoices only for API keys made before invoices:read existed.
    await expectTrpcError(caller.order.invoices({ id: placed.order.id }), 'FORBIDDEN', /invoices:read/);
    await expectTrpcError(caller.checkout.settings(), 'FORBIDDEN', /settings:write/);
    await expectTrpcError(caller.staff.list(), 'FORBIDDEN', /tulajdonosa/);
    await expectTrpcError(caller.apikey.list(), 'FORBIDDEN', /tulajdonosa/);
    // Nothing was written by the refused calls.
    expect(await db.prisma.product.findUniqueOrThrow({ where: { id: shop.products.mug } })).toMatchObject({
      grossPrice: 3990,
    });
  });
});

describe('customer service', () => {
  it('refunds up to its role’s limit, and not a forint more', async () => {
    const { caller, role } = await invited('customer_service', 'ugyfel@example.hu');
    await owner.caller.staff.updateRole({ id: role.id, refundLimit: 2000 });
    // The admin's refund dialog reads the limit from the person's own details.
    expect((await caller.user.details()).refundLimit).toBe(2000);
    const placed = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        paymentMethod: shop.payment.transfer,
      }),
    );
    await owner.caller.order.recordPayment({ id: placed.order.id, amount: placed.order.total });
    await expectTrpcError(
      caller.order.refund({ id: placed.order.id, amount: 2001, bankAccount: '11773016-11111018' }),
      'FORBIDDEN',
      /^A szerepköröd egyszerre legfeljebb 2\s000\sFt visszatérítését engedi; nagyobb összeget a bolt tulajdonosa téríthet vissza\.$/,
    );
    const refunded = await caller.order.refund({
      id: placed.order.id,
      amount: 2000,
      bankAccount: '11773016-11111018',
    });
    expect(refunded).toMatchObject({ refund: { amount: 2000 } });
  });

  it('edits customers but not a staff or owner account, and gives nobody a role', async () => {
    const { caller } = await invited('customer_service', 'ugyfel2@example.hu');
    const shopper = await createCustomer(db.prisma);
    expect(await caller.user.update({ id: shopper.id, phone: '+36 30 999 8888' })).toMatchObject({
      phone: '+36 30 999 8888',
    });
    await expectTrpcError(caller.user.update({ id: shopper.id, role: 'admin' }), 'FORBIDDEN', /tulajdonosa/);
    await expectTrpcError(
      caller.user.update({ id: owner.id, email: 'en@example.hu' }),
      'FORBIDDEN',
      /tulajdonosa/,
    );
    await expectTrpcError(caller.user.delete({ id: owner.id }), 'FORBIDDEN', /tulajdonosa/);
  });
});

describe('the owner', () => {
  it('suspends a staff member at once (their open session ends, sign-in fails) and lets them back', async () => {
    const { token, member } = await invited('content_editor', 'szerkeszto@example.hu');
    // Each request reads its session anew, as the HTTP layer builds a context per request.
    const nextRequest = () => callerFor(db.prisma, { token });
    await (await nextRequest()).user.details();
    await owner.caller.staff.suspend({ id: member.id });
    await expectTrpcError((await nextRequest()).user.details(), 'UNAUTHORIZED');
    const again = await guest.user.signin({ email: 'szerkeszto@example.hu', password: PASSWORD });
    expect(again).not.toHaveProperty('token');
    await owner.caller.staff.resume({ id: member.id });
    expect(await signIn(db.prisma, { email: 'szerkeszto@example.hu', password: PASSWORD })).toEqual(
      expect.any(String),
    );
  });

  it('makes a role of its own, and a role in use cannot be deleted', async () => {
    const role = await owner.caller.staff.createRole({
      name: 'Akciófelelős',
      permissions: ['promotions:write'],
    });
    expect(role).toMatchObject({ name: 'Akciófelelős', permissions: ['promotions:write'], memberCount: 0 });
    await expectTrpcError(
      owner.caller.staff.createRole({ name: 'Akciófelelős', permissions: [] }),
      'CONFLICT',
      'Már van ilyen nevű szerepkör.',
    );
    const warehouse = (await owner.caller.staff.roles()).items.find(
      (candidate) => candidate.builtIn === 'warehouse',
    );
    await expectTrpcError(owner.caller.staff.deleteRole({ id: warehouse?.id ?? 0 }), 'CONFLICT', /munkatárs/);
    expect(await owner.caller.staff.deleteRole({ id: role.id })).toEqual({ ok: true });
  });

  it('is the only one who cannot be suspended or given a role', async () => {
    await expectTrpcError(owner.caller.staff.suspend({ id: owner.id }), 'CONFLICT', /tulajdonos/);
  });
});
