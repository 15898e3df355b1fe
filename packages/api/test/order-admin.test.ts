import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EMAIL_TEMPLATES, ORDER_SEARCH_TOO_SHORT, type TOrderListInput } from '../src/schemas';
import { changeOrderStatus, ORDER_STATUS_EMAIL } from '../src/services/orders/order-status';
import { callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let admin: SignedIn;

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  admin = await createAdmin(db.prisma);
});
afterAll(() => db?.close());

type Placed = { id: number; number: string; total: number };

async function placeOrder(
  customer: { email: string; firstName: string; lastName: string },
  overrides: Parameters<typeof orderInput>[1] = {},
): Promise<Placed> {
  const guest = await callerFor(db.prisma);
  const address = {
    name: `${customer.lastName} ${customer.firstName}`,
    postcode: '1137',
    city: 'Budapest',
    street: 'Pozsonyi út 23.',
  };
  const { order } = await guest.cart.order(
    orderInput(shop, {
      cart: [{ product: shop.products.mug, quantity: 1 }],
      customer: { ...customer, phone: '+36 30 123 4567' },
      shippingAddress: address,
      billingAddress: address,
      ...overrides,
    }),
  );
  return { id: order.id, number: order.number, total: order.total };
}

const list = (input: Partial<TOrderListInput>) =>
  admin.caller.order.list({ page: 1, pageSize: 50, sort: 'createdAt', order: 'desc', ...input });
const numbers = (answer: { items: { number: string }[] }) => answer.items.map((item) => item.number);

describe('order list (POST /api/order)', () => {
  let kovacs: Placed;
  let szabo: Placed;
  let nagy: Placed;

  beforeAll(async () => {
    kovacs = await placeOrder(
      { email: 'kovacs.anna@lista.hu', firstName: 'Anna', lastName: 'Kovács' },
      { cart: [{ product: shop.products.mug, quantity: 3 }] },
    );
    szabo = await placeOrder(
      { email: 'szabo.peter@lista.hu', firstName: 'Péter', lastName: 'Szabó' },
      { shippingMethod: shop.shipping.locker, paymentMethod: shop.payment.transfer },
    );
    nagy = await placeOrder(
      { email: 'nagy.anna@lista.hu', firstName: 'Anna', lastName: 'Nagy' },
      { shippingMethod: shop.shipping.pickup, shippingAddress: null, paymentMethod: shop.payment.card },
    );
    // Nagy Anna paid by card at the second try: a failed payment, then a succeeded one.
    await db.prisma.payment.create({
      data: {
        orderId: nagy.id,
        provider: 'barion',
        status: 'failed',
        amount: nagy.total,
        createdAt: new Date(Date.now() - 60_000),
      },
    });
    await db.prisma.payment.create({
      data: { orderId: nagy.id, provider: 'barion', status: 'succeeded', amount: nagy.total },
    });
    await db.prisma.order.update({ where: { id: nagy.id }, data: { status: 'received' } });
    await db.prisma.order.update({ where: { id: szabo.id }, data: { status: 'processing' } });
  });

  it('finds an order by a part of its number, e-mail or name, accents and case ignored', async () => {
    expect(numbers(await list({ search: kovacs.number }))).toEqual([kovacs.number]);
    expect(numbers(await list({ search: kovacs.number.slice(-4) }))).toContain(kovacs.number);
    expect(numbers(await list({ search: kovacs.number.slice(0, -1) }))).toContain(kovacs.number);
    expect(numbers(await list({ search: '1999-000' }))).toEqual([]);
    expect(numbers(await list({ search: 'SZABO.PETER@lista' }))).toEqual([szabo.number]);
    expect(numbers(await list({ search: 'kovacs' }))).toEqual([kovacs.number]);
    expect(numbers(await list({ search: 'Szabó Péter' }))).toEqual([szabo.number]);
    // Every word must match: two Annas, one Kovács.
    expect(new Set(numbers(await list({ search: 'anna' })))).toEqual(new Set([kovacs.number, nagy.number]));
    expect(numbers(await list({ search: 'anna kovács' }))).toEqual([kovacs.number]);
    // A LIKE wildcard in the search is a plain character, not "anything".
    expect((await list({ search: '%%%' })).items).toEqual([]);
    const first = (await list({ search: 'kovács' })).items[0];
    expect(first).toMatchObject({
      name: 'Kovács Anna',
      itemCount: 3,
      paymentState: 'none',
      total: kovacs.total,
    });
  });

  it('filters by several statuses, payment state, shipping method and customer', async () => {
    const mine = [kovacs.number, szabo.number, nagy.number];
    const onlyMine = (answer: { items: { number: string }[] }) =>
      numbers(answer).filter((number) => mine.includes(number));
    expect(new Set(onlyMine(await list({ status: ['received', 'processing'] })))).toEqual(new Set(mine));
    expect(onlyMine(await list({ status: ['processing'] }))).toEqual([szabo.number]);
    // The latest payment counts: the failed attempt before the success does not.
    expect(onlyMine(await list({ paymentState: 'succeeded' }))).toEqual([nagy.number]);
    expect(onlyMine(await list({ paymentState: 'failed' }))).toEqual([]);
    expect(new Set(onlyMine(await list({ paymentState: 'none' })))).toEqual(
      new Set([kovacs.number, szabo.number]),
    );
    expect(onlyMine(await list({ shippingMethod: shop.shipping.locker }))).toEqual([szabo.number]);
    expect((await list({ search: 'nagy.anna' })).items[0]?.paymentState).toBe('succeeded');

    const customer = await createCustomer(db.prisma);
    const own = await placeOrder({ email: customer.email, firstName: 'Teszt', lastName: 'Vásárló' });
    await db.prisma.order.update({ where: { id: own.id }, data: { userId: customer.id } });
    expect(numbers(await list({ customer: customer.id }))).toEqual([own.number]);
  });

  it('takes dates as Budapest days, both ends included', async () => {
    // 00:30 on 29 March 2026 in Budapest is still 28 March in UTC.
    await db.prisma.order.update({
      where: { id: kovacs.id },
      data: { createdAt: new Date('2026-03-28T23:30:00Z') },
    });
    await db.prisma.order.update({
      where: { id: szabo.id },
      data: { createdAt: new Date('2026-03-28T22:30:00Z') },
    });
    expect(numbers(await list({ from: '2026-03-29', to: '2026-03-29' }))).toEqual([kovacs.number]);
    expect(numbers(await list({ from: '2026-03-28', to: '2026-03-28' }))).toEqual([szabo.number]);
    await expectTrpcError(
      list({ from: '2026-03-30', to: '2026-03-29' }),
      'BAD_REQUEST',
      'A kezdő dátum nem lehet későbbi a záró dátumnál.',
    );
  });

  it('sorts by date, number, total, customer and status, and pages', async () => {
    const search = 'lista.hu';
    expect(numbers(await list({ search, sort: 'total', order: 'asc' }))).toEqual(
      [kovacs, szabo, nagy].sort((a, b) => a.total - b.total || a.id - b.id).map((order) => order.number),
    );
    expect(numbers(await list({ search, sort: 'customer', order: 'asc' }))).toEqual([
      kovacs.number,
      nagy.number,
      szabo.number,
    ]);
    expect(numbers(await list({ search, sort: 'number', order: 'desc' }))).toEqual(
      [kovacs, szabo, nagy]
        .map((order) => order.number)
        .sort()
        .reverse(),
    );
    // Statuses in the order's way through the shop: received before processing.
    expect(numbers(await list({ search, sort: 'status', order: 'asc' })).at(-1)).toBe(szabo.number);
    expect(numbers(await list({ search, sort: 'createdAt', order: 'asc' }))[0]).toBe(szabo.number);

    const page = await list({ search, sort: 'customer', order: 'asc', page: 2, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, totalCapped: false, page: 2, pageSize: 2 });
    expect(numbers(page)).toEqual([szabo.number]);
  });

  it('refuses a search too short to use the index, in Hungarian', async () => {
    await expectTrpcError(list({ search: 'ab' }), 'BAD_REQUEST', ORDER_SEARCH_TOO_SHORT);
    // A short word beside a long one narrows the long one's matches.
    expect(numbers(await list({ search: 'anna ko' }))).toEqual([kovacs.number]);
  });

  it('answers 401 to strangers and 403 to shoppers', async () => {
    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.order.list({}), 'FORBIDDEN');
    await expectTrpcError((await callerFor(db.prisma)).order.list({}), 'UNAUTHORIZED');
  });
});

describe('CSV export (GET /api/order/download)', () => {
  it('is an Excel-ready file of exactly the filtered orders', async () => {
    const order = await placeOrder(
      { email: 'csv.elek@export.hu', firstName: 'Elek', lastName: 'Teszt; "Idézőjel"' },
      { note: '=HYPERLINK("x")' },
    );
    await placeOrder({ email: 'masik@export.hu', firstName: 'Béla', lastName: 'Másik' });
    await db.prisma.order.update({
      where: { id: order.id },
      data: { createdAt: new Date('2026-07-01T10:05:00Z') },
    });

    const file = await admin.caller.order.download({ search: 'csv.elek' });
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.filename).toMatch(/^rendelesek-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.content.startsWith('\uFEFF')).toBe(true);
    const lines = file.content.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const header = lines[0]?.split(';') ?? [];
    expect(header.slice(0, 4)).toEqual(['Rendelésszám', 'Dátum', 'Állapot', 'Fizetés állapota']);
    expect(header).toContain('Végösszeg (Ft)');
    expect(header).toContain('Kedvezmény (Ft)');
    expect(lines).toHaveLength(3);
    const row = lines[1] ?? '';
    expect(row.startsWith(`${order.number};2026-07-01 12:05;Új;Nincs online fizetés;`)).toBe(true);
    expect(row).toContain('"Teszt; ""Idézőjel""";Elek;csv.elek@export.hu;');
    expect(row).toContain(`;${order.total};`);
    expect(row).toContain(`'=HYPERLINK(""x"")`);
    expect(row).not.toContain('Másik');

    const all = await admin.caller.order.download({ search: 'export.hu' });
    expect(all.content.split('\r\n')).toHaveLength(4);

    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.order.download({}), 'FORBIDDEN');
    await expectTrpcError((await callerFor(db.prisma)).order.download({}), 'UNAUTHORIZED');
  });
});

describe('admin order page (GET /api/order/{id}/admin)', () => {
  it('answers lines, VAT per rate, payments with their timeline, history with who, notes and the trail', async () => {
    const order = await placeOrder(
      { email: 'reszletek@example.hu', firstName: 'Ilona', lastName: 'Részletes' },
      {
        cart: [
          { product: shop.products.mug, quantity: 2 },
          { product: shop.products.plate, quantity: 1 },
        ],
        paymentMethod: shop.payment.card,
      },
    );
    const payment = await db.prisma.payment.create({
      data: {
        orderId: order.id,
        provider: 'barion',
        status: 'succeeded',
        amount: order.total,
        providerPaymentId: 'a'.repeat(32),
      },
    });
    await db.prisma.order.update({ where: { id: order.id }, data: { status: 'received' } });
    await db.prisma.paymentEvent.createMany({
      data: [
        {
          paymentId: payment.id,
          kind: 'start',
          providerStatus: 'Prepared',
          createdAt: new Date('2026-01-01T10:00:00Z'),
        },
        {
          paymentId: payment.id,
          kind: 'callback',
          providerStatus: 'Succeeded',
          detail: { total: order.total },
          createdAt: new Date('2026-01-01T10:01:00Z'),
        },
      ],
    });
    await db.prisma.$transaction((tx) =>
      changeOrderStatus(tx, { orderId: order.id, to: 'processing', actorId: admin.id, note: 'Csomagoljuk.' }),
    );
    await db.prisma.orderNote.create({
      data: { orderId: order.id, authorId: admin.id, text: 'Hívja vissza!' },
    });

    const detail = await admin.caller.order.adminById({ id: order.id });
    expect(detail.order.lines.map((line) => [line.title, line.quantity])).toEqual([
      ['Kék bögre', 2],
      ['Porcelán tányér', 1],
    ]);
    expect(detail.order.vat.map((line) => line.rate)).toEqual([27, 5]);
    expect(detail.customerId).toBeNull();
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]?.events.map((event) => [event.kind, event.providerStatus])).toEqual([
      ['start', 'Prepared'],
      ['callback', 'Succeeded'],
    ]);
    expect(detail.payments[0]?.events[1]?.detail).toEqual({ total: order.total });
    expect(detail.order.paymentState).toBe('succeeded');
    expect(detail.history.map((entry) => [entry.status, entry.by?.name ?? null])).toEqual([
      ['awaiting_payment', null],
      ['processing', 'Admin Teszt'],
    ]);
    expect(detail.history[1]).toMatchObject({ from: 'received', note: 'Csomagoljuk.' });
    expect(detail.notes).toEqual([
      expect.objectContaining({ text: 'Hívja vissza!', author: { id: admin.id, name: 'Admin Teszt' } }),
    ]);
    expect(detail.audit[0]).toMatchObject({
      action: 'status',
      actor: { id: admin.id, name: 'Admin Teszt' },
      detail: { from: 'received', to: 'processing' },
    });
    expect(detail.refunds).toMatchObject({ orderId: order.id, refunds: [], withdrawals: [] });
    expect(detail.emails.map((mail) => mail.template)).toEqual(['order_confirmation', 'order_processing']);

    await expectTrpcError(admin.caller.order.adminById({ id: 999_999 }), 'NOT_FOUND');
    const customer = await createCustomer(db.prisma);
    await expectTrpcError(customer.caller.order.adminById({ id: order.id }), 'FORBIDDEN');
    await expectTrpcError((await callerFor(db.prisma)).order.adminById({ id: order.id }), 'UNAUTHORIZED');
  });

  it('knows every status e-mail the status change can send', () => {
    for (const template of Object.values(ORDER_STATUS_EMAIL)) {
      expect(ORDER_EMAIL_TEMPLATES).toContain(template);
    }
  });
});

describe('resending an e-mail (POST /api/order/{id}/email)', () => {
  it('sends the confirmation again as it went out, once per double click, and records who did it', async () => {
    const order = await placeOrder({ email: 'ujrakuldes@example.hu', firstName: 'Ödön', lastName: 'Újra' });
    const original = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { to: 'ujrakuldes@example.hu', templateKey: 'order_confirmation' },
    });

    const sent = await admin.caller.order.resendEmail({ id: order.id, template: 'order_confirmation' });
    expect(sent).toMatchObject({ to: 'ujrakuldes@example.hu', subject: original.subject });
    const copy = await db.prisma.emailOutbox.findUniqueOrThrow({ where: { id: sent.outboxId } });
    expect(copy).toMatchObject({ html: original.html, status: 'pending', templateKey: 'order_confirmation' });
    // The private link of the original still opens the order: the copy carries the same one.
    expect(copy.html).toContain(`/order/${order.id}?key=`);

    await expectTrpcError(
      admin.caller.order.resendEmail({ id: order.id, template: 'order_confirmation' }),
      'CONFLICT',
      /imént/,
    );
    expect(await db.prisma.emailOutbox.count({ where: { to: 'ujrakuldes@example.hu' } })).toBe(2);

    const { audit } = await admin.caller.order.adminById({ id: order.id });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'email_resent',
        actor: { id: admin.id, name: 'Admin Teszt' },
        detail: expect.objectContaining({ template: 'order_confirmation', to: 'ujrakuldes@example.hu' }),
      }),
    ]);
  });

  it('resends a status e-mail with its tracking number, and refuses one that never went out', async () => {
    const order = await placeOrder({ email: 'kovetes@example.hu', firstName: 'Kata', lastName: 'Követő' });
    await expectTrpcError(
      admin.caller.order.resendEmail({ id: order.id, template: 'order_shipped' }),
      'CONFLICT',
      /még nem küldött/,
    );
    await db.prisma.$transaction((tx) =>
      changeOrderStatus(tx, {
        orderId: order.id,
        to: 'shipped',
        actorId: admin.id,
        trackingNumber: 'GLS-778899',
      }),
    );
    const sent = await admin.caller.order.resendEmail({ id: order.id, template: 'order_shipped' });
    const copy = await db.prisma.emailOutbox.findUniqueOrThrow({ where: { id: sent.outboxId } });
    expect(copy.html).toContain('GLS-778899');
    expect(copy.to).toBe('kovetes@example.hu');

    const customer = await createCustomer(db.prisma);
    await expectTrpcError(
      customer.caller.order.resendEmail({ id: order.id, template: 'order_shipped' }),
      'FORBIDDEN',
    );
  });
});

describe('address correction (PUT /api/order/{id}/address)', () => {
  const corrected = { name: 'Javított Jenő', postcode: '6720', city: 'Szeged', street: 'Kárász utca 5.' };

  it('corrects the shipping address and keeps before and after in the trail, once per change', async () => {
    const order = await placeOrder({ email: 'cim@example.hu', firstName: 'Jenő', lastName: 'Javított' });
    const detail = await admin.caller.order.correctAddress({ id: order.id, shippingAddress: corrected });
    expect(detail.order.shippingAddress).toEqual({ ...corrected, floorDoor: null });
    expect(detail.audit[0]).toMatchObject({
      action: 'address',
      actor: { name: 'Admin Teszt' },
      detail: {
        shipping: {
          before: { name: 'Javított Jenő', city: 'Budapest', street: 'Pozsonyi út 23.' },
          after: { name: 'Javított Jenő', city: 'Szeged', street: 'Kárász utca 5.' },
        },
      },
    });
    // The same address again (a double click) changes nothing and adds nothing to the trail.
    const again = await admin.caller.order.correctAddress({ id: order.id, shippingAddress: corrected });
    expect(again.audit).toHaveLength(1);

    const billing = await admin.caller.order.correctAddress({
      id: order.id,
      billingAddress: { ...corrected, companyName: 'Javító Kft.' },
    });
    expect(billing.order.billingAddress).toMatchObject({ companyName: 'Javító Kft.', city: 'Szeged' });
    expect(billing.audit[0]?.detail).toMatchObject({
      billing: { before: { companyName: null }, after: { companyName: 'Javító Kft.' } },
    });
  });

  it('refuses a shipped order, a pickup order and a bad postcode in Hungarian; 401 and 403', async () => {
    const shipped = await placeOrder({ email: 'elment@example.hu', firstName: 'Ede', lastName: 'Elment' });
    await db.prisma.order.update({ where: { id: shipped.id }, data: { status: 'shipped' } });
    await expectTrpcError(
      admin.caller.order.correctAddress({ id: shipped.id, shippingAddress: corrected }),
      'CONFLICT',
      '„Átadva a futárnak” rendelés szállítási címe már nem módosítható.',
    );
    const pickup = await placeOrder(
      { email: 'atvetel@example.hu', firstName: 'Pál', lastName: 'Átvevő' },
      { shippingMethod: shop.shipping.pickup, shippingAddress: null, paymentMethod: shop.payment.transfer },
    );
    await expectTrpcError(
      admin.caller.order.correctAddress({ id: pickup.id, shippingAddress: corrected }),
      'CONFLICT',
      /személyes átvétel/,
    );
    await expectTrpcError(
      admin.caller.order.correctAddress({ id: pickup.id, billingAddress: { ...corrected, postcode: '12' } }),
      'BAD_REQUEST',
      'Az irányítószám 4 számjegyből áll.',
    );
    await expectTrpcError(
      admin.caller.order.correctAddress({ id: pickup.id }),
      'BAD_REQUEST',
      'Adj meg szállítási vagy számlázási címet.',
    );
    expect((await admin.caller.order.adminById({ id: shipped.id })).audit).toEqual([]);

    const customer = await createCustomer(db.prisma);
    await expectTrpcError(
      customer.caller.order.correctAddress({ id: shipped.id, shippingAddress: corrected }),
      'FORBIDDEN',
    );
    await expectTrpcError(
      (await callerFor(db.prisma)).order.correctAddress({ id: shipped.id, shippingAddress: corrected }),
      'UNAUTHORIZED',
    );
  });
});

describe('printing (POST /api/order/print)', () => {
  it('answers the asked orders with lines and addresses, in the order asked', async () => {
    const first = await placeOrder({ email: 'nyomtat1@example.hu', firstName: 'Egy', lastName: 'Nyomtató' });
    const second = await placeOrder({
      email: 'nyomtat2@example.hu',
      firstName: 'Kettő',
      lastName: 'Nyomtató',
    });
    const { orders } = await admin.caller.order.print({ ids: [second.id, first.id, 999_999] });
    expect(orders.map((order) => order.number)).toEqual([second.number, first.number]);
    expect(orders[0]?.lines[0]?.title).toBe('Kék bögre');
    expect(orders[0]?.shippingAddress?.street).toBe('Pozsonyi út 23.');
  });
});
