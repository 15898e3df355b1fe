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

type Placed = { order: { id: number; number: string; total: number }; accessKey: string };
type Order = { invoice: { number: string; url: string } | null };

let server: TestServer;
let adminToken: string;
let customerToken: string;
let shop: MugShop;

beforeAll(async () => {
  ({ server } = await startSellingServer());
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  customerToken = await signIn(server, await createUser(server.database, 'customer'));
  shop = await createMugShop(server, adminToken);
});
afterAll(() => server?.close());

async function completedOrder(): Promise<Placed> {
  const placed = await api<Placed>(server, 'POST', '/api/cart/order', {
    body: guestOrder({ product: shop.mug, shippingMethod: shop.courier, paymentMethod: shop.cod }),
  });
  expect(placed.status).toBe(200);
  for (const status of ['processing', 'shipped', 'completed']) {
    const changed = await api(server, 'POST', `/api/order/${placed.body.order.id}/status`, {
      token: adminToken,
      body: { status },
    });
    expect(changed.status).toBe(200);
  }
  return placed.body;
}

describe('invoices over REST', () => {
  it('issues the invoice through the stand-in the server mounts and serves its PDF to who may see the order', async () => {
    const { order, accessKey } = await completedOrder();
    // The worker speaks to the stand-in at the server's own /_szamlazz, as `npm start` does.
    const result = await runInvoicesOnce({
      prisma: server.database.prisma,
      setup: defaultInvoicingSetup(server.url, null),
    });
    expect(result).toMatchObject({ issued: 1, failed: 0 });

    const view = await api<Order>(server, 'GET', `/api/order/${order.id}?key=${accessKey}`);
    expect(view.body.invoice?.number).toMatch(/^KBB-\d{4}-1$/);
    expect(view.body.invoice?.url).toBe(`/api/order/${order.id}/invoice`);

    const pdf = await fetch(`${server.url}/api/order/${order.id}/invoice`, {
      headers: { token: adminToken },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`szamla-${view.body.invoice?.number}.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const guest = await fetch(`${server.url}/api/order/${order.id}/invoice?key=${accessKey}`);
    expect(guest.status).toBe(200);
    expect((await api(server, 'GET', `/api/order/${order.id}/invoice`)).status).toBe(404);
    expect(
      (await api(server, 'GET', `/api/order/${order.id}/invoice`, { token: customerToken })).status,
    ).toBe(404);
  });

  it('lets the admin see the order’s invoices and ask again, idempotently', async () => {
    const { order } = await completedOrder();
    const first = await api<{ items: { kind: string; status: string }[] }>(
      server,
      'POST',
      `/api/order/${order.id}/invoice`,
      { token: adminToken },
    );
    expect(first.status).toBe(200);
    const again = await api<{ items: unknown[] }>(server, 'POST', `/api/order/${order.id}/invoice`, {
      token: adminToken,
    });
    expect(again.body.items).toHaveLength(1);
    const list = await api<{ items: { kind: string; status: string }[] }>(
      server,
      'GET',
      `/api/order/${order.id}/invoices`,
      { token: adminToken },
    );
    expect(list.body.items).toEqual([expect.objectContaining({ kind: 'invoice', status: 'pending' })]);
  });

  it('lets an invoices:read key list and download invoices but not issue one, and an orders:read key still list them', async () => {
    const { order } = await completedOrder();
    await runInvoicesOnce({ prisma: server.database.prisma, setup: defaultInvoicingSetup(server.url, null) });
    const keyWith = async (scopes: string[]) => {
      const created = await api<{ key: string }>(server, 'POST', '/api/apikey', {
        token: adminToken,
        body: { name: `Könyvelés ${scopes.join(' ')}`, scopes },
      });
      expect(created.status).toBe(200);
      return created.body.key;
    };
    const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
    const invoicesReader = await keyWith(['invoices:read']);

    const list = await api<{ items: { kind: string; status: string }[] }>(
      server,
      'GET',
      `/api/order/${order.id}/invoices`,
      { headers: bearer(invoicesReader) },
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ kind: 'invoice', status: 'issued' })]);
    const pdf = await fetch(`${server.url}/api/order/${order.id}/invoice`, {
      headers: bearer(invoicesReader),
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const issue = await api(server, 'POST', `/api/order/${order.id}/invoice`, {
      headers: bearer(invoicesReader),
    });
    expect(issue).toMatchObject({
      status: 403,
      body: {
        message:
          'Az API-kulcsnak nincs ehhez jogosultsága (szükséges: invoices:write, „Számlák kiállítása”).',
      },
    });
    // The order itself is not an invoice: that key does not read it.
    expect(
      (await api(server, 'GET', `/api/order/${order.id}/admin`, { headers: bearer(invoicesReader) })).status,
    ).toBe(403);

    // A key made before invoices:read, with orders:read, keeps its invoice list and download.
    const ordersReader = await keyWith(['orders:read']);
    const old = await api(server, 'GET', `/api/order/${order.id}/invoices`, {
      headers: bearer(ordersReader),
    });
    expect(old.status).toBe(200);
    const oldPdf = await fetch(`${server.url}/api/order/${order.id}/invoice`, {
      headers: bearer(ordersReader),
    });
    expect(oldPdf.status).toBe(200);
  });

  it('refuses strangers (401) and shoppers (403) on the admin operations', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/invoice/settings', undefined],
      [
        'PUT',
        '/api/invoice/settings',
        {
          provider: 'szamlazz',
          enabled: true,
          prefix: 'KBB',
          eInvoice: true,
          sendToBuyer: true,
          offlineIssueOn: 'completed',
        },
      ],
      ['POST', '/api/invoice/settings/test', {}],
      ['POST', '/api/order/1/invoice', undefined],
      ['GET', '/api/order/1/invoices', undefined],
    ] as const) {
      expect((await api(server, method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect(
        (await api(server, method, path, { body, token: customerToken })).status,
        `${method} ${path}`,
      ).toBe(403);
    }
    const settings = await api<{ source: string; agentKeySet: boolean }>(
      server,
      'GET',
      '/api/invoice/settings',
      {
        token: adminToken,
      },
    );
    expect(settings.body).toMatchObject({ source: 'stand_in', agentKeySet: false });
    const bad = await api<{ message: string }>(server, 'PUT', '/api/invoice/settings', {
      token: adminToken,
      body: {
        provider: 'szamlazz',
        enabled: true,
        prefix: 'KB-B!',
        eInvoice: true,
        sendToBuyer: true,
        offlineIssueOn: 'completed',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('előtag');
  });
});
