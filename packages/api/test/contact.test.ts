import type { Database } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import type { TContactInput, TOfferInput } from '../src/schemas';
import {
  FORM_TOKEN_INVALID_MESSAGE,
  FORM_TOKEN_USED_MESSAGE,
  FORM_TOO_FAST_MESSAGE,
  formTokenSecret,
  issueFormToken,
  MIN_FILL_MS,
} from '../src/services/contact/form-token';
import { INQUIRY_RATE_LIMITED_MESSAGE } from '../src/services/request-limits';
import { type Caller, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';
import { createProduct } from './order-fixtures';

const ENCRYPTION_KEY = Buffer.alloc(32, 7);
const SHOP_ADDRESS = 'uzenetek@bolt.example.hu';

let db: Database;
let admin: SignedIn;
let customer: SignedIn;
let mug: number;
let plate: number;
let hidden: number;
let ipCounter = 0;

/** A visitor from an address of its own, so the per-address limit of one test does not touch another's. */
async function visitorFrom(options: { token?: string; ip?: string } = {}): Promise<Caller> {
  ipCounter += 1;
  return createCaller(
    await createContext({
      prisma: db.prisma,
      headers: new Headers(options.token ? { token: options.token } : {}),
      ip: options.ip ?? `10.0.0.${ipCounter}`,
      encryptionKey: ENCRYPTION_KEY,
      publicUrl: 'https://bolt.example.hu',
    }),
  );
}

/** A token as the form got it `ageMs` ago. */
function tokenAged(ageMs: number): string {
  return issueFormToken(formTokenSecret(ENCRYPTION_KEY), new Date(Date.now() - ageMs)).token;
}

function contactInput(overrides: Partial<TContactInput> = {}): TContactInput {
  return {
    name: 'Kovács Anna',
    email: 'anna@example.hu',
    phone: '06 30 123 4567',
    subject: 'Szállítási idő',
    message: 'Mikor érkezik a kék bögre?',
    consent: true,
    formToken: tokenAged(MIN_FILL_MS + 1000),
    website: '',
    ...overrides,
  };
}

function offerInput(overrides: Partial<TOfferInput> = {}): TOfferInput {
  return {
    companyName: 'Minta Kft.',
    taxNumber: '12345676-1-12',
    name: 'Szabó Péter',
    email: 'peter@minta.example.hu',
    phone: '+36 1 234 5678',
    postcode: '1065',
    city: 'Budapest',
    address: 'Bögre utca 1.',
    lines: [
      { product: mug, quantity: 20 },
      { product: plate, quantity: 5 },
    ],
    note: 'Céges ajándéknak kellene.',
    consent: true,
    formToken: tokenAged(MIN_FILL_MS + 1000),
    ...overrides,
  };
}

async function outboxTo(to: string) {
  return db.prisma.emailOutbox.findMany({ where: { to }, orderBy: { id: 'asc' } });
}

beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  await db.prisma.emailSetting.create({ data: { id: 1, notificationEmail: SHOP_ADDRESS } });
  admin = await createAdmin(db.prisma);
  customer = await createCustomer(db.prisma);
  mug = await createProduct(db.prisma, {
    slug: 'kek-bogre',
    title: 'Kék bögre',
    grossPrice: 3990,
    stock: 10,
  });
  plate = await createProduct(db.prisma, { slug: 'tanyer', title: 'Tányér', grossPrice: 2490, stock: 10 });
  hidden = await createProduct(db.prisma, {
    slug: 'rejtett',
    title: 'Rejtett',
    grossPrice: 100,
    stock: 1,
    enabled: false,
  });
});
afterAll(() => db?.close());

describe('the contact form', () => {
  it('stores the message, notifies the shop and acknowledges it to the sender in the outbox', async () => {
    const visitor = await visitorFrom();
    await expect(visitor.contact.send(contactInput())).resolves.toEqual({ ok: true });

    const stored = await db.prisma.contactMessage.findFirstOrThrow({ where: { email: 'anna@example.hu' } });
    expect(stored).toMatchObject({
      name: 'Kovács Anna',
      phone: '+36 30 123 4567',
      subject: 'Szállítási idő',
      status: 'new',
      userId: null,
    });
    const [toShop] = await outboxTo(SHOP_ADDRESS);
    expect(toShop).toMatchObject({ templateKey: 'contact_message' });
    expect(toShop?.html).toContain('Mikor érkezik a kék bögre?');
    const [ack] = await outboxTo('anna@example.hu');
    expect(ack).toMatchObject({
      templateKey: 'contact_received',
      subject: 'Megkaptuk az üzenetedet: Szállítási idő',
    });
    expect(ack?.html).toContain('Kedves Kovács Anna!');
  });

  it('links a signed-in customer’s message to the account', async () => {
    const signedIn = await visitorFrom({ token: customer.token });
    await signedIn.contact.send(contactInput({ email: customer.email }));
    const stored = await db.prisma.contactMessage.findFirstOrThrow({ where: { email: customer.email } });
    expect(stored.userId).toBe(customer.id);
  });

  it('refuses a message without consent, with the reason in Hungarian', async () => {
    const visitor = await visitorFrom();
    await expectTrpcError(
      visitor.contact.send(contactInput({ consent: false, email: 'nincs@example.hu' })),
      'BAD_REQUEST',
      /adatkezelési tájékoztató elfogadása kötelező/,
    );
    expect(await db.prisma.contactMessage.count({ where: { email: 'nincs@example.hu' } })).toBe(0);
  });

  it('answers a filled honeypot as if it were accepted, and stores and sends nothing', async () => {
    const visitor = await visitorFrom();
    const bot = contactInput({ email: 'robot@example.hu', website: 'https://spam.example', formToken: 'x' });
    await expect(visitor.contact.send(bot)).resolves.toEqual({ ok: true });
    expect(await db.prisma.contactMessage.count({ where: { email: 'robot@example.hu' } })).toBe(0);
    expect(await outboxTo('robot@example.hu')).toHaveLength(0);
  });

  it('refuses a form sent too soon after it was opened, and a forged or stale token', async () => {
    const visitor = await visitorFrom();
    await expectTrpcError(
      visitor.contact.send(contactInput({ formToken: tokenAged(500), email: 'gyors@example.hu' })),
      'BAD_REQUEST',
      FORM_TOO_FAST_MESSAGE,
    );
    const issuedAt = Date.now() - 10_000;
    await expectTrpcError(
      visitor.contact.send(contactInput({ formToken: `${issuedAt}.hamis`, email: 'gyors@example.hu' })),
      'BAD_REQUEST',
      FORM_TOKEN_INVALID_MESSAGE,
    );
    const otherSecret = issueFormToken(Buffer.alloc(32, 9), new Date(issuedAt)).token;
    await expectTrpcError(
      visitor.contact.send(contactInput({ formToken: otherSecret, email: 'gyors@example.hu' })),
      'BAD_REQUEST',
      FORM_TOKEN_INVALID_MESSAGE,
    );
    await expectTrpcError(
      visitor.contact.send(contactInput({ formToken: tokenAged(25 * 3600_000), email: 'gyors@example.hu' })),
      'BAD_REQUEST',
      FORM_TOKEN_INVALID_MESSAGE,
    );
    expect(await db.prisma.contactMessage.count({ where: { email: 'gyors@example.hu' } })).toBe(0);
  });

  it('hands out a token that another server with the same key accepts once the minimum time has passed', async () => {
    const visitor = await visitorFrom();
    const { token, minFillSeconds } = await visitor.contact.formToken();
    expect(minFillSeconds).toBe(MIN_FILL_MS / 1000);
    await expectTrpcError(
      visitor.contact.send(contactInput({ formToken: token, email: 'token@example.hu' })),
      'BAD_REQUEST',
      FORM_TOO_FAST_MESSAGE,
    );
  });

  it('limits messages per sender address and per IP address (429)', async () => {
    const email = 'sok@example.hu';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await (await visitorFrom()).contact.send(contactInput({ email }));
    }
    await expectTrpcError(
      (await visitorFrom()).contact.send(contactInput({ email })),
      'TOO_MANY_REQUESTS',
      INQUIRY_RATE_LIMITED_MESSAGE,
    );
    expect(await db.prisma.contactMessage.count({ where: { email } })).toBe(3);

    const sameIp = await visitorFrom({ ip: '192.0.2.50' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await sameIp.contact.send(contactInput({ email: `ip${attempt}@example.hu` }));
    }
    await expectTrpcError(
      sameIp.contact.send(contactInput({ email: 'ip5@example.hu' })),
      'TOO_MANY_REQUESTS',
      INQUIRY_RATE_LIMITED_MESSAGE,
    );
  });
});

describe('offer requests', () => {
  it('stores the request with its lines and e-mails the shop and the sender the products asked for', async () => {
    const visitor = await visitorFrom();
    await expect(visitor.contact.offer(offerInput())).resolves.toEqual({ ok: true });
    const stored = await db.prisma.offerRequest.findFirstOrThrow({
      where: { email: 'peter@minta.example.hu' },
      include: { lines: { orderBy: { position: 'asc' } } },
    });
    expect(stored).toMatchObject({ companyName: 'Minta Kft.', taxNumber: '12345676-1-12', city: 'Budapest' });
    expect(stored.lines.map((line) => [line.productId, line.productTitle, line.quantity])).toEqual([
      [mug, 'Kék bögre', 20],
      [plate, 'Tányér', 5],
    ]);
    const [toShop] = await outboxTo(SHOP_ADDRESS).then((all) =>
      all.filter((m) => m.templateKey === 'offer_request'),
    );
    expect(toShop?.html).toContain('Kék bögre – 20 db');
    expect(toShop?.html).toContain('12345676-1-12');
    const [ack] = await outboxTo('peter@minta.example.hu');
    expect(ack).toMatchObject({ templateKey: 'offer_received' });
    expect(ack?.html).toContain('Tányér – 5 db');
  });

  it('checks the Hungarian tax number’s check digit', async () => {
    const visitor = await visitorFrom();
    await expectTrpcError(
      visitor.contact.offer(offerInput({ taxNumber: '12345678-1-12' })),
      'BAD_REQUEST',
      /taxNumber – Az adószám ellenőrző számjegye hibás/,
    );
  });

  it('refuses a product the shopper cannot buy, naming its line, and an empty list', async () => {
    const visitor = await visitorFrom();
    await expectTrpcError(
      visitor.contact.offer(
        offerInput({
          lines: [
            { product: mug, quantity: 1 },
            { product: hidden, quantity: 2 },
          ],
        }),
      ),
      'BAD_REQUEST',
      /lines\.1\.product/,
    );
    await expectTrpcError(
      visitor.contact.offer(offerInput({ lines: [] })),
      'BAD_REQUEST',
      /Legalább egy terméket/,
    );
  });

  it('requires consent and treats a filled honeypot as a bot', async () => {
    const visitor = await visitorFrom();
    await expectTrpcError(visitor.contact.offer(offerInput({ consent: false })), 'BAD_REQUEST', /kötelező/);
    await expect(
      visitor.contact.offer(offerInput({ email: 'robot@example.hu', website: 'x' })),
    ).resolves.toEqual({ ok: true });
    expect(await db.prisma.offerRequest.count({ where: { email: 'robot@example.hu' } })).toBe(0);
  });
});

describe('the admin’s inquiry lists', () => {
  it('refuses strangers (401) and shoppers (403)', async () => {
    const stranger = await visitorFrom();
    await expectTrpcError(stranger.contact.messageList({}), 'UNAUTHORIZED');
    await expectTrpcError(stranger.contact.offerList({}), 'UNAUTHORIZED');
    await expectTrpcError(customer.caller.contact.messageList({}), 'FORBIDDEN');
    await expectTrpcError(customer.caller.contact.offerById({ id: 1 }), 'FORBIDDEN');
    await expectTrpcError(customer.caller.contact.messageStatus({ id: 1, status: 'closed' }), 'FORBIDDEN');
  });

  it('lists, searches, filters by status, sorts and pages, and changes a status', async () => {
    const all = await admin.caller.contact.messageList({});
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect((all.items[0]?.createdAt ?? '') >= (all.items.at(-1)?.createdAt ?? '')).toBe(true);

    const found = await admin.caller.contact.messageList({ search: 'ANNA@example' });
    expect(found.items.map((item) => item.email)).toEqual(['anna@example.hu']);
    const anna = found.items[0];
    if (!anna) throw new Error('nincs üzenet');

    const answered = await admin.caller.contact.messageStatus({ id: anna.id, status: 'answered' });
    expect(answered.status).toBe('answered');
    expect(answered.statusChangedAt).not.toBeNull();
    const onlyAnswered = await admin.caller.contact.messageList({ status: 'answered' });
    expect(onlyAnswered.items.map((item) => item.id)).toEqual([anna.id]);

    const byName = await admin.caller.contact.messageList({
      sort: 'name',
      order: 'asc',
      pageSize: 2,
      page: 2,
    });
    expect(byName.items).toHaveLength(2);
    expect(byName.page).toBe(2);

    const offers = await admin.caller.contact.offerList({ status: 'new' });
    const offer = offers.items.find((item) => item.email === 'peter@minta.example.hu');
    expect(offer?.lineCount).toBe(2);
    const detail = await admin.caller.contact.offerById({ id: offer?.id ?? 0 });
    expect(detail.lines.map((line) => line.productTitle)).toEqual(['Kék bögre', 'Tányér']);
    const closed = await admin.caller.contact.offerStatus({ id: detail.id, status: 'closed' });
    expect(closed.status).toBe('closed');
    await expectTrpcError(admin.caller.contact.offerById({ id: 999_999 }), 'NOT_FOUND');
    await expectTrpcError(admin.caller.contact.messageStatus({ id: 999_999, status: 'new' }), 'NOT_FOUND');
  });
});

describe('the shop’s details', () => {
  it('are public to read and only the admin saves them', async () => {
    const stranger = await visitorFrom();
    const details = {
      shopName: 'Bögrebolt',
      companyName: 'Bögre Kft.',
      address: '1065 Budapest, Bögre utca 1.',
      taxNumber: '12345676-2-42',
      registrationNumber: '01-09-123456',
      email: 'info@bogrebolt.example.hu',
      phone: '+36 1 234 5678',
      phoneHours: 'H–P 9–17',
      mapUrl: 'https://www.openstreetmap.org/search?query=Budapest',
      vatExempt: false,
    };
    await expectTrpcError(stranger.shop.update(details), 'UNAUTHORIZED');
    await expectTrpcError(customer.caller.shop.update(details), 'FORBIDDEN');
    await expect(admin.caller.shop.update(details)).resolves.toEqual(details);
    await expect(stranger.shop.details()).resolves.toEqual(details);
    await expectTrpcError(
      admin.caller.shop.update({ ...details, mapUrl: 'javascript:alert(1)' }),
      'BAD_REQUEST',
      /https:\/\//,
    );
    await expect(admin.caller.shop.update({ ...details, mapUrl: '' })).resolves.toMatchObject({
      mapUrl: null,
    });
  });
});

describe('a form token sends once (#21)', () => {
  it('refuses a used contact token with other text (409) and sends no second acknowledgement', async () => {
    const formToken = tokenAged(MIN_FILL_MS + 1000);
    const email = 'egyszer@example.hu';
    await (await visitorFrom()).contact.send(contactInput({ email, formToken }));
    const replay = contactInput({ email, formToken, message: 'Nyerj egy iPhone-t: https://csalo.example' });
    await expectTrpcError((await visitorFrom()).contact.send(replay), 'CONFLICT', FORM_TOKEN_USED_MESSAGE);
    await expectTrpcError(
      (await visitorFrom()).contact.send({ ...replay, email: 'masik-aldozat@example.hu' }),
      'CONFLICT',
      FORM_TOKEN_USED_MESSAGE,
    );
    expect(await db.prisma.contactMessage.count({ where: { email } })).toBe(1);
    expect((await outboxTo(email)).map((mail) => mail.templateKey)).toEqual(['contact_received']);
    expect(await outboxTo('masik-aldozat@example.hu')).toEqual([]);
  });

  it('answers a double click (the same submission twice, at once) like the first, storing and mailing it once', async () => {
    const input = contactInput({ email: 'dupla@example.hu', formToken: tokenAged(MIN_FILL_MS + 1000) });
    const visitor = await visitorFrom();
    await expect(Promise.all([visitor.contact.send(input), visitor.contact.send(input)])).resolves.toEqual([
      { ok: true },
      { ok: true },
    ]);
    await expect(visitor.contact.send(input)).resolves.toEqual({ ok: true });
    expect(await db.prisma.contactMessage.count({ where: { email: 'dupla@example.hu' } })).toBe(1);
    expect(await outboxTo('dupla@example.hu')).toHaveLength(1);
  });

  it('refuses a used offer token with other lines or text', async () => {
    const formToken = tokenAged(MIN_FILL_MS + 1000);
    const email = 'ajanlat-egyszer@example.hu';
    await (await visitorFrom()).contact.offer(offerInput({ email, formToken }));
    await expectTrpcError(
      (await visitorFrom()).contact.offer(offerInput({ email, formToken, note: 'Más szöveg' })),
      'CONFLICT',
      FORM_TOKEN_USED_MESSAGE,
    );
    expect(await db.prisma.offerRequest.count({ where: { email } })).toBe(1);
    expect(await outboxTo(email)).toHaveLength(1);
  });
});
