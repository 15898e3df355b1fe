import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createMugShop,
  createUser,
  guestOrder,
  signIn,
  startTestServer,
  type TestServer,
} from './test-server';

/**
 * Over REST, a staff role without customers:read (the warehouse) gets the admin's order answers without
 * the customer's e-mail, phone and billing address; the owner and API keys get them as before (#28).
 */
let server: TestServer;
let ownerToken: string;
let warehouseToken: string;
let orderId: number;

type Detail = {
  order: { customer: Record<string, unknown>; billingAddress?: unknown; shippingAddress: unknown };
};
type Listed = { items: { id: number; name: string; email?: string }[] };

async function keyWith(scopes: string[]): Promise<string> {
  const created = await api<{ key: string }>(server, 'POST', '/api/apikey', {
    token: ownerToken,
    body: { name: `Kulcs ${scopes.join('+')}`, scopes },
  });
  return created.body.key;
}

const asKey = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  server = await startTestServer();
  // Every order writes its confirmation e-mail from the seed's template.
  await server.database.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  ownerToken = await signIn(server, await createUser(server.database, 'admin'));
  const member = await createUser(server.database, 'admin');
  const warehouse = await server.database.prisma.staffRole.findUniqueOrThrow({
    where: { builtIn: 'warehouse' },
  });
  await server.database.prisma.user.update({
    where: { email: member.email },
    data: { staffRoleId: warehouse.id },
  });
  warehouseToken = await signIn(server, member);
  const shop = await createMugShop(server, ownerToken);
  const placed = await api<{ order: { id: number } }>(server, 'POST', '/api/cart/order', {
    body: guestOrder({ product: shop.mug, shippingMethod: shop.courier, paymentMethod: shop.cod }),
  });
  if (placed.status !== 200) throw new Error(JSON.stringify(placed.body));
  orderId = placed.body.order.id;
});
afterAll(() => server?.close());

describe('the admin order answers over REST', () => {
  it('leave the customer data out for the warehouse, and keep the delivery address', async () => {
    const detail = await api<Detail>(server, 'GET', `/api/order/${orderId}/admin`, { token: warehouseToken });
    expect(detail.status).toBe(200);
    expect(detail.body.order.customer).toEqual({ firstName: 'Anna', lastName: 'Kovács' });
    expect(detail.body.order).not.toHaveProperty('billingAddress');
    expect(detail.body.order.shippingAddress).toMatchObject({ street: 'Pozsonyi út 23.' });

    const listed = await api<Listed>(server, 'POST', '/api/order', { token: warehouseToken, body: {} });
    expect(listed.body.items.find((item) => item.id === orderId)).toEqual(
      expect.not.objectContaining({ email: expect.anything() }),
    );
    expect(JSON.stringify(listed.body)).not.toContain('vevo@example.hu');

    expect(await api(server, 'GET', `/api/order/${orderId}`, { token: warehouseToken })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: expect.stringContaining('customers:read') },
    });
  });

  it('search the warehouse’s list by the name, not by the e-mail address', async () => {
    const searched = async (token: string, search: string) =>
      (await api<Listed>(server, 'POST', '/api/order', { token, body: { search } })).body.items.map(
        (item) => item.id,
      );
    expect(await searched(warehouseToken, 'vevo@example')).toEqual([]);
    expect(await searched(warehouseToken, 'kovacs')).toContain(orderId);
    expect(await searched(ownerToken, 'vevo@example')).toContain(orderId);
  });

  it('are whole for the owner, as before', async () => {
    const detail = await api<Detail>(server, 'GET', `/api/order/${orderId}/admin`, { token: ownerToken });
    expect(detail.body.order.customer).toEqual({
      email: 'vevo@example.hu',
      firstName: 'Anna',
      lastName: 'Kovács',
      phone: '+36 30 123 4567',
    });
    expect(detail.body.order.billingAddress).toMatchObject({ name: 'Kovács Anna' });
  });

  it('stay whole for an API key with order scopes, as since 1.0.0', async () => {
    const erpKey = await keyWith(['orders:read']);
    const whole = await api<Detail>(server, 'GET', `/api/order/${orderId}/admin`, asKey(erpKey));
    expect(whole.status).toBe(200);
    expect(whole.body.order.customer).toMatchObject({ email: 'vevo@example.hu' });
    expect(whole.body.order.billingAddress).toMatchObject({ name: 'Kovács Anna' });
    expect((await api(server, 'GET', `/api/order/${orderId}`, asKey(erpKey))).status).toBe(200);
  });
});
