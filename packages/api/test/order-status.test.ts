import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/cache';
import {
  adminStatusRefusal,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  SYSTEM_ONLY_STATUSES,
  type TOrderStatus,
  transitionRefusal,
} from '../src/schemas';
import { changeOrderStatus } from '../src/services/orders/order-status';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createProduct, createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let admin: SignedIn;
let guest: Caller;
/** Plenty of stock: the table walk places many orders. */
let cup: number;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);
  cup = await createProduct(db.prisma, {
    slug: 'bogre-raktaron',
    title: 'Bögre raktáron',
    grossPrice: 1500,
    stock: 100_000,
  });
});
afterAll(() => db?.close());

/** A cash-on-delivery order (it starts `received`). */
async function placeOrder(quantity = 1, product = cup) {
  const placed = await guest.cart.order(orderInput(shop, { cart: [{ product, quantity }] }));
  return placed.order;
}

/** An order put straight into a status, as if it had got there before the test. */
async function orderIn(status: TOrderStatus): Promise<number> {
  const order = await placeOrder();
  await db.prisma.order.update({ where: { id: order.id }, data: { status } });
  return order.id;
}

const stockOf = async (id: number) =>
  await db.prisma.product.findUniqueOrThrow({ where: { id }, select: { stock: true, unitsSold: true } });

const statusEmails = (orderId: number, number: string, templateKey: string) =>
  db.prisma.emailOutbox
    .findMany({
      where: { templateKey, subject: { contains: number } },
      orderBy: { id: 'asc' },
    })
    .then(async (rows) => {
      const guarded = await db.prisma.orderStatusEmail.findMany({ where: { orderId } });
      return { rows, guarded };
    });

const systemChange = (orderId: number, to: TOrderStatus) =>
  db.prisma.$transaction((tx) => changeOrderStatus(tx, { orderId, to, actorId: null, system: true }));

describe('the transition table, walked', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  const allowed = pairs.filter(([from, to]) => ORDER_TRANSITIONS[from].includes(to) && from !== to);
  const byAdmin = allowed.filter(([from, to]) => adminStatusRefusal(from, to) === null);
  const notByAdmin = allowed.filter(([from, to]) => adminStatusRefusal(from, to) !== null);

  it('has something on each side', () => {
    expect(byAdmin.length).toBeGreaterThan(25);
    expect(notByAdmin.map(([, to]) => to)).toEqual(
      expect.arrayContaining([...SYSTEM_ONLY_STATUSES, 'received', 'awaiting_payment']),
    );
  });

  it.each(byAdmin)(
    'an admin moves an order from %s to %s, recorded with who, when and the note',
    async (from, to) => {
      const id = await orderIn(from);
      const order = await admin.caller.order.setStatus({ id, status: to, note: `Teszt: ${to}` });
      expect(order.status).toBe(to);
      expect(order.history.at(-1)).toMatchObject({ status: to, note: `Teszt: ${to}` });
      const change = await db.prisma.orderStatusChange.findFirstOrThrow({
        where: { orderId: id },
        orderBy: { id: 'desc' },
      });
      expect(change).toMatchObject({ fromStatus: from, toStatus: to, changedById: admin.id });
      const audit = await db.prisma.orderAuditEntry.findMany({ where: { orderId: id } });
      expect(audit).toEqual([
        expect.objectContaining({
          actorId: admin.id,
          action: 'status',
          detail: { from, to, note: `Teszt: ${to}` },
        }),
      ]);
    },
  );

  it.each(notByAdmin)(
    'only the payment or refund flow moves an order from %s to %s; an admin gets a Hungarian 409',
    async (from, to) => {
      const id = await orderIn(from);
      await expectTrpcError(
        admin.caller.order.setStatus({ id, status: to }),
        'CONFLICT',
        adminStatusRefusal(from, to)!,
      );
      const result = await systemChange(id, to);
      expect(result).toMatchObject({ changed: true, from, to });
      expect(await db.prisma.orderAuditEntry.count({ where: { orderId: id } })).toBe(0);
    },
  );

  it.each(ORDER_STATUSES.map((from) => [from]))(
    'refuses every move the table does not list from %s, naming both statuses',
    async (from) => {
      const id = await orderIn(from);
      const refused = ORDER_STATUSES.filter((to) => to !== from && !ORDER_TRANSITIONS[from].includes(to));
      expect(refused.length).toBeGreaterThan(0);
      for (const to of refused) {
        const message = `„${ORDER_STATUS_LABELS[from]}” állapotú rendelés nem tehető „${ORDER_STATUS_LABELS[to]}” állapotba.`;
        expect(transitionRefusal(from, to)).toBe(message);
        await expectTrpcError(admin.caller.order.setStatus({ id, status: to }), 'CONFLICT', message);
        await expect(systemChange(id, to)).rejects.toThrow(message);
      }
      const order = await db.prisma.order.findUniqueOrThrow({ where: { id } });
      expect(order.status).toBe(from);
      expect(await db.prisma.orderStatusChange.count({ where: { orderId: id } })).toBe(1);
    },
  );
});

describe('POST /api/order/{id}/status', () => {
  it('refuses strangers (401) and shoppers (403), and answers 404 for an unknown order', async () => {
    const id = await orderIn('received');
    const customer = await createCustomer(db.prisma);
    await expectTrpcError(guest.order.setStatus({ id, status: 'processing' }), 'UNAUTHORIZED');
    await expectTrpcError(customer.caller.order.setStatus({ id, status: 'processing' }), 'FORBIDDEN');
    await expectTrpcError(guest.order.setStatusBulk({ ids: [id], status: 'processing' }), 'UNAUTHORIZED');
    await expectTrpcError(
      customer.caller.order.setStatusBulk({ ids: [id], status: 'processing' }),
      'FORBIDDEN',
    );
    await expectTrpcError(guest.order.addNote({ id, text: 'x' }), 'UNAUTHORIZED');
    await expectTrpcError(customer.caller.order.addNote({ id, text: 'x' }), 'FORBIDDEN');
    await expectTrpcError(
      admin.caller.order.setStatus({ id: 999_999, status: 'processing' }),
      'NOT_FOUND',
      'A rendelés nem található.',
    );
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id } })).status).toBe('received');
  });

  it('hands over to the courier with a tracking number the customer sees and gets by e-mail', async () => {
    const order = await placeOrder();
    await admin.caller.order.setStatus({ id: order.id, status: 'packed' });
    const shipped = await admin.caller.order.setStatus({
      id: order.id,
      status: 'shipped',
      trackingNumber: ' GLS-123 456 ',
      note: 'Holnap érkezik.',
    });
    expect(shipped).toMatchObject({ status: 'shipped', trackingNumber: 'GLS-123 456' });
    const { rows } = await statusEmails(order.id, order.number, 'order_shipped');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.to).toBe('vevo@example.hu');
    expect(rows[0]!.html).toContain('GLS-123 456');
    expect(rows[0]!.html).toContain('Holnap érkezik.');
    expect(rows[0]!.html).not.toContain('{{');
    expect(rows[0]!.html).not.toMatch(/href="[^"]*(track|nyomkov)/i);
    const change = await db.prisma.orderStatusChange.findFirstOrThrow({
      where: { orderId: order.id, toStatus: 'shipped' },
    });
    expect(change.trackingNumber).toBe('GLS-123 456');
    const packed = await statusEmails(order.id, order.number, 'order_packed');
    expect(packed.rows).toHaveLength(1);
    expect(packed.rows[0]!.html).not.toContain('csomag követési száma');
  });

  it('refuses a tracking number with another status and a bad one, in Hungarian', async () => {
    const id = await orderIn('packed');
    await expectTrpcError(
      admin.caller.order.setStatus({ id, status: 'ready_for_pickup', trackingNumber: 'ABC1' }),
      'BAD_REQUEST',
      'Csomagszámot csak „Átadva a futárnak” állapothoz lehet megadni.',
    );
    await expectTrpcError(
      admin.caller.order.setStatus({ id, status: 'shipped', trackingNumber: '<script>' }),
      'BAD_REQUEST',
      /csomagszám/i,
    );
    await expectTrpcError(
      admin.caller.order.setStatus({ id, status: 'kiszállítva' as TOrderStatus }),
      'BAD_REQUEST',
      /Ismeretlen rendelési állapot/,
    );
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id } })).status).toBe('packed');
  });

  it('completes an order: completedAt is set and the e-mail explains the withdrawal function', async () => {
    const order = await placeOrder();
    const before = Date.now();
    const completed = await admin.caller.order.setStatus({ id: order.id, status: 'completed' });
    expect(Date.parse(completed.completedAt!)).toBeGreaterThanOrEqual(before - 1000);
    const { rows } = await statusEmails(order.id, order.number, 'order_completed');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.html).toContain('14 napon belül');
    expect(rows[0]!.html).toContain('Elállás a szerződéstől');
  });

  it('queues the e-mail exactly once when the same change arrives five times at once', async () => {
    const order = await placeOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.caller.order.setStatus({ id: order.id, status: 'processing', note: 'Dupla kattintás' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill('processing'));
    const { rows, guarded } = await statusEmails(order.id, order.number, 'order_processing');
    expect(rows).toHaveLength(1);
    expect(guarded).toEqual([expect.objectContaining({ status: 'processing', outboxId: rows[0]!.id })]);
    const history = await db.prisma.orderStatusChange.findMany({
      where: { orderId: order.id },
      select: { toStatus: true },
    });
    expect(history.map((change) => change.toStatus)).toEqual(['received', 'processing']);
    expect(await db.prisma.orderAuditEntry.count({ where: { orderId: order.id } })).toBe(1);
  });

  it('sends a status’s e-mail once per order even when the order reaches the status again', async () => {
    const order = await placeOrder();
    await admin.caller.order.setStatus({ id: order.id, status: 'processing' });
    // Some lines refunded (the refund flow): the rest of the order goes on, through processing again.
    await systemChange(order.id, 'partially_refunded');
    await admin.caller.order.setStatus({ id: order.id, status: 'processing' });
    const { rows } = await statusEmails(order.id, order.number, 'order_processing');
    expect(rows).toHaveLength(1);
    const history = await db.prisma.orderStatusChange.count({ where: { orderId: order.id } });
    expect(history).toBe(4);
  });

  it('sends nothing with notify: false, and records that in the audit trail', async () => {
    const order = await placeOrder();
    await admin.caller.order.setStatus({ id: order.id, status: 'processing', notify: false });
    expect((await statusEmails(order.id, order.number, 'order_processing')).rows).toHaveLength(0);
    const audit = await db.prisma.orderAuditEntry.findFirstOrThrow({ where: { orderId: order.id } });
    expect(audit.detail).toMatchObject({ notify: false });
  });
});

describe('cancelling gives the stock back', () => {
  it('exactly once, however often the cancel arrives, and the catalogues show it', async () => {
    const product = await createProduct(db.prisma, {
      slug: 'harom-darab',
      title: 'Három darab',
      grossPrice: 2000,
      stock: 3,
      unitsSold: 7,
    });
    const otherServer = await callerFor(db.prisma, { cache: new VersionedCache(db.prisma) });
    const order = await placeOrder(3, product);
    expect(await stockOf(product)).toEqual({ stock: 0, unitsSold: 10 });
    expect((await guest.product.byId({ id: product })).inStock).toBe(false);
    expect((await otherServer.product.byId({ id: product })).inStock).toBe(false);

    await Promise.all(
      Array.from({ length: 5 }, () =>
        admin.caller.order.setStatus({ id: order.id, status: 'cancelled', note: 'A vevő kérte.' }),
      ),
    );
    expect(await stockOf(product)).toEqual({ stock: 3, unitsSold: 7 });
    expect(
      (await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).stockReturnedAt,
    ).not.toBeNull();
    // This server shows it at once; another within a second, without rebuilding its catalogue.
    expect(await guest.product.byId({ id: product })).toMatchObject({ inStock: true, stock: 3 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await otherServer.product.byId({ id: product })).toMatchObject({ inStock: true, stock: 3 });

    const { rows } = await statusEmails(order.id, order.number, 'order_cancelled');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.html).toContain('A vevő kérte.');
    await expectTrpcError(
      admin.caller.order.setStatus({ id: order.id, status: 'processing' }),
      'CONFLICT',
      '„Törölve” állapotú rendelés nem tehető „Feldolgozás alatt” állapotba.',
    );
    expect(await stockOf(product)).toEqual({ stock: 3, unitsSold: 7 });
  });
});

describe('POST /api/order/status (bulk)', () => {
  it('changes each order on its own and says per order what happened and why', async () => {
    const fresh = await placeOrder();
    const already = await orderIn('packed');
    const done = await orderIn('completed');
    const answer = await admin.caller.order.setStatusBulk({
      ids: [fresh.id, already, done, 987_654, fresh.id],
      status: 'packed',
    });
    expect(answer).toMatchObject({ changed: 1, unchanged: 1, refused: 2 });
    expect(answer.results).toEqual([
      {
        id: fresh.id,
        number: fresh.number,
        outcome: 'changed',
        from: 'received',
        status: 'packed',
        message: null,
      },
      expect.objectContaining({
        id: already,
        outcome: 'unchanged',
        from: 'packed',
        status: 'packed',
        message: null,
      }),
      expect.objectContaining({
        id: done,
        outcome: 'refused',
        from: 'completed',
        status: 'completed',
        message: '„Teljesítve” állapotú rendelés nem tehető „Csomagolva” állapotba.',
      }),
      {
        id: 987_654,
        number: null,
        outcome: 'refused',
        from: null,
        status: null,
        message: 'A rendelés nem található.',
      },
    ]);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: fresh.id } })).status).toBe('packed');
    await expectTrpcError(
      admin.caller.order.setStatusBulk({ ids: [], status: 'packed' }),
      'BAD_REQUEST',
      'Válassz ki legalább egy rendelést.',
    );
  });
});

describe('POST /api/order/{id}/note', () => {
  it('keeps an internal note with its author and an audit entry, hidden from the customer', async () => {
    const order = await placeOrder();
    const note = await admin.caller.order.addNote({ id: order.id, text: '  Törékeny, dupla doboz!  ' });
    expect(note).toMatchObject({
      text: 'Törékeny, dupla doboz!',
      author: { id: admin.id, name: 'Admin Teszt' },
    });
    const audit = await db.prisma.orderAuditEntry.findFirstOrThrow({ where: { orderId: order.id } });
    expect(audit).toMatchObject({ action: 'note', actorId: admin.id, detail: { noteId: note.id } });
    const seen = await admin.caller.order.byId({ id: order.id });
    expect(JSON.stringify(seen)).not.toContain('dupla doboz');
    await expectTrpcError(
      admin.caller.order.addNote({ id: order.id, text: '   ' }),
      'BAD_REQUEST',
      /kötelező/,
    );
    await expectTrpcError(admin.caller.order.addNote({ id: 999_999, text: 'x' }), 'NOT_FOUND');
  });
});
