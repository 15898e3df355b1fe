import { defaultInvoicingSetup, runInvoicesOnce } from '@shop/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createMugShop,
  createUser,
  guestOrder,
  type MugShop,
  signIn,
  startSellingServer,
  type TestServer,
} from './test-server';

/**
 * Issue #27's journey: an ERP and invoicing link that holds one API key and never an admin session
 * keeps the shop's stock, orders, parcels and invoices in step with its own books, over HTTP only.
 */
let server: TestServer;
let shop: MugShop;
let key: string;

type Changes<Item> = { items: Item[]; deleted: number[]; nextCursor: string; hasMore: boolean };
type ProductRecord = { id: number; kutiId: string | null; stock: number };
type Order = {
  id: number;
  number: string;
  status: string;
  updatedAt: string;
  invoice: { number: string; url: string } | null;
  trackingNumber: string | null;
  shipments: { id: number; trackingNumber: string }[];
};

beforeAll(async () => {
  ({ server } = await startSellingServer());
  const adminToken = await signIn(server, await createUser(server.database, 'admin'));
  shop = await createMugShop(server, adminToken);
  // The one thing a person does: an admin gives the link its key.
  const created = await api<{ key: string }>(server, 'POST', '/api/apikey', {
    token: adminToken,
    body: {
      name: 'ERP és számlázás',
      scopes: ['catalogue:write', 'orders:write', 'invoices:write', 'webhooks:write', 'shipping:write'],
    },
  });
  expect(created.status).toBe(200);
  key = created.body.key;
});
afterAll(() => server?.close());

/** A call with the key, failing the test on anything but the expected status. */
async function withKey<T>(method: string, pathname: string, body?: unknown, status = 200): Promise<T> {
  const answer = await api<T>(server, method, pathname, { token: key, body });
  expect(answer.status, `${method} ${pathname}: ${JSON.stringify(answer.body)}`).toBe(status);
  return answer.body;
}

/**
 * Reads a feed from `cursor` until what the ERP waits for has arrived, as its poller does each minute.
 * A change stays behind the feed's horizon while any transaction of this shop is still running (a
 * worker's claim, autovacuum), so one read may end before it: the feed holds a change back, never
 * skips it, and the next read brings it. Fails if it has not come within ten seconds.
 */
async function poll<Item>(feed: string, cursor: string | undefined, arrived: (items: Item[]) => boolean) {
  const items: Item[] = [];
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await withKey<Changes<Item>>(
      'GET',
      `/api/${feed}/changes?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
    if (page.hasMore) continue;
    if (arrived(items)) return { items, cursor };
    if (Date.now() > deadline)
      throw new Error(`The ${feed} feed did not bring the change: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an ERP with one API key and no admin session', () => {
  it('manages its webhook, syncs stock by deltas, reads changed orders, corrects a tracking number, issues and downloads an invoice', async () => {
    // Its own webhook endpoint, managed with the key alone.
    const hook = await withKey<{ id: number; secret: string }>('POST', '/api/webhook', {
      url: 'https://erp.example.hu/webshop-esemenyek',
      events: ['order.created', 'order.shipment_changed', 'invoice.issued'],
    });
    expect(
      (await withKey<{ items: { id: number }[] }>('GET', '/api/webhook')).items.map(
        (endpoint) => endpoint.id,
      ),
    ).toContain(hook.id);

    // The catalogue as it stands, then the mug gets the ERP's code.
    let products = await poll<ProductRecord>('product', undefined, (items) =>
      items.some((item) => item.id === shop.mug),
    );
    expect(products.items.find((item) => item.id === shop.mug)).toMatchObject({ stock: 50 });
    await withKey('POST', '/api/product/update', { id: shop.mug, kutiId: 'ERP-BOGRE' });

    // A delivery of 12 arrives: a delta, so an order placed meanwhile is not undone.
    const placed = await api<{ order: { id: number } }>(server, 'POST', '/api/cart/order', {
      body: guestOrder({
        product: shop.mug,
        quantity: 2,
        shippingMethod: shop.courier,
        paymentMethod: shop.cod,
      }),
    });
    expect(placed.status).toBe(200);
    await withKey('POST', '/api/product/stock', { items: [{ kutiId: 'ERP-BOGRE', adjust: 12 }] });
    // An absolute write from a stale read is refused whole, not applied over the order.
    const stale = await api<{ code: string }>(server, 'POST', '/api/product/stock', {
      token: key,
      body: { items: [{ kutiId: 'ERP-BOGRE', stock: 50, expectedStock: 50 }] },
    });
    expect(stale.status).toBe(412);
    products = await poll<ProductRecord>('product', products.cursor, (items) =>
      items.some((item) => item.id === shop.mug),
    );
    expect(products.items.filter((item) => item.id === shop.mug).at(-1)).toMatchObject({
      kutiId: 'ERP-BOGRE',
      stock: 60,
    });

    // The new order, from the order feed.
    let orders = await poll<Order>('order', undefined, (items) =>
      items.some((item) => item.id === placed.body.order.id),
    );
    const order = orders.items.find((item) => item.id === placed.body.order.id);
    expect(order).toMatchObject({ status: 'received', invoice: null });

    // Shipped with a number typed wrong, then corrected.
    await withKey('POST', `/api/order/${order?.id}/status`, { status: 'processing' });
    await withKey('POST', `/api/order/${order?.id}/status`, {
      status: 'shipped',
      trackingNumber: 'GLS-00011',
    });
    const shipped = await withKey<Order>('GET', `/api/order/${order?.id}`);
    const [typo] = shipped.shipments;
    expect(typo).toMatchObject({ trackingNumber: 'GLS-00011' });
    const corrected = await withKey<Order>('PUT', `/api/order/${order?.id}/shipment/${typo?.id}`, {
      trackingNumber: 'GLS-00110',
    });
    expect(corrected).toMatchObject({
      trackingNumber: 'GLS-00110',
      shipments: [{ trackingNumber: 'GLS-00110' }],
    });

    // Delivered and paid on delivery: the invoice is issued and downloaded.
    await withKey('POST', `/api/order/${order?.id}/status`, { status: 'completed' });
    await withKey('POST', `/api/order/${order?.id}/invoice`);
    const invoicing = await runInvoicesOnce({
      prisma: server.database.prisma,
      setup: defaultInvoicingSetup(server.url, null),
    });
    expect(invoicing).toMatchObject({ failed: 0 });
    orders = await poll<Order>('order', orders.cursor, (items) =>
      items.some((item) => item.id === order?.id && item.invoice !== null),
    );
    const invoiced = orders.items.filter((item) => item.id === order?.id).at(-1);
    expect(invoiced).toMatchObject({
      status: 'completed',
      trackingNumber: 'GLS-00110',
      invoice: { number: expect.any(String) },
    });
    const pdf = await fetch(`${server.url}${invoiced?.invoice?.url}`, { headers: { token: key } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Its webhook's delivery log holds the order, the number and its correction, and the invoice; then
    // the ERP removes the endpoint.
    const log = await withKey<{ items: { event: string }[] }>('GET', `/api/webhook/${hook.id}/delivery`);
    expect(log.items.map((delivery) => delivery.event).sort()).toEqual([
      'invoice.issued',
      'order.created',
      'order.shipment_changed',
      'order.shipment_changed',
    ]);
    await withKey('DELETE', `/api/webhook/${hook.id}`);
    expect((await withKey<{ items: unknown[] }>('GET', '/api/webhook')).items).toEqual([]);
  });
});
