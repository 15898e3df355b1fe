import { randomBytes } from 'node:crypto';
import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/cache';
import { createContext } from '../src/context';
import { normalizeHungarianAccountNumber } from '../src/schemas';
import { ENCRYPTION_KEY_MISSING, PAYEE_REQUIRED } from '../src/services/checkout/payment-settings';
import type { BarionConfig } from '../src/services/payments/barion-client';
import { BARION_STAND_IN_POS_KEY } from '../src/services/payments/barion-config';
import type { StartedBarionStandIn } from '../src/stand-ins/barion';
import { type Caller, callerFor, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createShop, orderInput, type Shop, startBarion } from './order-fixtures';

const KEY = randomBytes(32);
const REAL_LOOKING_KEY = '3f2a9c1be0d94c7a8b65e4f3a2c1d0e9';
const DEMO_ACCOUNT = '12345676-12345678-90123452';

let db: Database;
let shop: Shop;
let barion: { stand: StartedBarionStandIn; config: BarionConfig };
let admin: SignedIn;
/** The admin, on a server with an encryption key, whose Barion hosts are the stand-in. */
let adminCaller: Caller;
let customer: Caller;
let guest: Caller;

const hosts = () => ({ test: barion.stand.url, live: barion.stand.url });
const adminOn = (options: { encryptionKey?: Buffer; cache?: VersionedCache } = {}) =>
  callerFor(db.prisma, { token: admin.token, barion: barion.config, barionHosts: hosts(), ...options });

const settingsInput = (overrides: Record<string, unknown> = {}) => ({
  barionPayee: 'bolt@example.hu',
  barionEnvironment: 'test' as const,
  bankAccountHolder: 'Kék Bögre Kft.',
  bankName: 'Példa Bank Zrt.',
  bankAccountNumber: DEMO_ACCOUNT,
  ...overrides,
});

beforeAll(async () => {
  db = await createTestDatabase();
  shop = await createShop(db.prisma);
  barion = await startBarion();
  admin = await createAdmin(db.prisma);
  adminCaller = await adminOn({ encryptionKey: KEY });
  customer = (await createCustomer(db.prisma)).caller;
  guest = await callerFor(db.prisma, { barion: barion.config });
});
afterAll(async () => {
  await barion?.stand.close();
  await db?.close();
});

describe('shipping methods in the admin', () => {
  it('creates a method with every field, lists it in position order and edits it', async () => {
    const created = await adminCaller.checkout.shippingCreate({
      name: 'Expressz futár',
      description: 'Még aznap kiszállítjuk.',
      fee: 2990,
      freeAbove: 40_000,
      needsAddress: true,
      deliveryTime: 'aznap',
      paymentMethods: [shop.payment.card, shop.payment.cod],
      enabled: false,
      position: 0,
    });
    expect(created).toMatchObject({
      name: 'Expressz futár',
      fee: 2990,
      freeAbove: 40_000,
      deliveryTime: 'aznap',
      paymentMethods: [shop.payment.card, shop.payment.cod],
      enabled: false,
    });
    const edited = await adminCaller.checkout.shippingUpdate({
      id: created.id,
      fee: 3490,
      freeAbove: null,
      enabled: true,
      paymentMethods: [],
      deliveryTime: '',
    });
    expect(edited).toMatchObject({
      fee: 3490,
      freeAbove: null,
      enabled: true,
      paymentMethods: [],
      deliveryTime: null,
    });
    expect(await adminCaller.checkout.shippingById({ id: created.id })).toMatchObject({ orderCount: 0 });
    // Shoppers read no order counts.
    expect(await guest.checkout.shippingById({ id: created.id })).not.toHaveProperty('orderCount');
  });

  it('puts the methods in the order the admin gives, and refuses a list that leaves one out', async () => {
    const { items } = await adminCaller.checkout.shippingList();
    const reversed = items.map((item) => item.id).reverse();
    const reordered = await adminCaller.checkout.shippingReorder({ ids: reversed });
    expect(reordered.items.map((item) => item.id)).toEqual(reversed);
    expect(reordered.items.map((item) => item.position)).toEqual(reversed.map((_, index) => index));
    // Shoppers see the new order too (the cache was dropped).
    const shopperOrder = (await guest.checkout.shippingList()).items.map((item) => item.id);
    expect(shopperOrder).toEqual(reversed.filter((id) => shopperOrder.includes(id)));
    await expectTrpcError(
      adminCaller.checkout.shippingReorder({ ids: reversed.slice(1) }),
      'CONFLICT',
      /pontosan egyszer/,
    );
  });

  it('answers field errors in Hungarian', async () => {
    const error = await expectTrpcError(
      adminCaller.checkout.shippingCreate({ name: '', fee: -5 } as never),
      'BAD_REQUEST',
      /Hibás adat/,
    );
    expect(error.message).toMatch(/név kötelező|ár nem lehet negatív/);
    await expectTrpcError(
      adminCaller.checkout.shippingCreate({ name: 'X', fee: 100, paymentMethods: [999_999] }),
      'BAD_REQUEST',
      /ismeretlen fizetési mód/,
    );
  });

  it('counts the orders that used a method, and deleting it leaves those orders intact', async () => {
    const method = await adminCaller.checkout.shippingCreate({ name: 'Törlendő futár', fee: 1500 });
    const placed = await guest.cart.order(
      orderInput(shop, { cart: [{ product: shop.products.mug, quantity: 1 }], shippingMethod: method.id }),
    );
    expect((await adminCaller.checkout.shippingById({ id: method.id })).orderCount).toBe(1);
    await adminCaller.checkout.shippingDelete({ id: method.id });
    const order = await db.prisma.order.findUniqueOrThrow({ where: { id: placed.order.id } });
    expect(order).toMatchObject({
      shippingMethodId: null,
      shippingMethodName: 'Törlendő futár',
      shippingFee: 1500,
    });
    await expectTrpcError(adminCaller.checkout.shippingById({ id: method.id }), 'NOT_FOUND');
  });

  it('refuses shoppers (403) and strangers (401)', async () => {
    await expectTrpcError(customer.checkout.shippingCreate({ name: 'X', fee: 1 }), 'FORBIDDEN');
    await expectTrpcError(guest.checkout.shippingReorder({ ids: [1] }), 'UNAUTHORIZED');
  });
});

describe('payment methods in the admin', () => {
  it('creates, edits, reorders and deletes, counting orders that used the method', async () => {
    const method = await adminCaller.checkout.paymentCreate({
      name: 'Készpénz az üzletben',
      description: 'Átvételkor',
      provider: 'cash_on_delivery',
      fee: 190,
      enabled: true,
      position: 9,
    });
    expect(method).toMatchObject({ provider: 'cash_on_delivery', fee: 190, position: 9 });
    const edited = await adminCaller.checkout.paymentUpdate({ id: method.id, fee: 0, enabled: false });
    expect(edited).toMatchObject({ fee: 0, enabled: false });
    expect((await guest.checkout.paymentList()).items.map((item) => item.id)).not.toContain(method.id);
    const { items } = await adminCaller.checkout.paymentList();
    const moved = [method.id, ...items.map((item) => item.id).filter((id) => id !== method.id)];
    expect((await adminCaller.checkout.paymentReorder({ ids: moved })).items[0]?.id).toBe(method.id);
    expect((await adminCaller.checkout.paymentById({ id: shop.payment.cod })).orderCount).toBeGreaterThan(0);
    await adminCaller.checkout.paymentDelete({ id: method.id });
    await expectTrpcError(adminCaller.checkout.paymentById({ id: method.id }), 'NOT_FOUND');
  });

  it('refuses an unknown provider in Hungarian', async () => {
    await expectTrpcError(
      adminCaller.checkout.paymentCreate({ name: 'PayPal', provider: 'paypal' } as never),
      'BAD_REQUEST',
      /barion, cash_on_delivery vagy bank_transfer/,
    );
  });
});

describe('payment settings', () => {
  it('reads the defaults: no key, the stand-in in use', async () => {
    const settings = await adminCaller.checkout.settings();
    expect(settings).toMatchObject({
      barionPosKeySet: false,
      barionPosKeyLast4: null,
      barionSource: 'stand_in',
      canStorePosKey: true,
    });
  });

  it('stores the POS key sealed, answers only its last four characters, and keeps it when left out', async () => {
    const saved = await adminCaller.checkout.settingsUpdate(
      settingsInput({ barionPosKey: REAL_LOOKING_KEY }),
    );
    expect(saved).toMatchObject({
      barionPosKeySet: true,
      barionPosKeyLast4: REAL_LOOKING_KEY.slice(-4),
      barionPosKeyReadable: true,
      barionSource: 'admin',
      bankAccountNumber: DEMO_ACCOUNT,
    });
    expect(JSON.stringify(saved)).not.toContain(REAL_LOOKING_KEY);
    const row = await db.prisma.paymentSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.barionPosKeyEncrypted).toBeTruthy();
    expect(row.barionPosKeyEncrypted).not.toContain(REAL_LOOKING_KEY);
    expect(row.barionPosKeyEncrypted).not.toContain(REAL_LOOKING_KEY.slice(-8));
    // Saving again without the key keeps it.
    const again = await adminCaller.checkout.settingsUpdate(settingsInput({ bankName: 'Másik Bank Zrt.' }));
    expect(again).toMatchObject({ barionPosKeySet: true, bankName: 'Másik Bank Zrt.' });
    expect(
      (await db.prisma.paymentSetting.findUniqueOrThrow({ where: { id: 1 } })).barionPosKeyEncrypted,
    ).toBe(row.barionPosKeyEncrypted);
    await adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: null }));
  });

  it('uses the admin key over the server account, and the server account again once it is removed', async () => {
    const resolved = async () =>
      (
        await createContext({
          prisma: db.prisma,
          headers: new Headers(),
          barion: barion.config,
          encryptionKey: KEY,
          barionHosts: { test: 'https://teszt.example', live: 'https://eles.example' },
        })
      ).barion();
    expect(await resolved()).toEqual(barion.config);
    await adminCaller.checkout.settingsUpdate(
      settingsInput({
        barionPosKey: REAL_LOOKING_KEY,
        barionEnvironment: 'live',
        barionPayee: 'Penz@Example.hu',
      }),
    );
    expect(await resolved()).toEqual({
      apiUrl: 'https://eles.example',
      posKey: REAL_LOOKING_KEY,
      payee: 'penz@example.hu',
    });
    await adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: null }));
    expect(await resolved()).toEqual(barion.config);
  });

  it('another server sees a saved key within its poll interval', async () => {
    const otherServer = new VersionedCache(db.prisma, { pollIntervalMs: 0 });
    const other = () =>
      createContext({
        prisma: db.prisma,
        headers: new Headers(),
        cache: otherServer,
        barion: barion.config,
        encryptionKey: KEY,
        barionHosts: hosts(),
      });
    expect((await (await other()).barion()).posKey).toBe(barion.config.posKey);
    await adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: REAL_LOOKING_KEY }));
    expect((await (await other()).barion()).posKey).toBe(REAL_LOOKING_KEY);
    await adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: null }));
  });

  it('refuses to save a POS key without an encryption key, and stores nothing in clear', async () => {
    const keyless = await adminOn();
    expect((await keyless.checkout.settings()).canStorePosKey).toBe(false);
    await expectTrpcError(
      keyless.checkout.settingsUpdate(settingsInput({ barionPosKey: REAL_LOOKING_KEY })),
      'CONFLICT',
      ENCRYPTION_KEY_MISSING,
    );
    const row = await db.prisma.paymentSetting.findUnique({ where: { id: 1 } });
    expect(row?.barionPosKeyEncrypted ?? null).toBeNull();
    // The rest of the settings can still be saved.
    await keyless.checkout.settingsUpdate(settingsInput({ bankName: 'Kulcs Nélküli Bank' }));
  });

  it('says when the saved key cannot be opened with this server key, and never falls back to the stand-in', async () => {
    await adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: REAL_LOOKING_KEY }));
    const otherKey = await adminOn({ encryptionKey: randomBytes(32) });
    expect(await otherKey.checkout.settings()).toMatchObject({
      barionPosKeySet: true,
      barionPosKeyReadable: false,
      barionPosKeyLast4: null,
      barionSource: 'admin',
    });
    const test = await otherKey.checkout.settingsTest({});
    expect(test).toMatchObject({ ok: false, message: expect.stringMatching(/nem olvasható/) });
    await adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: null }));
  });

  it('validates the payee, the account number and its holder in Hungarian', async () => {
    await expectTrpcError(
      adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: REAL_LOOKING_KEY, barionPayee: '' })),
      'BAD_REQUEST',
      PAYEE_REQUIRED,
    );
    await expectTrpcError(
      adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: 'nem-kulcs' })),
      'BAD_REQUEST',
      /POS-kulcs egy GUID/,
    );
    await expectTrpcError(
      adminCaller.checkout.settingsUpdate(settingsInput({ bankAccountNumber: '12345678-12345678-12345678' })),
      'BAD_REQUEST',
      /ellenőrző számjegyek/,
    );
    await expectTrpcError(
      adminCaller.checkout.settingsUpdate(settingsInput({ bankAccountNumber: 'HU42 1177' })),
      'BAD_REQUEST',
      /2×8 vagy 3×8 számjegy/,
    );
    await expectTrpcError(
      adminCaller.checkout.settingsUpdate(settingsInput({ bankAccountHolder: '' })),
      'BAD_REQUEST',
      /számlatulajdonos neve kötelező/,
    );
    const saved = await adminCaller.checkout.settingsUpdate(
      settingsInput({ bankAccountNumber: '11773016 11111018' }),
    );
    expect(saved.bankAccountNumber).toBe('11773016-11111018');
  });

  it('admits only admins: a customer gets 403, a stranger 401', async () => {
    await expectTrpcError(customer.checkout.settings(), 'FORBIDDEN');
    await expectTrpcError(guest.checkout.settingsUpdate(settingsInput()), 'UNAUTHORIZED');
    await expectTrpcError(customer.checkout.settingsTest({}), 'FORBIDDEN');
  });
});

describe('test connection', () => {
  it('works against the stand-in in use when nothing is saved', async () => {
    const result = await adminCaller.checkout.settingsTest({});
    expect(result).toMatchObject({ ok: true, source: 'stand_in' });
    expect(result.message).toMatch(/A kapcsolat működik/);
  });

  it('tells a right key from a wrong one before it is saved', async () => {
    const right = await adminCaller.checkout.settingsTest({ barionPosKey: BARION_STAND_IN_POS_KEY });
    expect(right).toMatchObject({ ok: true, source: 'admin', environment: 'test' });
    const wrong = await adminCaller.checkout.settingsTest({ barionPosKey: REAL_LOOKING_KEY });
    expect(wrong).toMatchObject({ ok: false, source: 'admin' });
    expect(wrong.message).toMatch(/nem fogadta el a POS-kulcsot/);
  });

  it('tests the saved key, and says when Barion cannot be reached', async () => {
    await adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: BARION_STAND_IN_POS_KEY }));
    expect(await adminCaller.checkout.settingsTest({})).toMatchObject({ ok: true, source: 'admin' });
    const unreachable = await callerFor(db.prisma, {
      token: admin.token,
      barion: barion.config,
      encryptionKey: KEY,
      barionHosts: { test: 'http://127.0.0.1:9', live: 'http://127.0.0.1:9' },
    });
    const result = await unreachable.checkout.settingsTest({});
    expect(result).toMatchObject({ ok: false });
    expect(result.message).toMatch(/nem érhető el/);
    await adminCaller.checkout.settingsUpdate(settingsInput({ barionPosKey: null }));
  });
});

describe('bank account in order e-mails', () => {
  it('a transfer order e-mail states the saved bank account', async () => {
    await adminCaller.checkout.settingsUpdate(
      settingsInput({
        bankAccountHolder: 'Teszt Bögre Bt.',
        bankName: 'Próba Bank',
        bankAccountNumber: '11773016-11111018',
      }),
    );
    const placed = await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        paymentMethod: shop.payment.transfer,
        customer: {
          email: 'atutalo@example.hu',
          firstName: 'Ádám',
          lastName: 'Utaló',
          phone: '06 30 123 4567',
        },
      }),
    );
    const mail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { to: 'atutalo@example.hu', templateKey: 'order_confirmation' },
    });
    expect(mail.html).toContain('11773016-11111018');
    expect(mail.html).toContain('Teszt Bögre Bt.');
    expect(mail.html).toContain(placed.order.number);
  });

  it('without a saved account the e-mail says the shop will send it, and no made-up account', async () => {
    await adminCaller.checkout.settingsUpdate(
      settingsInput({ bankAccountHolder: null, bankName: null, bankAccountNumber: null }),
    );
    await guest.cart.order(
      orderInput(shop, {
        cart: [{ product: shop.products.mug, quantity: 1 }],
        paymentMethod: shop.payment.transfer,
        customer: {
          email: 'szamla-nelkul@example.hu',
          firstName: 'Éva',
          lastName: 'Utaló',
          phone: '06 30 123 4567',
        },
      }),
    );
    const mail = await db.prisma.emailOutbox.findFirstOrThrow({
      where: { to: 'szamla-nelkul@example.hu', templateKey: 'order_confirmation' },
    });
    expect(mail.html).toContain('külön e-mailben küldi el');
    expect(mail.html).not.toMatch(/Bankszámlaszám:/);
  });
});

describe('Hungarian account numbers', () => {
  it('accepts 2×8 and 3×8 digits with valid check digits and writes them with dashes', () => {
    expect(normalizeHungarianAccountNumber('1177301611111018')).toBe('11773016-11111018');
    expect(normalizeHungarianAccountNumber(DEMO_ACCOUNT.replaceAll('-', ' '))).toBe(DEMO_ACCOUNT);
    expect(normalizeHungarianAccountNumber('11773016-11111019')).toBeNull();
    expect(normalizeHungarianAccountNumber('11773017-11111018')).toBeNull();
    expect(normalizeHungarianAccountNumber('11773016-1111101')).toBeNull();
  });
});
