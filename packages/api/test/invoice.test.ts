import { randomBytes } from 'node:crypto';
import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import { budapestDate } from '../src/services/invoicing/invoice-lines';
import {
  type InvoicingSetup,
  resolveInvoicing,
  SZAMLAZZ_STAND_IN_AGENT_KEY,
} from '../src/services/invoicing/invoice-settings';
import { runInvoicesOnce } from '../src/services/invoicing/invoice-worker';
import type { InvoiceRequest } from '../src/services/invoicing/invoicing-port';
import { createSzamlazzAgent } from '../src/services/invoicing/szamlazz-agent';
import { invoiceXml } from '../src/services/invoicing/szamlazz-xml';
import type { BarionConfig } from '../src/services/payments/barion-client';
import { syncBarionPayment } from '../src/services/payments/barion-sync';
import type { StartedBarionStandIn } from '../src/stand-ins/barion';
import { type StartedSzamlazzStandIn, startSzamlazzStandIn } from '../src/stand-ins/szamlazz';
import { createVariantProduct } from '../src/testing/variant-fixtures';
import { type Caller, createAdmin, createCustomer } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop, startBarion } from './order-fixtures';

const SUCCESS_CARD = '4444 8888 8888 5559';
const COMPANY_TAX_NUMBER = '12345676-2-42';

let db: Database;
let shop: Shop;
let barion: { stand: StartedBarionStandIn; config: BarionConfig };
let agent: StartedSzamlazzStandIn;
let setup: InvoicingSetup;
let admin: Caller;
let guest: Caller;

async function callerWith(token?: string): Promise<Caller> {
  return createCaller(
    await createContext({
      prisma: db.prisma,
      headers: new Headers(token ? { token } : {}),
      barion: barion.config,
      encryptionKey: setup.encryptionKey,
      invoicing: { standInUrl: agent.url, agentUrl: agent.url },
    }),
  );
}

const run = (now = new Date()) => runInvoicesOnce({ prisma: db.prisma, setup }, { now: () => now });

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  barion = await startBarion();
  agent = await startSzamlazzStandIn({ prisma: db.prisma, agentKey: SZAMLAZZ_STAND_IN_AGENT_KEY });
  setup = { standInUrl: agent.url, agentUrl: agent.url, encryptionKey: randomBytes(32) };
  admin = await callerWith((await createAdmin(db.prisma)).token);
  guest = await callerWith();
});
afterAll(async () => {
  await agent?.close();
  await barion?.stand.close();
  await db?.close();
});

async function paidCardOrder(caller: Caller = guest, overrides = {}) {
  const placed = await caller.cart.order(
    orderInput(shop, {
      cart: [{ product: shop.products.mug, quantity: 2 }],
      paymentMethod: shop.payment.card,
      ...overrides,
    }),
  );
  if (!placed.payment || !placed.accessKey) throw new Error('A kártyás fizetés nem indult el.');
  barion.stand.standIn.payWithCard(placed.payment.paymentId, SUCCESS_CARD);
  await syncBarionPayment({ prisma: db.prisma, barion: barion.config }, placed.payment.paymentId, {
    force: true,
  });
  return { order: placed.order, accessKey: placed.accessKey, paymentId: placed.payment.paymentId };
}

const invoiceRow = (orderId: number, kind = 'invoice') =>
  db.prisma.invoice.findUnique({ where: { orderId_kind: { orderId, kind } } });
const standInDocuments = (orderNumber: string) =>
  db.prisma.szamlazzStandInDocument.findMany({ where: { orderNumber }, orderBy: { id: 'asc' } });

describe('invoices through the Számla Agent stand-in', () => {
  it('invoices a paid card order once (B2C), with its lines, shipping and the totals of the order', async () => {
    const { order, accessKey, paymentId } = await paidCardOrder();
    // The same news again and again queues nothing more.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        syncBarionPayment({ prisma: db.prisma, barion: barion.config }, paymentId, { force: true }),
      ),
    );
    expect(await db.prisma.invoice.count({ where: { orderId: order.id } })).toBe(1);
    expect((await guest.order.byId({ id: order.id, key: accessKey })).invoice).toBeNull();

    expect(await run()).toMatchObject({ issued: 1, failed: 0 });
    const row = await invoiceRow(order.id);
    const year = budapestDate(new Date()).slice(0, 4);
    expect(row).toMatchObject({ status: 'issued', grossTotal: order.total, attempts: 1, lastError: null });
    expect(row?.number).toMatch(new RegExp(`^KBB-${year}-\\d+$`));
    expect(
      Buffer.from(row?.pdf ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const [document] = await standInDocuments(order.number);
    const data = document?.document as {
      lines: { name: string; vat: string; gross: number; net: number; vatAmount: number }[];
      paid: boolean;
      buyer: { taxNumber: string | null };
    };
    expect(data.paid).toBe(true);
    expect(data.buyer.taxNumber).toBeNull();
    expect(data.lines).toEqual([
      {
        name: 'Kék bögre',
        quantity: 2,
        unit: 'db',
        netUnitPrice: 3141.5,
        vat: '27',
        net: 6283,
        vatAmount: 1697,
        gross: 7980,
      },
      {
        name: 'Szállítás: GLS futár',
        quantity: 1,
        unit: 'db',
        netUnitPrice: 1567,
        vat: '27',
        net: 1567,
        vatAmount: 423,
        gross: 1990,
      },
    ]);
    expect((await guest.order.byId({ id: order.id, key: accessKey })).invoice).toEqual({
      number: row?.number,
      url: `/api/order/${order.id}/invoice`,
    });
  });

  it('names a variant on its invoice line as it was sold, with its code', async () => {
    const shirt = await createVariantProduct(
      db.prisma,
      { slug: 'szamla-polo', title: 'Póló', grossPrice: 4990 },
      [
        { title: 'Szín', values: ['kék'] },
        { title: 'Méret', values: ['M', 'L'] },
      ],
      [
        { kutiId: 'SZ-POLO-KEK-M', values: ['kék', 'M'], stock: 3 },
        { kutiId: 'SZ-POLO-KEK-L', values: ['kék', 'L'], stock: 3, grossPrice: 5490 },
      ],
    );
    const { order } = await paidCardOrder(guest, {
      cart: [{ product: shirt.id, variant: shirt.variants['SZ-POLO-KEK-L']!, quantity: 1 }],
    });
    expect(await run()).toMatchObject({ issued: 1, failed: 0 });
    const [document] = await standInDocuments(order.number);
    const data = document?.document as { lines: { name: string; gross: number }[] } | undefined;
    expect(data?.lines[0]).toMatchObject({ name: 'Póló, kék, L', gross: 5490 });
  });

  it('puts a company buyer’s tax number and EU VAT number on the invoice (B2B), adoalany 1', async () => {
    const { order } = await paidCardOrder(guest, {
      billingAddress: {
        name: 'Kovács Anna',
        companyName: 'Bögre Bt.',
        taxNumber: COMPANY_TAX_NUMBER,
        postcode: '1137',
        city: 'Budapest',
        street: 'Pozsonyi út 23.',
      },
    });
    await db.prisma.order.update({ where: { id: order.id }, data: { billingEuVatNumber: 'HU12345676' } });
    await run();
    const [document] = await standInDocuments(order.number);
    expect(document?.document).toMatchObject({
      buyer: { name: 'Bögre Bt.', taxNumber: COMPANY_TAX_NUMBER, euVatNumber: 'HU12345676' },
    });
    expect((await invoiceRow(order.id))?.status).toBe('issued');
  });

  it('invoices an alanyi adómentes shop’s order with every line AAM and no VAT', async () => {
    const placed = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.plate, quantity: 3 }],
        paymentMethod: shop.payment.cod,
      }),
    );
    // As the VAT work writes an exempt shop's order: every line AAM at 0 %.
    await db.prisma.orderLine.updateMany({
      where: { orderId: placed.order.id },
      data: { vatClass: 'AAM', vatRate: 0 },
    });
    for (const status of ['processing', 'shipped', 'completed'] as const) {
      await admin.order.setStatus({ id: placed.order.id, status });
    }
    await run();
    const row = await invoiceRow(placed.order.id);
    expect(row?.status).toBe('issued');
    const [document] = await standInDocuments(placed.order.number);
    const data = document?.document as {
      lines: { vat: string; vatAmount: number; net: number; gross: number }[];
      payableCorrection: number;
    };
    expect(data.lines.map((line) => line.vat)).toEqual(['AAM', 'AAM', 'AAM']);
    expect(data.lines.every((line) => line.vatAmount === 0 && line.net === line.gross)).toBe(true);
    // Cash on delivery: the lines carry the exact total, the rounding is the payable correction.
    const linesTotal = data.lines.reduce((sum, line) => sum + line.gross, 0);
    expect(linesTotal + data.payableCorrection).toBe(placed.order.total);
    expect(row?.grossTotal).toBe(linesTotal);
  });

  it('reverses an invoiced order that is cancelled with a storno (SS, negative totals), never deleting', async () => {
    // An invoicing link hears of each document as it is issued.
    const endpoint = await db.prisma.webhookEndpoint.create({
      data: { url: 'https://konyvelo.example.hu/hook', secret: 'titok', events: ['invoice.issued'] },
      select: { id: true },
    });
    const { order } = await paidCardOrder();
    await run();
    const invoice = await invoiceRow(order.id);
    await admin.order.setStatus({ id: order.id, status: 'cancelled' });
    await admin.order.setStatus({ id: order.id, status: 'cancelled' });
    await run();
    const storno = await invoiceRow(order.id, 'storno');
    expect(storno).toMatchObject({ status: 'issued', grossTotal: -order.total });
    expect(storno?.number).not.toBe(invoice?.number);
    const documents = await standInDocuments(order.number);
    expect(documents.map((document) => document.kind)).toEqual(['SZ', 'SS']);
    expect(documents[1]?.reverses).toBe(invoice?.number);
    expect((await invoiceRow(order.id))?.status).toBe('issued');
    const view = await admin.order.invoices({ id: order.id });
    expect(view.items.map((item) => [item.kind, item.status, item.number])).toEqual([
      ['invoice', 'issued', invoice?.number],
      ['storno', 'issued', storno?.number],
    ]);
    const heard = await db.prisma.webhookDelivery.findMany({
      where: { endpointId: endpoint.id },
      orderBy: { id: 'asc' },
      select: { event: true, body: true },
    });
    expect(heard.map((delivery) => [delivery.event, JSON.parse(delivery.body).data])).toEqual([
      [
        'invoice.issued',
        {
          order: { id: order.id, number: order.number },
          kind: 'invoice',
          number: invoice?.number,
          grossTotal: order.total,
          issuedAt: expect.any(String),
        },
      ],
      [
        'invoice.issued',
        {
          order: { id: order.id, number: order.number },
          kind: 'storno',
          number: storno?.number,
          grossTotal: -order.total,
          issuedAt: expect.any(String),
        },
      ],
    ]);
    await db.prisma.webhookEndpoint.delete({ where: { id: endpoint.id } });
  });

  it('issues one invoice when two workers run at once', async () => {
    const { order } = await paidCardOrder();
    const results = await Promise.all([run(), run()]);
    expect(results.reduce((sum, result) => sum + result.issued, 0)).toBeGreaterThanOrEqual(1);
    expect(await standInDocuments(order.number)).toHaveLength(1);
  });

  it('finds the invoice a lost answer made instead of issuing a second one', async () => {
    const { order } = await paidCardOrder();
    agent.standIn.dropNextAnswers(1);
    expect(await run()).toMatchObject({ issued: 0, retrying: 1 });
    const waiting = await invoiceRow(order.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, number: null });
    expect(await standInDocuments(order.number)).toHaveLength(1);

    expect(await run(new Date(Date.now() + 2 * 60_000))).toMatchObject({ issued: 1 });
    const [document] = await standInDocuments(order.number);
    expect(await standInDocuments(order.number)).toHaveLength(1);
    expect(await invoiceRow(order.id)).toMatchObject({
      status: 'issued',
      number: document?.number,
      attempts: 2,
    });
  });

  it('retries maintenance, gives up after five tries with the provider’s message, and lets the admin retry', async () => {
    const { order } = await paidCardOrder();
    agent.standIn.failNextWithMaintenance(5);
    let at = Date.now();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await run(new Date(at));
      at += 60 * 60_000;
    }
    const failed = await invoiceRow(order.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5 });
    expect(failed?.lastError).toBe(
      'Számlázz.hu hiba (1): Rendszerkarbantartás, kérem próbálja meg pár perc múlva.',
    );
    expect((await admin.order.invoices({ id: order.id })).canIssue).toBe(true);

    await admin.order.issueInvoice({ id: order.id });
    await admin.order.issueInvoice({ id: order.id });
    await run(new Date(at));
    expect(await invoiceRow(order.id)).toMatchObject({ status: 'issued' });
    expect(await standInDocuments(order.number)).toHaveLength(1);
  });

  it('refuses a hand-issued invoice for an unpaid order', async () => {
    const placed = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        paymentMethod: shop.payment.card,
      }),
    );
    await expectTrpcError(admin.order.issueInvoice({ id: placed.order.id }), 'CONFLICT');
  });
});

describe('the stand-in’s numbering', () => {
  const request = (externalId: string): InvoiceRequest => ({
    externalId,
    orderNumber: `R-${externalId}`,
    prefix: 'GAP',
    eInvoice: true,
    sendToBuyer: false,
    issueDate: '2026-03-01',
    fulfilmentDate: '2026-03-01',
    dueDate: '2026-03-01',
    paymentMethod: 'Bankkártya',
    paid: true,
    payableCorrection: 0,
    buyer: {
      name: 'Teszt Elek',
      postcode: '1011',
      city: 'Budapest',
      address: 'Fő utca 1.',
      country: 'Magyarország',
      email: 'elek@example.hu',
      kind: 'PRIVATE',
      taxNumber: null,
      euVatNumber: null,
    },
    lines: [
      {
        name: 'Bögre',
        quantity: 1,
        unit: 'db',
        netUnitPrice: 1000,
        vat: '27',
        net: 1000,
        vatAmount: 270,
        gross: 1270,
      },
    ],
  });

  it('numbers invoices without gaps per prefix and year, and one external id makes one invoice', async () => {
    const port = createSzamlazzAgent({ url: agent.url, agentKey: SZAMLAZZ_STAND_IN_AGENT_KEY });
    const issued = await Promise.all(
      Array.from({ length: 8 }, (_, index) => port.issue(request(`gap-${index}`))),
    );
    expect(issued.map((document) => document.number).sort()).toEqual(
      Array.from({ length: 8 }, (_, index) => `GAP-2026-${index + 1}`).sort(),
    );
    const again = await port.issue(request('gap-3'));
    expect(again.number).toBe(issued[3]?.number);
    expect(await port.issue({ ...request('gap-next'), issueDate: '2027-01-02' })).toMatchObject({
      number: 'GAP-2027-1',
      grossTotal: 1270,
      netTotal: 1000,
    });
    expect(await port.findByExternalId('gap-5')).toMatchObject({
      number: issued[5]?.number,
      grossTotal: 1270,
    });
    expect(await port.findByExternalId('never-sent')).toBeNull();
    expect((await port.pdf(issued[0]?.number ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends the invoice XML in the XSD’s order with the buyer’s tax status', () => {
    const xml = invoiceXml('kulcs', {
      ...request('x'),
      buyer: { ...request('x').buyer, kind: 'HU_COMPANY', taxNumber: COMPANY_TAX_NUMBER, euVatNumber: null },
    });
    const order = [
      '<beallitasok>',
      '<szamlaKulsoAzon>x<',
      '<fejlec>',
      '<rendelesSzam>',
      '<fizetve>',
      '<elado>',
      '<vevo>',
      '<adoalany>1</adoalany>',
      `<adoszam>${COMPANY_TAX_NUMBER}</adoszam>`,
      '<tetelek>',
    ];
    const positions = order.map((fragment) => xml.indexOf(fragment));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});

describe('the invoice PDF download', () => {
  it('answers the owner, the private link, admins; anyone else gets 404', async () => {
    const owner = await createCustomer(db.prisma);
    const ownerCaller = await callerWith(owner.token);
    const { order, accessKey } = await paidCardOrder();
    await db.prisma.order.update({ where: { id: order.id }, data: { userId: owner.id } });
    await expectTrpcError(
      ownerCaller.order.invoicePdf({ id: order.id }),
      'NOT_FOUND',
      'A rendeléshez még nincs letölthető számla.',
    );
    await run();
    const mine = await ownerCaller.order.invoicePdf({ id: order.id });
    expect(mine.contentType).toBe('application/pdf');
    expect(Buffer.from(mine.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await guest.order.invoicePdf({ id: order.id, key: accessKey })).filename).toMatch(/^szamla-KBB-/);
    expect((await admin.order.invoicePdf({ id: order.id })).content).toBe(mine.content);
    await expectTrpcError(guest.order.invoicePdf({ id: order.id }), 'NOT_FOUND', 'A rendelés nem található.');
    const other = await callerWith((await createCustomer(db.prisma)).token);
    await expectTrpcError(other.order.invoicePdf({ id: order.id }), 'NOT_FOUND', 'A rendelés nem található.');
    await expectTrpcError(
      guest.order.invoicePdf({ id: order.id, key: 'x'.repeat(32) }),
      'NOT_FOUND',
      'A rendelés nem található.',
    );
  });
});

describe('invoicing settings', () => {
  it('seals the Agent key and answers only its last 4 characters; without a key the stand-in invoices', async () => {
    expect(await admin.invoice.settings()).toMatchObject({
      source: 'stand_in',
      agentKeySet: false,
      prefix: 'KBB',
    });
    const key = 'abcdefghijklmnopqrstuvwxyz0123456789ABCD';
    const saved = await admin.invoice.updateSettings({
      provider: 'szamlazz',
      enabled: true,
      agentKey: key,
      prefix: 'KBB',
      eInvoice: true,
      sendToBuyer: false,
      offlineIssueOn: 'paid',
    });
    expect(saved).toMatchObject({
      source: 'admin',
      agentKeySet: true,
      agentKeyLast4: 'ABCD',
      offlineIssueOn: 'paid',
    });
    expect(JSON.stringify(saved)).not.toContain(key);
    const row = await db.prisma.invoiceSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.agentKeyEncrypted).not.toContain(key);
    // The stand-in refuses any other key than its own, as Számlázz.hu refuses a wrong one.
    expect(await admin.invoice.testConnection({})).toMatchObject({ ok: false, source: 'admin' });
    expect((await resolveInvoicing(db.prisma, setup)).source).toBe('admin');

    await admin.invoice.updateSettings({
      provider: 'szamlazz',
      enabled: true,
      agentKey: null,
      prefix: 'KBB',
      eInvoice: true,
      sendToBuyer: true,
      offlineIssueOn: 'completed',
    });
    expect(await admin.invoice.testConnection({})).toMatchObject({ ok: true, source: 'stand_in' });
  });

  it('refuses to store a key without an encryption key (409)', async () => {
    const withoutKey = createCaller(
      await createContext({
        prisma: db.prisma,
        headers: new Headers({ token: (await createAdmin(db.prisma)).token }),
        encryptionKey: null,
      }),
    );
    await expectTrpcError(
      withoutKey.invoice.updateSettings({
        provider: 'szamlazz',
        enabled: true,
        agentKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCD',
        prefix: 'KBB',
        eInvoice: true,
        sendToBuyer: true,
        offlineIssueOn: 'completed',
      }),
      'CONFLICT',
    );
  });
});
