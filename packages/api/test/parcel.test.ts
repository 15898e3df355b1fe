import { randomBytes } from 'node:crypto';
import type { Database } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import type { TApiScope } from '../src/schemas';
import { normalizeHungarianPhone, parcelBarcode } from '../src/services/parcels/create-parcel';
import type { FoxpostConfig } from '../src/services/parcels/foxpost-config';
import { FOXPOST_STAND_IN_ACCOUNT } from '../src/services/parcels/foxpost-config';
import { PARCEL_CARRIER_UNAVAILABLE } from '../src/services/parcels/parcel-messages';
import type { StartedFoxpostStandIn } from '../src/stand-ins/foxpost';
import { createParcelOrder, FOXPOST_TEST_POINTS, seedFoxpostPoints, startFoxpost } from '../src/testing';
import { createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

let db: Database;
let foxpost: { stand: StartedFoxpostStandIn; config: FoxpostConfig };
let admin: SignedIn;
let customer: SignedIn;
const encryptionKey = randomBytes(32);

async function callerWith(token?: string) {
  return createCaller(
    await createContext({
      prisma: db.prisma,
      headers: new Headers(token ? { token } : {}),
      foxpost: foxpost.config,
      // An account an admin saves for Foxpost's sandbox reaches the stand-in here.
      foxpostHosts: { test: foxpost.config.apiUrl, live: 'http://127.0.0.1:9/api' },
      encryptionKey,
    }),
  );
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  await seedFoxpostPoints(db.prisma);
  foxpost = await startFoxpost(db.prisma);
  admin = await createAdmin(db.prisma);
  customer = await createCustomer(db.prisma);
});
afterAll(async () => {
  await foxpost?.stand.close();
  await db?.close();
});

const adminCaller = () => callerWith(admin.token);

const standInParcels = (refCode: string) =>
  db.prisma.foxpostStandInParcel.findMany({
    where: { request: { path: ['refCode'], equals: refCode } },
    select: { clFoxId: true, uniqueBarcode: true, request: true },
  });

const shippedEmails = (orderNumber: string) =>
  db.prisma.emailOutbox.findMany({
    where: { templateKey: 'order_shipped', subject: { contains: orderNumber } },
    select: { html: true, to: true },
  });

async function pageCount(base64: string): Promise<number> {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await PDFDocument.load(bytes)).getPageCount();
}

describe('Csomag feladása (POST /api/order/{id}/parcel)', () => {
  it('creates the parcel at Foxpost, stores it and ships the order with one e-mail carrying the tracking link', async () => {
    const order = await createParcelOrder(db.prisma);
    const parcel = await (await adminCaller()).order.createParcel({ id: order.id });

    expect(parcel.parcelNumber).toMatch(/^CLFOX\d{10}$/);
    expect(parcel.trackingUrl).toBe(`${foxpost.stand.url}/csomagkovetes/?code=${parcel.parcelNumber}`);
    expect(parcel.labelUrl).toBe(`/api/order/${order.id}/parcel/label`);

    const [sent] = await standInParcels(order.number);
    expect(sent?.clFoxId).toBe(parcel.parcelNumber);
    // The recipient as Foxpost wants it: the mobile number in +36 form, the locker as destination.
    expect(sent?.request).toMatchObject({
      recipientName: 'Kovács Anna',
      recipientPhone: '+36301234567',
      recipientEmail: 'csomag.vevo@example.hu',
      destination: FOXPOST_TEST_POINTS.open.id,
      cod: 0,
      refCode: order.number,
      size: 'm',
    });
    expect(sent?.uniqueBarcode).toMatch(/^KB[A-Z]{6}\d{8}$/);

    const stored = await db.prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      select: { status: true, trackingNumber: true, parcel: { select: { label: true, carrier: true } } },
    });
    expect(stored).toMatchObject({ status: 'shipped', trackingNumber: parcel.parcelNumber });
    expect(stored.parcel?.carrier).toBe('foxpost');
    expect(
      Buffer.from(stored.parcel?.label ?? [])
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const emails = await shippedEmails(order.number);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.to).toBe('csomag.vevo@example.hu');
    expect(emails[0]?.html).toContain(parcel.parcelNumber);
    expect(emails[0]?.html).toContain(`href="${parcel.trackingUrl}"`);

    const answered = await (await adminCaller()).order.byId({ id: order.id });
    expect(answered.parcel).toEqual(parcel);
    expect(answered.status).toBe('shipped');
  });

  it('answers the same parcel when called again, without a second parcel or e-mail', async () => {
    const order = await createParcelOrder(db.prisma, { status: 'packed' });
    const first = await (await adminCaller()).order.createParcel({ id: order.id });
    const again = await (await adminCaller()).order.createParcel({ id: order.id });
    expect(again).toEqual(first);
    expect(await standInParcels(order.number)).toHaveLength(1);
    expect(await shippedEmails(order.number)).toHaveLength(1);
  });

  it('after a lost answer, the retry finds the parcel the first try made instead of creating another', async () => {
    const order = await createParcelOrder(db.prisma);
    foxpost.stand.standIn.loseNextCreateAnswers();
    await expectTrpcError(
      (await adminCaller()).order.createParcel({ id: order.id }),
      'SERVICE_UNAVAILABLE',
      PARCEL_CARRIER_UNAVAILABLE,
    );
    const created = await standInParcels(order.number);
    expect(created).toHaveLength(1);
    expect(await db.prisma.parcel.count({ where: { orderId: order.id } })).toBe(0);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('processing');

    const retried = await (await adminCaller()).order.createParcel({ id: order.id });
    expect(retried.parcelNumber).toBe(created[0]?.clFoxId);
    expect(await standInParcels(order.number)).toHaveLength(1);
    expect(await shippedEmails(order.number)).toHaveLength(1);
  });

  it('two admins pressing the button at once get one parcel, one shipped status and one e-mail', async () => {
    const order = await createParcelOrder(db.prisma);
    const caller = await adminCaller();
    const [a, b] = await Promise.all([
      caller.order.createParcel({ id: order.id }),
      caller.order.createParcel({ id: order.id }),
    ]);
    expect(a.parcelNumber).toBe(b.parcelNumber);
    expect(await standInParcels(order.number)).toHaveLength(1);
    expect(await shippedEmails(order.number)).toHaveLength(1);
    expect(
      await db.prisma.orderStatusChange.count({ where: { orderId: order.id, toStatus: 'shipped' } }),
    ).toBe(1);
  });

  it('sends the grand total as cash on delivery for COD orders', async () => {
    const order = await createParcelOrder(db.prisma, {
      paymentProvider: 'cash_on_delivery',
      grandTotal: 12_345,
    });
    await (await adminCaller()).order.createParcel({ id: order.id, size: 'l' });
    const [sent] = await standInParcels(order.number);
    expect(sent?.request).toMatchObject({ cod: 12_345, size: 'l' });
  });

  describe("Foxpost's refusals in Hungarian, naming the field", () => {
    it('a landline number', async () => {
      const order = await createParcelOrder(db.prisma, { phone: '06 1 234 5678' });
      const error = await expectTrpcError(
        (await adminCaller()).order.createParcel({ id: order.id }),
        'BAD_REQUEST',
        /06 1 234 5678.*nem magyar mobilszám.*recipientPhone/,
      );
      expect(error.message).toContain('+36 20, 30, 31, 50, 51 vagy 70');
      expect(await standInParcels(order.number)).toHaveLength(0);
      expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe(
        'processing',
      );
    });

    it('no phone at all', async () => {
      const order = await createParcelOrder(db.prisma, { phone: null });
      await expectTrpcError(
        (await adminCaller()).order.createParcel({ id: order.id }),
        'BAD_REQUEST',
        /nincs telefonszám.*recipientPhone/,
      );
    });

    it('a locker Foxpost no longer has', async () => {
      const order = await createParcelOrder(db.prisma, { pickupPoint: FOXPOST_TEST_POINTS.closed });
      await expectTrpcError(
        (await adminCaller()).order.createParcel({ id: order.id }),
        'BAD_REQUEST',
        /nem ismeri a rendelés csomagautomatáját \(„FOXPOST A-BOX Salgótarján Coop Erzsébet tér”, hu5400\).*INVALID_APM_ID/,
      );
      expect(await db.prisma.parcel.count({ where: { orderId: order.id } })).toBe(0);
    });

    it('a barcode already taken, beside another refused field', async () => {
      const order = await createParcelOrder(db.prisma, { phone: '+36 1 555 0000' });
      // Whatever made the parcel with this order's barcode, the phone is refused too: both are said.
      await db.prisma.foxpostStandInParcel.create({
        data: {
          clFoxId: 'CLFOX9999999999',
          uniqueBarcode: parcelBarcode(FOXPOST_STAND_IN_ACCOUNT.username, order.id),
          sendType: 'APM',
          request: { refCode: 'más' },
        },
      });
      const error = await expectTrpcError(
        (await adminCaller()).order.createParcel({ id: order.id }),
        'BAD_REQUEST',
        /saját vonalkódjával \(uniqueBarcode: DUPLICATED_UNIQUE_BARCODE\)/,
      );
      expect(error.message).toMatch(/nem magyar mobilszám/);
    });
  });

  it('refuses orders it cannot ship, before asking Foxpost', async () => {
    const caller = await adminCaller();
    const toAddress = await createParcelOrder(db.prisma, { pickupPoint: null });
    await expectTrpcError(
      caller.order.createParcel({ id: toAddress.id }),
      'CONFLICT',
      /nem csomagautomatába megy/,
    );
    const unpaid = await createParcelOrder(db.prisma, { status: 'awaiting_payment' });
    await expectTrpcError(
      caller.order.createParcel({ id: unpaid.id }),
      'CONFLICT',
      /A csomag nem adható fel/,
    );
    const packeta = await createParcelOrder(db.prisma, {
      pickupPoint: { ...FOXPOST_TEST_POINTS.open, carrier: 'packeta', id: '12345' },
    });
    await expectTrpcError(caller.order.createParcel({ id: packeta.id }), 'CONFLICT', /Packeta/);
    await expectTrpcError(caller.order.createParcel({ id: 2_000_000_000 }), 'NOT_FOUND');
    expect(
      await db.prisma.parcel.count({ where: { orderId: { in: [toAddress.id, unpaid.id, packeta.id] } } }),
    ).toBe(0);
  });
});

describe('labels', () => {
  it('serves the stored A6 label, and fetches one the carrier did not give at creation', async () => {
    const order = await createParcelOrder(db.prisma);
    const parcel = await (await adminCaller()).order.createParcel({ id: order.id });
    const file = await (await adminCaller()).order.parcelLabel({ id: order.id });
    expect(file).toMatchObject({
      contentType: 'application/pdf',
      filename: `cimke-${order.number}-${parcel.parcelNumber}.pdf`,
    });
    expect(await pageCount(file.content)).toBe(1);
    // A6: 105 × 148 mm.
    const { width, height } = (await PDFDocument.load(Buffer.from(file.content, 'base64')))
      .getPage(0)
      .getSize();
    expect([Math.round((width * 25.4) / 72), Math.round((height * 25.4) / 72)]).toEqual([105, 148]);

    await db.prisma.parcel.update({ where: { orderId: order.id }, data: { label: null } });
    const fetched = await (await adminCaller()).order.parcelLabel({ id: order.id });
    expect(await pageCount(fetched.content)).toBe(1);
    const kept = await db.prisma.parcel.findUniqueOrThrow({
      where: { orderId: order.id },
      select: { label: true },
    });
    expect(kept.label).not.toBeNull();
  });

  it('prints many orders as one PDF in the order asked, and names the orders without a parcel', async () => {
    const caller = await adminCaller();
    const first = await createParcelOrder(db.prisma);
    const second = await createParcelOrder(db.prisma, { paymentProvider: 'cash_on_delivery' });
    await caller.order.createParcel({ id: first.id });
    await caller.order.createParcel({ id: second.id });
    const file = await caller.order.parcelLabels({ ids: [second.id, first.id, second.id] });
    expect(await pageCount(file.content)).toBe(2);

    const waiting = await createParcelOrder(db.prisma);
    await expectTrpcError(
      caller.order.parcelLabels({ ids: [first.id, waiting.id] }),
      'CONFLICT',
      new RegExp(`még nincs feladott csomag.*${waiting.number}`),
    );
    await expectTrpcError(
      caller.order.parcelLabel({ id: waiting.id }),
      'CONFLICT',
      /még nincs feladott csomag/,
    );
    await expectTrpcError(caller.order.parcelLabels({ ids: [first.id, 2_000_000_000] }), 'NOT_FOUND');
  });

  it('are for admins and keys only: 401 for strangers, 403 for shoppers and keys without the scope', async () => {
    const order = await createParcelOrder(db.prisma);
    const stranger = await callerWith();
    const shopper = await callerWith(customer.token);
    for (const caller of [stranger, shopper]) {
      const code = caller === stranger ? 'UNAUTHORIZED' : 'FORBIDDEN';
      await expectTrpcError(caller.order.createParcel({ id: order.id }), code);
      await expectTrpcError(caller.order.parcelLabel({ id: order.id }), code);
      await expectTrpcError(caller.order.parcelLabels({ ids: [order.id] }), code);
    }
    const key = async (scopes: TApiScope[]) =>
      callerWith(
        (await (await adminCaller()).apikey.create({ name: `Raktár ${scopes.join('+')}`, scopes })).key,
      );
    const reader = await key(['orders:read']);
    await expectTrpcError(reader.order.createParcel({ id: order.id }), 'FORBIDDEN', /shipping:write/);
    const writer = await key(['orders:write']);
    const parcel = await writer.order.createParcel({ id: order.id });
    expect(await pageCount((await writer.order.parcelLabel({ id: order.id })).content)).toBe(1);
    expect(await pageCount((await reader.order.parcelLabels({ ids: [order.id] })).content)).toBe(1);
    const audit = await db.prisma.orderStatusChange.findFirst({
      where: { orderId: order.id, toStatus: 'shipped' },
    });
    expect(audit?.trackingNumber).toBe(parcel.parcelNumber);
  });
});

describe('Futárszolgálatok: the Foxpost account', () => {
  it('uses the stand-in until an account is saved; secrets are sealed and only their last 4 characters shown', async () => {
    const caller = await adminCaller();
    expect((await caller.carrier.settings()).foxpost).toMatchObject({
      source: 'stand_in',
      username: null,
      passwordSet: false,
    });

    const saved = await caller.carrier.updateFoxpost({
      username: FOXPOST_STAND_IN_ACCOUNT.username,
      password: FOXPOST_STAND_IN_ACCOUNT.password,
      apiKey: FOXPOST_STAND_IN_ACCOUNT.apiKey,
      environment: 'test',
    });
    expect(saved.foxpost).toMatchObject({
      source: 'admin',
      username: FOXPOST_STAND_IN_ACCOUNT.username,
      passwordSet: true,
      passwordLast4: FOXPOST_STAND_IN_ACCOUNT.password.slice(-4),
      apiKeySet: true,
      apiKeyLast4: FOXPOST_STAND_IN_ACCOUNT.apiKey.slice(-4),
      environment: 'test',
      readable: true,
    });
    const answered = JSON.stringify(await caller.carrier.settings());
    expect(answered).not.toContain(FOXPOST_STAND_IN_ACCOUNT.password);
    expect(answered).not.toContain(FOXPOST_STAND_IN_ACCOUNT.apiKey);
    const row = await db.prisma.carrierSetting.findUniqueOrThrow({ where: { carrier: 'foxpost' } });
    expect(row.passwordEncrypted).not.toContain(FOXPOST_STAND_IN_ACCOUNT.password);
    expect(row.apiKeyEncrypted).not.toContain(FOXPOST_STAND_IN_ACCOUNT.apiKey);
    expect(await caller.carrier.testFoxpost({})).toMatchObject({ ok: true });

    // The saved account is the one used: parcels go through Foxpost's (here: the stand-in's) sandbox.
    const order = await createParcelOrder(db.prisma);
    expect((await caller.order.createParcel({ id: order.id })).parcelNumber).toMatch(/^CLFOX/);

    // A wrong password is said in Hungarian, when testing and when shipping.
    await caller.carrier.updateFoxpost({
      username: FOXPOST_STAND_IN_ACCOUNT.username,
      password: 'rossz-jelszo',
      environment: 'test',
    });
    expect(await caller.carrier.testFoxpost({})).toMatchObject({
      ok: false,
      message: /nem fogadta el a fiókot/,
    });
    const refused = await createParcelOrder(db.prisma);
    await expectTrpcError(
      caller.order.createParcel({ id: refused.id }),
      'CONFLICT',
      /nem fogadta el a bolt fiókját/,
    );

    const removed = await caller.carrier.updateFoxpost({ username: null, environment: 'test' });
    expect(removed.foxpost).toMatchObject({ source: 'stand_in', passwordSet: false, apiKeySet: false });
  });

  it('needs all three parts, and an encryption key to keep the secrets', async () => {
    const caller = await adminCaller();
    await expectTrpcError(
      caller.carrier.updateFoxpost({ username: 'bolt', password: 'titok', environment: 'live' }),
      'BAD_REQUEST',
      /apiKey/,
    );
    const keyless = createCaller(
      await createContext({
        prisma: db.prisma,
        headers: new Headers({ token: admin.token }),
        encryptionKey: null,
      }),
    );
    await expectTrpcError(
      keyless.carrier.updateFoxpost({
        username: 'bolt',
        password: 'titok',
        apiKey: 'kulcs',
        environment: 'live',
      }),
      'CONFLICT',
      /SETTINGS_ENCRYPTION_KEY/,
    );
    await expectTrpcError((await callerWith(customer.token)).carrier.settings(), 'FORBIDDEN');
    await expectTrpcError((await callerWith()).carrier.settings(), 'UNAUTHORIZED');
  });
});

describe('the recipient and the barcode as Foxpost wants them', () => {
  it('puts the ways customers type a mobile number into +36 form, and leaves the rest for Foxpost to judge', () => {
    expect(normalizeHungarianPhone('06 30 123 4567')).toBe('+36301234567');
    expect(normalizeHungarianPhone('+36-30/123-4567')).toBe('+36301234567');
    expect(normalizeHungarianPhone('0036 70 123 4567')).toBe('+36701234567');
    expect(normalizeHungarianPhone('36 20 123 4567')).toBe('+36201234567');
    expect(normalizeHungarianPhone('(30) 123 4567')).toBe('+36301234567');
    expect(normalizeHungarianPhone('06 1 234 5678')).toBe('0612345678');
    expect(normalizeHungarianPhone(null)).toBe('');
  });

  it('derives a stable barcode per order and account, within Foxpost’s rules (≥4 letters, ≥4 digits, ≤20)', () => {
    const barcode = parcelBarcode('bolt', 2_147_483_647);
    expect(barcode.length).toBeLessThanOrEqual(20);
    expect(barcode.replace(/\d/g, '').length).toBeGreaterThanOrEqual(4);
    expect(barcode.replace(/\D/g, '').length).toBeGreaterThanOrEqual(4);
    expect(parcelBarcode('bolt', 42)).toBe(parcelBarcode('bolt', 42));
    expect(parcelBarcode('bolt', 42)).not.toBe(parcelBarcode('masik-bolt', 42));
    expect(parcelBarcode('bolt', 42)).not.toBe(parcelBarcode('bolt', 43));
  });
});
