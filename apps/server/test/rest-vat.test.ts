import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, signIn, startSellingServer, type TestServer } from './test-server';

type ErrorBody = { message: string; issues?: { path: string; message: string }[] };
type Product = {
  id: number;
  vatClass: string;
  vatRate: number;
  unitPrice: { amount: number; unit: string } | null;
  admin: { vatClass: string } | null;
};
type Order = {
  id: number;
  lines: { vatClass: string; vatRate: number }[];
  vat: { vatClass: string; rate: number; gross: number; vat: number }[];
  billingAddress: { companyName: string | null; taxNumber: string | null; euVatNumber: string | null };
};

let server: TestServer;
let adminToken: string;
let courier: number;
let transfer: number;

beforeAll(async () => {
  ({ server } = await startSellingServer());
  const prisma = server.database.prisma;
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  courier = (await prisma.shippingMethod.create({ data: { name: 'GLS futár', grossPrice: 1990 } })).id;
  transfer = (await prisma.paymentMethod.create({ data: { name: 'Átutalás', provider: 'bank_transfer' } }))
    .id;
});
afterAll(() => server?.close());

describe('VAT classes and company purchases over REST', () => {
  it('takes a product’s vatClass and net quantity and answers them with the percent and the unit price', async () => {
    const created = await api<Product>(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: {
        kutiId: 'REST-KONYV',
        price: 4990,
        stock: 20,
        vatClass: '5',
        netQuantity: 0.5,
        netQuantityUnit: 'kg',
        descriptions: [{ language: 'hu', title: 'Szakácskönyv' }],
      },
    });
    expect(created.status).toBe(200);
    const read = await api<Product>(server, 'GET', `/api/product/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ vatClass: '5', vatRate: 5, unitPrice: { amount: 9980, unit: 'kg' } });

    const refused = await api<ErrorBody>(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: { id: created.body.id, vatClass: '0' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues?.[0]?.path).toBe('vatClass');
    expect(refused.body.message).toMatch(/„27”, „18”, „5”, „TAM”/);
  });

  it('keeps a company buyer’s EU VAT number on the order and answers it in billingAddress', async () => {
    const product = await api<Product>(server, 'POST', '/api/product/update', {
      token: adminToken,
      body: {
        kutiId: 'REST-BOGRE',
        price: 3990,
        stock: 20,
        descriptions: [{ language: 'hu', title: 'Bögre' }],
      },
    });
    const address = { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' };
    const billingAddress = {
      ...address,
      companyName: 'Bögre Kft.',
      taxNumber: '12345676242',
      euVatNumber: 'HU12345676',
    };
    const body = {
      cart: [{ product: product.body.id, quantity: 2 }],
      customer: { email: 'ceg@example.hu', firstName: 'Anna', lastName: 'Kovács', phone: '+36 30 123 4567' },
      shippingAddress: address,
      billingAddress,
      shippingMethod: courier,
      paymentMethod: transfer,
      acceptTerms: true,
    };
    const placed = await api<{ order: Order }>(server, 'POST', '/api/cart/order', { body });
    expect(placed.status).toBe(200);
    expect(placed.body.order.billingAddress).toEqual(
      expect.objectContaining({
        companyName: 'Bögre Kft.',
        taxNumber: '12345676-2-42',
        euVatNumber: 'HU12345676',
      }),
    );
    expect(placed.body.order.lines).toEqual([expect.objectContaining({ vatClass: '27', vatRate: 27 })]);
    expect(placed.body.order.vat.map((line) => line.vatClass)).toEqual(['27']);

    const read = await api<Order>(server, 'GET', `/api/order/${placed.body.order.id}`, { token: adminToken });
    expect(read.status).toBe(200);
    expect(read.body.billingAddress.euVatNumber).toBe('HU12345676');

    const wrong = await api<ErrorBody>(server, 'POST', '/api/cart/order', {
      body: { ...body, billingAddress: { ...billingAddress, euVatNumber: 'HU12345678' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([
      { path: 'billingAddress.euVatNumber', message: 'A közösségi adószám (HU…) ellenőrző számjegye hibás.' },
    ]);
  });
});
