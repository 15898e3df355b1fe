import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/openapi';
import type { TWorkQueueOutput } from '../src/schemas/work-queue';
import {
  type Caller,
  callerFor,
  createAdmin,
  createCustomer,
  createUser,
  type SignedIn,
  signIn,
} from './factories';
import { expectTrpcError } from './helpers';
import { createProduct, createShop, orderInput, type Shop } from './order-fixtures';

let db: Database;
let shop: Shop;
let owner: SignedIn;
let guest: Caller;
const orders: Record<'fresh' | 'processing' | 'packed' | 'cancelled' | 'paid' | 'failedInvoice', number> = {
  fresh: 0,
  processing: 0,
  packed: 0,
  cancelled: 0,
  paid: 0,
  failedInvoice: 0,
};

/** A member of the shop's team with one of the ready-made roles, signed in. */
async function staff(builtIn: string): Promise<Caller> {
  const role = await db.prisma.staffRole.findFirstOrThrow({ where: { builtIn } });
  const user = await createUser(db.prisma, 'admin');
  await db.prisma.user.update({ where: { id: user.id }, data: { staffRoleId: role.id } });
  return callerFor(db.prisma, { token: await signIn(db.prisma, user) });
}

async function place(): Promise<{ id: number; number: string }> {
  const placed = await guest.cart.order(
    orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }] }),
  );
  return { id: placed.order.id, number: placed.order.number };
}

/** Each section's entries as `item → count`, in the order the answer gives them. */
function counts(queue: TWorkQueueOutput) {
  return Object.fromEntries(
    queue.sections.map(({ section, entries }) => [
      section,
      Object.fromEntries(entries.map((entry) => [entry.item, entry.count])),
    ]),
  );
}

let withdrawnOrder: { id: number; number: string };

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  owner = await createAdmin(db.prisma);
  guest = await callerFor(db.prisma);

  // Cash on delivery: every order starts new and ready to pack.
  orders.fresh = (await place()).id;
  orders.processing = (await place()).id;
  await owner.caller.order.setStatus({ id: orders.processing, status: 'processing' });
  orders.packed = (await place()).id;
  await owner.caller.order.setStatus({ id: orders.packed, status: 'processing' });
  await owner.caller.order.setStatus({ id: orders.packed, status: 'packed' });
  orders.cancelled = (await place()).id;
  await owner.caller.order.setStatus({ id: orders.cancelled, status: 'cancelled' });

  // Completed and paid at the door; invoicing queued its invoice, which then failed at the provider.
  orders.failedInvoice = (await place()).id;
  await owner.caller.order.setStatus({ id: orders.failedInvoice, status: 'completed' });
  await db.prisma.invoice.updateMany({
    where: { orderId: orders.failedInvoice },
    data: { status: 'failed', lastError: 'Hibás adószám' },
  });
  // Paid by transfer before it was packed: the invoice waits for completion, so none exists yet.
  const paid = await place();
  orders.paid = paid.id;
  await db.prisma.order.update({
    where: { id: paid.id },
    data: { status: 'completed', paidAt: new Date() },
  });

  withdrawnOrder = await db.prisma.order.findUniqueOrThrow({
    where: { id: orders.failedInvoice },
    select: { id: true, number: true },
  });
  await db.prisma.withdrawal.create({
    data: { orderId: withdrawnOrder.id, lines: [], name: 'Kovács Anna', email: 'vevo@example.hu' },
  });
  await db.prisma.withdrawal.create({
    data: {
      orderId: withdrawnOrder.id,
      lines: [],
      name: 'Kovács Anna',
      email: 'vevo@example.hu',
      status: 'completed',
      completedAt: new Date(),
    },
  });
  await db.prisma.refund.create({
    data: { orderId: withdrawnOrder.id, provider: 'cash_on_delivery', amount: 3990, status: 'pending' },
  });
  await db.prisma.refund.create({
    data: { orderId: withdrawnOrder.id, provider: 'cash_on_delivery', amount: 100, status: 'succeeded' },
  });

  const message = { name: 'Nagy Péter', email: 'peter@example.hu', message: 'Mikor szállítanak?' };
  await db.prisma.contactMessage.createMany({
    data: [message, message, { ...message, status: 'answered' }],
  });
  await db.prisma.offerRequest.createMany({
    data: [
      { name: 'Cég Kft.', email: 'ceg@example.hu' },
      { name: 'Cég Kft.', email: 'ceg@example.hu', status: 'closed' },
    ],
  });

  await createProduct(db.prisma, { slug: 'elfogyott', title: 'Elfogyott tál', grossPrice: 900, stock: 0 });
  await db.prisma.blogPost.createMany({
    data: [
      { slug: 'piszkozat', published: false },
      { slug: 'megjelent', published: true, publishedAt: new Date() },
    ],
  });
});
afterAll(() => db?.close());

describe('the dashboard work queue', () => {
  it('gives the warehouse packing and stock, each count what its linked list shows, and nothing else', async () => {
    const warehouse = await staff('warehouse');
    const queue = await warehouse.workQueue.mine();
    expect(counts(queue)).toEqual({
      packing: { to_pack: 2, to_ship: 1 },
      stock: { out_of_stock: 1 },
    });

    // The links open these lists with these filters (features/admin/work-queue.tsx): the same orders and products.
    const toPack = await warehouse.order.list({ status: ['received', 'processing'] });
    expect(toPack.items.map((order) => order.id).sort()).toEqual([orders.fresh, orders.processing].sort());
    const toShip = await warehouse.order.list({ status: ['packed'] });
    expect(toShip.total).toBe(1);
    const outOfStock = await warehouse.product.quality({ check: 'no-stock-but-enabled' });
    expect(outOfStock.total).toBe(1);

    const oldest = await db.prisma.order.findUniqueOrThrow({
      where: { id: orders.fresh },
      select: { createdAt: true },
    });
    expect(queue.sections[0]?.entries[0]?.oldestAt).toBe(oldest.createdAt.toISOString());
  });

  it('gives customer service its messages, offer requests, withdrawals and refunds, not packing or invoices', async () => {
    const service = await staff('customer_service');
    const queue = await service.workQueue.mine();
    expect(counts(queue)).toEqual({
      inquiries: { contact_messages: 2, offer_requests: 1 },
      returns: { open_withdrawals: 1, pending_refunds: 1 },
    });
    const returns = queue.sections.find((section) => section.section === 'returns');
    expect(returns?.entries.map((entry) => entry.orders)).toEqual([[withdrawnOrder], [withdrawnOrder]]);

    const newMessages = await service.contact.messageList({ status: 'new' });
    expect(newMessages.total).toBe(2);
    const newOffers = await service.contact.offerList({ status: 'new' });
    expect(newOffers.total).toBe(1);
  });

  it('gives the accountant the paid orders without an invoice and the failed invoices', async () => {
    const accountant = await staff('accountant');
    const queue = await accountant.workQueue.mine();
    expect(counts(queue)).toEqual({
      returns: { open_withdrawals: 1, pending_refunds: 1 },
      invoicing: { paid_not_invoiced: 1, failed_invoices: 1 },
    });
    const invoicing = queue.sections.find((section) => section.section === 'invoicing');
    expect(invoicing?.entries.map((entry) => entry.orders.map((order) => order.id))).toEqual([
      [orders.paid],
      [orders.failedInvoice],
    ]);
  });

  it('gives the owner every section, the blog drafts among them', async () => {
    const queue = await owner.caller.workQueue.mine();
    expect(queue.sections.map((section) => section.section)).toEqual([
      'packing',
      'stock',
      'inquiries',
      'returns',
      'invoicing',
      'content',
    ]);
    expect(counts(queue).content).toEqual({ draft_posts: 1 });
  });

  it('follows the role: a custom role with orders:read and content:write gets only the content section', async () => {
    const role = await owner.caller.staff.createRole({
      name: 'Blogíró rendelésolvasó',
      permissions: ['orders:read', 'content:write'],
      refundLimit: null,
    });
    const user = await createUser(db.prisma, 'admin');
    await db.prisma.user.update({ where: { id: user.id }, data: { staffRoleId: role.id } });
    const writer = await callerFor(db.prisma, { token: await signIn(db.prisma, user) });
    // orders:read opens invoices:read for older API keys, but the queue is what the role names.
    expect(counts(await writer.workQueue.mine())).toEqual({ content: { draft_posts: 1 } });
  });

  it('is GET /api/dashboard/queue on REST, for every signed-in staff member', () => {
    const paths = buildOpenApiDocument({ baseUrl: '/api' }).paths ?? {};
    const operation = (paths['/dashboard/queue'] as Record<string, Record<string, unknown>> | undefined)?.get;
    expect(operation?.['x-permission']).toBe('staff');
    // People only: the queue is read by the role's permissions, which an API key does not have.
    expect(operation?.['x-api-key-scope']).toBeUndefined();
  });

  it('gives a content editor, who reads no orders, their drafts', async () => {
    const editor = await staff('content_editor');
    expect(counts(await editor.workQueue.mine())).toEqual({ content: { draft_posts: 1 } });
  });

  it('is refused to shoppers and strangers', async () => {
    const shopper = await createCustomer(db.prisma);
    await expectTrpcError(shopper.caller.workQueue.mine(), 'FORBIDDEN');
    await expectTrpcError((await callerFor(db.prisma)).workQueue.mine(), 'UNAUTHORIZED');
  });
});
