import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { defaultInvoicingSetup, runInvoicesOnce } from '@shop/api';
import { createParcelOrder, seedFoxpostPoints } from '@shop/api/testing';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFallbacks } from '../src/stand-in-mount';
import { type ServerProcess, startRefusedServer, startServerProcess } from './server-process';
import {
  api,
  createMugShop,
  createPaymentMethod,
  createUser,
  guestOrder,
  signIn,
  startTestServer,
  type TestServer,
} from './test-server';

/** Finding 1 of #21: the stand-ins are served only where asked for, and never call or send anyone off-site. */

type ErrorBody = { message: string; code: string };
type BarionErrors = { Errors: { ErrorCode: string; Description: string }[] };

const STAND_IN_POS_KEY = '00000000000000000000000000000000';

/** One request with the path exactly as written (fetch would tidy `//` and `/./`), answered as status and text. */
function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  body?: { type: string; text: string },
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method,
        path,
        headers: body ? { 'content-type': body.type, 'content-length': Buffer.byteLength(body.text) } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body?.text);
  });
}

/** A Start body the stand-in takes, with the given callback and return addresses. */
function startBody(shopUrl: string, overrides: { CallbackUrl?: string; RedirectUrl?: string } = {}) {
  return {
    POSKey: STAND_IN_POS_KEY,
    PaymentType: 'Immediate',
    PaymentWindow: '0.00:30:00',
    GuestCheckOut: true,
    FundingSources: ['All'],
    PaymentRequestId: 'WEB-1',
    RedirectUrl: `${shopUrl}/order/barion/result`,
    CallbackUrl: `${shopUrl}/api/barion/callback`,
    Locale: 'hu-HU',
    Currency: 'HUF',
    Transactions: [
      {
        POSTransactionId: 'WEB-1-1',
        Payee: 'webaruhaz@example.hu',
        Total: 1000,
        Items: [
          { Name: 'Bögre', Description: 'Bögre', Quantity: 1, Unit: 'db', UnitPrice: 1000, ItemTotal: 1000 },
        ],
      },
    ],
    ...overrides,
  };
}

const STAND_IN_PATHS = [
  '/_barion',
  '/_barion/',
  '/_barion/v2/Payment/Start',
  '/_barion/v2/Payment/Start/',
  '/_barion/v4/Payment/0123456789abcdef0123456789abcdef/PaymentState',
  `/_barion/v2/Payment/GetPaymentState?POSKey=${STAND_IN_POS_KEY}&PaymentId=x`,
  '/_barion/v2/Payment/Refund',
  '/_barion/Pay?id=0123456789abcdef0123456789abcdef',
  '/_szamlazz',
  '/_szamlazz/szamla',
  '/_szamlazz/szamla/',
  '/_szamlazz/szamla//',
  '/_foxpost',
  '/_foxpost/',
  '/_foxpost/api/parcel',
  '/_foxpost/api/label/A7',
  '/_foxpost/api/tracking/CLFOX0000000001',
  '/_foxpost/csomagkovetes/?code=CLFOX0000000001',
  '/_meta',
  '/_meta/v21.0/1234567890/events',
  '/_meta/_received',
  '/_mailerlite/api/subscribers',
  '/_mailchimp/3.0/lists/kekbogre01/members/0123456789abcdef0123456789abcdef',
  '/_mailchimp/3.0/ping',
  // The same places written otherwise: escaped, in capitals, with doubled or dot segments.
  '/%5Fbarion/v2/Payment/Start',
  '/%5fbarion/Pay?id=1',
  '/_BARION/v2/Payment/Start',
  '/_Barion/pay',
  '//_barion/v2/Payment/Start',
  '/./_barion/Pay',
  '/%2F_barion/Pay',
  '/%5Fszamlazz/szamla/',
  '/_SZAMLAZZ/szamla/',
  '/_szamlazz%2Fszamla/',
  '/%5Ffoxpost/api/parcel',
  '/_FOXPOST/csomagkovetes/',
  '//_foxpost//api/parcel',
  '/%5Fmeta/_received',
  '/_META/v21.0/1234567890/events',
  '/%5Fmailerlite/api/subscribers',
  '/_MAILCHIMP/3.0/ping',
];

/** Every stand-in path, GET and POST (a JSON body, and the Számla Agent's multipart form), answers 404. */
async function expectNoStandIn(baseUrl: string) {
  const answers: string[] = [];
  for (const path of STAND_IN_PATHS) {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { type: 'application/json', text: JSON.stringify(startBody(baseUrl)) }],
      [
        'POST',
        {
          type: 'multipart/form-data; boundary=x',
          text: '--x\r\nContent-Disposition: form-data; name="action-xmlagentxmlfile"\r\n\r\n<x/>\r\n--x--\r\n',
        },
      ],
    ] as const) {
      const { status } = await rawRequest(baseUrl, method, path, body);
      answers.push(`${method} ${path} ${body?.type ?? ''} → ${status}`);
    }
  }
  expect(answers.filter((answer) => !answer.endsWith('→ 404'))).toEqual([]);
}

describe('a fresh install with DEMO_DATA=false, started as `npm start` starts it', () => {
  const admin = { email: 'tulajdonos@example.hu', password: 'Eles-bolt-jelszo-2026' };
  let shop: ServerProcess;

  beforeAll(async () => {
    shop = await startServerProcess({
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
  });
  afterAll(() => {
    shop?.child.kill('SIGKILL');
  });

  it('answers 404 on every stand-in path, GET and POST, however the path is written', async () => {
    await expectNoStandIn(shop.url);
  });

  it('tells the admin that Barion, invoicing and Foxpost are not set up, and a card order is refused', async () => {
    const asShop = { url: shop.url } as TestServer;
    const token = await signIn(asShop, admin);
    const payment = await api<{ barionSource: string }>(asShop, 'GET', '/api/checkout/settings', { token });
    expect(payment.body.barionSource).toBe('none');
    const invoicing = await api<{ source: string }>(asShop, 'GET', '/api/invoice/settings', { token });
    expect(invoicing.body.source).toBe('none');
    const carriers = await api<{ foxpost: { source: string } }>(asShop, 'GET', '/api/checkout/carriers', {
      token,
    });
    expect(carriers.body.foxpost.source).toBe('none');

    // The seed's card payment method is there for the admin to set up, but not offered at checkout;
    // choosing it all the same gets a clear answer, not a dead gateway.
    const mug = await createMugShop(asShop, token);
    type Methods = { items: { id: number; provider: string }[] };
    const methods = await api<Methods>(asShop, 'GET', '/api/checkout/payment', { token });
    const card = methods.body.items.find((method) => method.provider === 'barion');
    expect(card).toBeDefined();
    const offered = await api<Methods>(asShop, 'GET', '/api/checkout/payment');
    expect(offered.body.items.map((method) => method.provider)).not.toContain('barion');
    const refused = await api<ErrorBody>(asShop, 'POST', '/api/cart/order', {
      body: guestOrder({ product: mug.mug, shippingMethod: mug.courier, paymentMethod: card?.id ?? 0 }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'A bankkártyás fizetés most nem választható, mert a bolt még nem állította be a Barion-fiókját. Válassz másik fizetési módot.',
    );
  });
});

describe('starting the server', () => {
  it('refuses production with the stand-ins turned on and no demo data, naming the variables', async () => {
    const { code, stderr } = await startRefusedServer({
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      STAND_INS: 'true',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('STAND_INS, DEMO_DATA, NODE_ENV: éles boltban');
  });
});

describe('a shop without stand-ins and without accounts', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ selfAddressed: true, standIns: false, encryptionKey: randomBytes(32) });
    await server.database.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES] });
    await seedFoxpostPoints(server.database.prisma);
    adminToken = await signIn(server, await createUser(server.database, 'admin'));
  });
  afterAll(() => server?.close());

  it('serves none of the stand-ins', async () => {
    await expectNoStandIn(server.url);
  });

  it('refuses a card order before writing it, and still takes a cash-on-delivery one', async () => {
    const shop = await createMugShop(server, adminToken);
    const card = await createPaymentMethod(server, adminToken, { name: 'Bankkártya', provider: 'barion' });
    const refused = await api<ErrorBody>(server, 'POST', '/api/cart/order', {
      body: guestOrder({ product: shop.mug, shippingMethod: shop.courier, paymentMethod: card }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^A bankkártyás fizetés most nem választható/);
    expect(await server.database.prisma.order.count()).toBe(0);

    // Checkout does not offer what it would refuse; the admin still sees the method to set it up.
    const offered = await api<{ items: { id: number }[] }>(server, 'GET', '/api/checkout/payment');
    expect(offered.body.items.map((method) => method.id)).toEqual([shop.cod]);
    const asGuest = await api(server, 'GET', `/api/checkout/payment/${card}`);
    expect(asGuest.status).toBe(404);
    const asAdmin = await api<{ items: { id: number }[] }>(server, 'GET', '/api/checkout/payment', {
      token: adminToken,
    });
    expect(asAdmin.body.items.map((method) => method.id)).toContain(card);

    const cod = await api(server, 'POST', '/api/cart/order', {
      body: guestOrder({ product: shop.mug, shippingMethod: shop.courier, paymentMethod: shop.cod }),
    });
    expect(cod.status).toBe(200);
  });

  it('keeps invoices waiting, untried, until an Agent key is saved, and says why', async () => {
    const order = await createParcelOrder(server.database.prisma, { paymentProvider: 'cash_on_delivery' });
    const queued = await api(server, 'POST', `/api/order/${order.id}/invoice`, { token: adminToken });
    expect(queued.status).toBe(200);
    // The worker as main.ts sets it up for this server.
    const setup = {
      ...defaultInvoicingSetup(server.url, null),
      ...providerFallbacks({ standIns: false, barion: null, publicUrl: server.url }).invoicing,
    };
    const run = await runInvoicesOnce({ prisma: server.database.prisma, setup });
    expect(run).toMatchObject({ issued: 0, failed: 0, retrying: 0 });
    const invoice = await server.database.prisma.invoice.findFirstOrThrow({ where: { orderId: order.id } });
    expect(invoice).toMatchObject({ status: 'pending', attempts: 0, lastError: null });

    const probe = await api<{ ok: boolean; message: string }>(server, 'POST', '/api/invoice/settings/test', {
      token: adminToken,
      body: {},
    });
    expect(probe.body).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Nincs beállított számlázó fiók/),
    });
  });

  it('says the Foxpost account is missing when a parcel is asked for', async () => {
    const order = await createParcelOrder(server.database.prisma);
    const parcel = await api<ErrorBody>(server, 'POST', `/api/order/${order.id}/parcel`, {
      token: adminToken,
    });
    expect(parcel.status).toBe(409);
    expect(parcel.body.message).toBe(
      'Nincs beállított Foxpost-fiók, ezért Foxpost-csomag nem adható fel. Add meg a fiók adatait a Beállítások › Futárszolgálatok oldalon.',
    );
  });

  it('answers a Barion callback without an account calmly, never with a 500', async () => {
    const response = await fetch(
      `${server.url}/api/barion/callback?paymentId=${randomBytes(16).toString('hex')}`,
      {
        method: 'POST',
      },
    );
    expect(response.status).toBeLessThan(500);
  });
});

describe('the Barion stand-in of a demo shop', () => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer({ selfAddressed: true, encryptionKey: randomBytes(32) });
    adminToken = await signIn(server, await createUser(server.database, 'admin'));
  });
  afterAll(() => server?.close());

  const start = (body: unknown) =>
    rawRequest(server.url, 'POST', '/_barion/v2/Payment/Start', {
      type: 'application/json',
      text: JSON.stringify(body),
    });

  it('starts payments only with callback and return addresses on the shop’s own origin', async () => {
    // Something that would notice a request: a port on this machine the shop did not make.
    const listener = createServer((socket) => {
      touched = true;
      socket.destroy();
    });
    let touched = false;
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
    try {
      const shopHost = new URL(server.url);
      for (const overrides of [
        { CallbackUrl: `${elsewhere}/callback` },
        { CallbackUrl: `http://${shopHost.host}@127.0.0.1:${new URL(elsewhere).port}/api/barion/callback` },
        { CallbackUrl: `https://${shopHost.host}/api/barion/callback` },
        { RedirectUrl: 'https://csalo.example/atvetel' },
        { RedirectUrl: `http://localhost:${shopHost.port}/order/barion/result` },
      ]) {
        const field = Object.keys(overrides)[0];
        const refused = await start(startBody(server.url, overrides));
        expect(refused.status, JSON.stringify(overrides)).toBe(400);
        const errors = (JSON.parse(refused.text) as BarionErrors).Errors;
        expect(errors).toEqual([
          expect.objectContaining({
            ErrorCode: 'ModelValidationError',
            Description: `${field} must be an address of the shop (${server.url}); the stand-in calls and redirects nowhere else.`,
          }),
        ]);
      }
      const own = await start(startBody(server.url));
      expect(own.status).toBe(200);
      expect(touched).toBe(false);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('is gone once an admin saves a real POS key, and back when it is removed', async () => {
    const settings = (barionPosKey: string | null) =>
      api(server, 'PUT', '/api/checkout/settings', {
        token: adminToken,
        body: {
          barionPosKey,
          barionPayee: barionPosKey ? 'bolt@example.hu' : null,
          barionEnvironment: 'test',
          bankAccountHolder: null,
          bankName: null,
          bankAccountNumber: null,
        },
      });
    expect((await start(startBody(server.url))).status).toBe(200);

    expect((await settings('0123456789abcdef0123456789abcdef')).status).toBe(200);
    const saved = await api<{ barionSource: string }>(server, 'GET', '/api/checkout/settings', {
      token: adminToken,
    });
    expect(saved.body.barionSource).toBe('admin');
    for (const path of ['/_barion/v2/Payment/Start', '/_barion/Pay?id=1']) {
      expect((await rawRequest(server.url, 'GET', path)).status, path).toBe(404);
    }
    expect((await start(startBody(server.url))).status).toBe(404);

    expect((await settings(null)).status).toBe(200);
    expect((await start(startBody(server.url))).status).toBe(200);
  });
});
