import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database, PrismaClient } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccountExport } from '../src/schemas';
import {
  NOT_PERSONAL_DATA_TABLES,
  PERSONAL_DATA_TABLES,
  type PersonalDataModel,
} from '../src/services/personal-data';
import { callerFor, createUser, signIn } from './factories';

/*
 * The list of personal-data tables (services/personal-data.ts) against the schema, the export and deletion.
 *
 * The rule that makes a model "look personal", so that it must be listed as personal data or as not:
 * 1. it has a relation field of type User (either side), or
 * 2. it has a field named like contact or identity data: e-mail, phone, name, address, street, city,
 *    postcode, tax or VAT number, bank account, IBAN, IP, user agent, a recipient (`to`) or a
 *    customer key (`customer`), or
 * 3. it holds a foreign key (`@relation(fields: …)`) to a model listed as personal data: an order's lines,
 *    refunds and parcels are about the person because the order is.
 */

type SchemaField = { name: string; type: string; attributes: string };

function readSchemaModels(): Map<string, SchemaField[]> {
  const text = readFileSync(new URL('../../db/prisma/schema.prisma', import.meta.url), 'utf8');
  const models = new Map<string, SchemaField[]>();
  for (const match of text.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const [, model = '', body = ''] = match;
    const fields = body
      .split('\n')
      .map((line) => line.replace(/\s\/\/.*$/, '').trim())
      .filter((line) => line !== '' && !line.startsWith('//') && !line.startsWith('@@'))
      .map((line) => {
        const [name = '', type = '', ...attributes] = line.split(/\s+/);
        return { name, type: type.replace(/[?[\]]/g, ''), attributes: attributes.join(' ') };
      });
    models.set(model, fields);
  }
  return models;
}

const PERSONAL_FIELD_NAMES = [
  /e-?mail/i,
  /phone/i,
  /name$/i,
  /address|street|city|postcode|zip/i,
  /taxNumber|vatNumber/i,
  /bankAccount|iban/i,
  /^ip$|ipAddress/i,
  /userAgent/i,
  /^to$|recipient/i,
  /^customer$/i,
];

function whyPersonal(fields: SchemaField[], personal: ReadonlySet<string>): string | null {
  const userRelation = fields.find((field) => field.type === 'User');
  if (userRelation) return `relation to User (${userRelation.name})`;
  const named = fields.find((field) => PERSONAL_FIELD_NAMES.some((pattern) => pattern.test(field.name)));
  if (named) return `field ${named.name}`;
  const owner = fields.find(
    (field) => personal.has(field.type) && /@relation\([^)]*fields:/.test(field.attributes),
  );
  return owner ? `foreign key to ${owner.type} (${owner.name})` : null;
}

describe('the list of personal-data tables', () => {
  const models = readSchemaModels();
  const personal = new Set<string>(Object.keys(PERSONAL_DATA_TABLES));
  const notPersonal = new Set<string>(Object.keys(NOT_PERSONAL_DATA_TABLES));

  it('reads the schema', () => {
    expect(models.size).toBeGreaterThan(50);
    expect(models.get('User')?.map((field) => field.name)).toContain('email');
  });

  it('decides about every model that looks personal: listed with its export and deletion, or said not to be', () => {
    const undecided = [...models]
      .filter(([model]) => !personal.has(model) && !notPersonal.has(model))
      .flatMap(([model, fields]) => {
        const why = whyPersonal(fields, personal);
        return why ? [`${model}: ${why}`] : [];
      });
    expect(undecided, 'add these to PERSONAL_DATA_TABLES or NOT_PERSONAL_DATA_TABLES').toEqual([]);
  });

  it('names only models of the schema, each in one list', () => {
    const unknown = [...personal, ...notPersonal].filter((model) => !models.has(model));
    expect(unknown).toEqual([]);
    expect([...personal].filter((model) => notPersonal.has(model))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------- fixtures

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

type Customer = {
  id: number;
  email: string;
  password: string;
  caller: Awaited<ReturnType<typeof callerFor>>;
  /** Hex in every e-mail, user agent and free text of this customer, and in no one else's. */
  tag: string;
  phone: string;
  bankAccount: string;
  euVatNumber: string;
  freeText: string;
  userAgent: string;
};

async function createMarkedCustomer(prisma: PrismaClient): Promise<Customer> {
  const tag = randomBytes(5).toString('hex');
  const user = await createUser(prisma, 'customer', { email: `vasarlo-${tag}@example.hu` });
  const token = await signIn(prisma, user);
  const digits = (length: number) => String(randomInt(10 ** (length - 1), 10 ** length));
  return {
    ...user,
    caller: await callerFor(prisma, { token }),
    tag,
    phone: `+36 30 ${digits(3)} ${digits(4)}`,
    bankAccount: `11773016-${digits(8)}`,
    euVatNumber: `HU${digits(8)}`,
    freeText: `szabad-szoveg-${tag}`,
    userAgent: `Bongeszo-${tag}`,
  };
}

/** How to find the seeded row of a table again (a unique or identifying filter). */
type Seeded = Record<PersonalDataModel, Record<string, unknown>>;

/** One row in every table of PERSONAL_DATA_TABLES for the customer, with their markers in it. */
async function seedEveryTable(prisma: PrismaClient, customer: Customer): Promise<Seeded> {
  const { id: userId, email, tag, phone } = customer;
  await prisma.user.update({
    where: { id: userId },
    data: { phone, companyName: `Cég ${tag}`, taxNumber: '12345676-2-41' },
  });
  const product = await prisma.product.create({ data: { slug: `termek-${tag}`, grossPrice: 2990 } });
  const promotion = await prisma.promotion.create({
    data: { name: `Akció ${tag}`, kind: 'percent', value: 10 },
  });
  const address = await prisma.address.create({
    data: {
      userId,
      type: 'billing',
      name: `Számlázás ${tag}`,
      postcode: '1137',
      city: 'Budapest',
      street: 'Pozsonyi út 23.',
      phone,
      companyName: `Cég ${tag}`,
      taxNumber: '12345676-2-41',
      euVatNumber: customer.euVatNumber,
    },
  });
  await prisma.session.updateMany({ where: { userId }, data: { userAgent: customer.userAgent } });
  const session = await prisma.session.findFirstOrThrow({ where: { userId } });
  const reset = await prisma.passwordResetToken.create({
    data: { userId, tokenHash: randomBytes(16).toString('hex'), expiresAt: new Date(Date.now() + 3_600_000) },
  });
  const device = await prisma.trustedDevice.create({
    data: { userId, tokenHash: randomBytes(16).toString('hex') },
  });
  const failure = await prisma.signInFailure.create({ data: { email, ip: '203.0.113.7' } });
  const cart = await prisma.cart.create({
    data: { userId, lines: { create: { productId: product.id, quantity: 2 } } },
    include: { lines: true },
  });
  const bookmark = await prisma.bookmark.create({ data: { userId, productId: product.id } });
  await prisma.productCustomerPrice.create({ data: { userId, productId: product.id, grossPrice: 2500 } });

  const outbox = await prisma.emailOutbox.create({
    data: { to: email, subject: `Rendelés visszaigazolása ${tag}`, html: `<p>${tag}</p>` },
  });
  const order = await prisma.order.create({
    data: {
      number: `T-${tag}`,
      accessKeyHash: randomBytes(32).toString('hex'),
      termsVersion: 'altalanos-szerzodesi-feltetelek',
      userId,
      status: 'completed',
      email,
      phone,
      firstName: 'Anna',
      lastName: 'Kovács',
      billingName: 'Kovács Anna',
      billingCompanyName: 'Kovács Kft.',
      billingTaxNumber: '12345676-2-41',
      billingEuVatNumber: customer.euVatNumber,
      billingPostcode: '1137',
      billingCity: 'Budapest',
      billingStreet: 'Pozsonyi út 23.',
      pickupPoint: {
        carrier: 'foxpost',
        id: `pont-${tag}`,
        kind: 'Z-BOX',
        name: 'Foxpost Westend',
        postcode: '1062',
        city: 'Budapest',
        street: 'Váci út 1-3.',
        lat: 47.51,
        lng: 19.06,
      },
      shippingMethodName: 'Foxpost csomagautomata',
      shippingFee: 990,
      paymentMethodName: 'Átutalás',
      paymentProvider: 'bank_transfer',
      paymentFee: 0,
      itemsTotal: 2990,
      vatTotal: 847,
      grandTotal: 3980,
      paidTotal: 3980,
      refundedTotal: 2990,
      note: customer.freeText,
      lines: {
        create: {
          productId: product.id,
          productTitle: 'Bögre',
          unitPrice: 2990,
          vatRate: 27,
          quantity: 1,
          lineTotal: 2990,
        },
      },
      discounts: {
        create: { promotionId: promotion.id, label: `Akció ${tag}`, amount: 0, customer: `u:${userId}` },
      },
      statusChanges: { create: { toStatus: 'completed', note: 'Átvéve.' } },
      shipments: { create: { carrier: 'foxpost', trackingNumber: `CLFOX${tag}` } },
      parcel: {
        create: {
          carrier: 'foxpost',
          parcelNumber: `CLFOX${tag}`,
          trackingUrl: 'https://foxpost.hu/nyomkovetes',
        },
      },
      payments: { create: { provider: 'bank_transfer', status: 'succeeded', amount: 3980 } },
      withdrawals: { create: { lines: [], name: `Kovács Anna ${tag}`, email, reason: customer.freeText } },
      invoices: {
        create: { externalId: `szamla-${tag}`, provider: 'szamlazz', status: 'issued', number: `KBB-${tag}` },
      },
      statusEmails: { create: { status: 'completed', outboxId: outbox.id } },
      notes: { create: { text: `Telefonált a ${phone} számról, válasz a ${email} címre.` } },
      auditEntries: { create: { action: 'email_resent', detail: { to: email, subject: 'Állapot' } } },
    },
    include: {
      lines: true,
      discounts: true,
      statusChanges: true,
      shipments: true,
      parcel: true,
      payments: true,
      withdrawals: true,
      invoices: true,
      notes: true,
      auditEntries: true,
    },
  });
  const [line] = order.lines;
  if (!line) throw new Error('A rendelésnek nincs tétele.');
  const refund = await prisma.refund.create({
    data: {
      orderId: order.id,
      provider: 'bank_transfer',
      status: 'succeeded',
      amount: 2990,
      bankAccount: customer.bankAccount,
      lines: { create: { orderLineId: line.id, quantity: 1, amount: 2990 } },
    },
    include: { lines: true },
  });
  const contact = await prisma.contactMessage.create({
    data: {
      userId,
      name: `Kovács Anna ${tag}`,
      email,
      phone,
      subject: customer.freeText,
      message: customer.freeText,
    },
  });
  const offer = await prisma.offerRequest.create({
    data: {
      userId,
      name: `Kovács Anna ${tag}`,
      email,
      phone,
      companyName: `Cég ${tag}`,
      note: customer.freeText,
      lines: { create: { productId: product.id, productTitle: 'Bögre', quantity: 50 } },
    },
    include: { lines: true },
  });
  const quote = await prisma.quote.create({
    data: {
      offerRequestId: offer.id,
      userId,
      email,
      tokenHash: randomBytes(16).toString('hex'),
      validUntil: new Date(Date.now() + 7 * 86_400_000),
      note: customer.freeText,
      lines: { create: { productId: product.id, quantity: 50, unitPrice: 2400 } },
    },
    include: { lines: true },
  });
  const consent = await prisma.consentRecord.create({
    data: {
      userId,
      consentId: `valasztas-${tag}`,
      statistics: true,
      marketing: false,
      policyVersion: '2026-01',
      userAgent: customer.userAgent,
    },
  });
  const notification = await prisma.stockNotification.create({
    data: { userId, productId: product.id, email },
  });
  await prisma.promotionCustomerUse.create({
    data: { promotionId: promotion.id, customer: `u:${userId}`, uses: 1 },
  });
  const review = await prisma.review.create({
    data: {
      userId,
      productId: product.id,
      orderId: order.id,
      authorName: `Kovács A. ${tag}`,
      rating: 5,
      body: customer.freeText,
    },
  });
  const subscription = await prisma.newsletterSubscription.create({
    data: {
      userId,
      email,
      status: 'confirmed',
      source: 'footer',
      consentVersion: '2026-11-29',
      requestedAt: new Date(),
      confirmedAt: new Date(),
    },
  });
  const unsubscribeLink = await prisma.newsletterUnsubscribeToken.create({
    data: { subscriptionId: subscription.id, tokenHash: randomBytes(16).toString('hex') },
  });
  const newsletterConsent = await prisma.newsletterConsent.create({
    data: {
      userId,
      email,
      event: 'confirmed',
      source: 'footer',
      consentVersion: '2026-11-29',
      consentText: 'Feliratkozom a hírlevélre.',
    },
  });

  const cartReminder = await prisma.abandonedCartReminder.create({
    data: {
      cartKey: `user:${userId}:${tag}`,
      userId,
      email,
      lines: [{ product: product.id, quantity: 1 }],
      tokenHash: randomBytes(32).toString('hex'),
    },
  });
  const guestCart = await prisma.guestCartSnapshot.create({
    data: { email, lines: [{ product: product.id, quantity: 2 }] },
  });

  const only = <T>(rows: T[]): T => {
    const [row] = rows;
    if (!row) throw new Error('Hiányzó tesztsor.');
    return row;
  };
  return {
    User: { id: userId },
    Address: { id: address.id },
    Session: { id: session.id },
    PasswordResetToken: { id: reset.id },
    TrustedDevice: { id: device.id },
    SignInFailure: { id: failure.id },
    Cart: { id: cart.id },
    CartLine: { id: only(cart.lines).id },
    Bookmark: { id: bookmark.id },
    ProductCustomerPrice: { userId, productId: product.id },
    Order: { id: order.id },
    OrderLine: { id: line.id },
    OrderDiscount: { id: only(order.discounts).id },
    OrderStatusChange: { id: only(order.statusChanges).id },
    OrderShipment: { id: only(order.shipments).id },
    Parcel: { orderId: order.id },
    Payment: { id: only(order.payments).id },
    Refund: { id: refund.id },
    RefundLine: { id: only(refund.lines).id },
    Withdrawal: { id: only(order.withdrawals).id },
    Invoice: { id: only(order.invoices).id },
    EmailOutbox: { id: outbox.id },
    OrderNote: { id: only(order.notes).id },
    OrderAuditEntry: { id: only(order.auditEntries).id },
    ContactMessage: { id: contact.id },
    OfferRequest: { id: offer.id },
    OfferRequestLine: { id: only(offer.lines).id },
    Quote: { id: quote.id },
    QuoteLine: { id: only(quote.lines).id },
    ConsentRecord: { id: consent.id },
    StockNotification: { id: notification.id },
    PromotionCustomerUse: { promotionId: promotion.id, customer: `u:${userId}` },
    Review: { id: review.id },
    NewsletterSubscription: { id: subscription.id },
    NewsletterUnsubscribeToken: { tokenHash: unsubscribeLink.tokenHash },
    NewsletterConsent: { id: newsletterConsent.id },
    AbandonedCartReminder: { id: cartReminder.id },
    GuestCartSnapshot: { id: guestCart.id },
  };
}

/** The rows of a model matching a filter, read through the model's Prisma delegate by its name. */
function rowsOf(prisma: PrismaClient, model: PersonalDataModel, where: Record<string, unknown>) {
  const delegates = prisma as unknown as Record<
    string,
    { findMany(args: { where: object }): Promise<unknown[]> }
  >;
  const delegate = delegates[model.charAt(0).toLowerCase() + model.slice(1)];
  if (!delegate) throw new Error(`Nincs ilyen Prisma-modell: ${model}`);
  return delegate.findMany({ where });
}

/** Every value at a dotted path of the export, through arrays (`orders.refunds.lines`). */
function valuesAt(document: unknown, path: string): unknown[] {
  let values: unknown[] = [document];
  for (const key of path.split('.')) {
    values = values
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .map((value) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      )
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((value) => value !== undefined && value !== null);
  }
  return values;
}

const listed = Object.entries(PERSONAL_DATA_TABLES) as [
  PersonalDataModel,
  (typeof PERSONAL_DATA_TABLES)[PersonalDataModel],
][];

// ------------------------------------------------------------------------------------------ export

describe('GET /api/user/export', () => {
  it('answers a row of every exported table for the customer, and nothing of another customer', async () => {
    const customer = await createMarkedCustomer(db.prisma);
    const other = await createMarkedCustomer(db.prisma);
    await seedEveryTable(db.prisma, customer);
    await seedEveryTable(db.prisma, other);

    const exported: TAccountExport = await customer.caller.user.export();
    const missing = listed.flatMap(([model, table]) =>
      'field' in table.export && valuesAt(exported, table.export.field).length === 0
        ? [`${model} → ${table.export.field}`]
        : [],
    );
    expect(missing, 'listed tables the export answers nothing of').toEqual([]);

    const text = JSON.stringify(exported);
    expect(text).toContain(customer.email);
    for (const marker of [other.tag, other.email, other.phone, other.bankAccount, other.euVatNumber]) {
      expect(text).not.toContain(marker);
    }
    const [order] = exported.orders;
    expect(order).toMatchObject({
      number: `T-${customer.tag}`,
      billingEuVatNumber: customer.euVatNumber,
      pickupPoint: { carrier: 'foxpost', id: `pont-${customer.tag}`, name: 'Foxpost Westend' },
      grandTotal: 3980,
      refunds: [
        { amount: 2990, bankAccount: customer.bankAccount, lines: [{ productTitle: 'Bögre', quantity: 1 }] },
      ],
      emails: [{ orderStatus: 'completed', subject: `Rendelés visszaigazolása ${customer.tag}` }],
    });
    expect(order?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(exported.addresses[0]?.euVatNumber).toBe(customer.euVatNumber);
    // Withheld tables stay out: the staff's notes and trail, and who else tried the password.
    expect(text).not.toContain('Telefonált');
    expect(text).not.toContain('203.0.113.7');
    expect(text).not.toMatch(/passwordHash|tokenHash|accessKeyHash|argon2/);
  });

  it('leaves out guest orders placed with the same e-mail address: the address alone proves no ownership', async () => {
    const customer = await createMarkedCustomer(db.prisma);
    const seeded = await seedEveryTable(db.prisma, customer);
    const guestOrder = await db.prisma.order.update({
      where: { id: seeded.Order.id as number },
      data: { userId: null, number: `VENDEG-${customer.tag}` },
      select: { id: true },
    });
    await db.prisma.quote.updateMany({ where: { userId: customer.id }, data: { userId: null } });

    const exported = await customer.caller.user.export();
    expect(exported.orders).toEqual([]);
    expect(exported.quotes).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain(`VENDEG-${customer.tag}`);
    expect(guestOrder.id).toBe(seeded.Order.id);
  });
});

// ---------------------------------------------------------------------------------------- deletion

describe('account deletion', () => {
  it('deletes, anonymises or keeps the row of every listed table as the list says, and no one else’s', async () => {
    const customer = await createMarkedCustomer(db.prisma);
    const other = await createMarkedCustomer(db.prisma);
    const seeded = await seedEveryTable(db.prisma, customer);
    const othersSeeded = await seedEveryTable(db.prisma, other);

    expect(await customer.caller.user.deleteAccount({ password: customer.password })).toEqual({ ok: true });

    // What identifies or reaches the person; an anonymised row keeps none of it.
    const contacts = [customer.email, customer.phone, customer.freeText, customer.userAgent];
    const emailDigest = createHash('sha256').update(customer.email.trim().toLowerCase()).digest('hex');
    const wrong: string[] = [];
    for (const [model, table] of listed) {
      const rows = await rowsOf(db.prisma, model, seeded[model]);
      const text = JSON.stringify(rows, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
      if (table.erasure.action === 'deleted') {
        if (rows.length > 0) wrong.push(`${model}: not deleted`);
        continue;
      }
      if (rows.length !== 1) {
        wrong.push(`${model}: gone, but the list says ${table.erasure.action}`);
        continue;
      }
      const left = contacts.filter((marker) => text.toLowerCase().includes(marker.toLowerCase()));
      if (table.erasure.action !== 'kept' && left.length > 0) {
        wrong.push(`${model}: still holds ${left.join(', ')}`);
      }
      // An unsalted hash of the address finds the row again for whoever knows the address: such a row is
      // pseudonymised, and the list must not call it anonymised.
      if (table.erasure.action === 'anonymised' && text.includes(emailDigest)) {
        wrong.push(`${model}: holds the hash of the address, so it is pseudonymised, not anonymised`);
      }
    }
    expect(wrong).toEqual([]);

    for (const [model] of listed) {
      expect(
        await rowsOf(db.prisma, model, othersSeeded[model]),
        `${model} of another customer`,
      ).toHaveLength(1);
    }
    expect(JSON.stringify(await other.caller.user.export())).toContain(other.bankAccount);
  });

  it('removes an account without orders with the same reach: devices, counts and links go, proof of consent stays', async () => {
    const customer = await createMarkedCustomer(db.prisma);
    const promotion = await db.prisma.promotion.create({
      data: { name: 'Tavasz', kind: 'percent', value: 5 },
    });
    const device = await db.prisma.trustedDevice.create({
      data: { userId: customer.id, tokenHash: randomBytes(16).toString('hex') },
    });
    const consent = await db.prisma.consentRecord.create({
      data: {
        userId: customer.id,
        consentId: `valasztas-${customer.tag}`,
        statistics: false,
        marketing: true,
        policyVersion: '2026-01',
        userAgent: customer.userAgent,
      },
    });
    await db.prisma.promotionCustomerUse.createMany({
      data: [
        { promotionId: promotion.id, customer: `u:${customer.id}`, uses: 1 },
        { promotionId: promotion.id, customer: `e:${customer.email}`, uses: 1 },
      ],
    });

    expect(await customer.caller.user.deleteAccount({ password: customer.password })).toEqual({ ok: true });

    expect(await db.prisma.user.count({ where: { id: customer.id } })).toBe(0);
    expect(await db.prisma.trustedDevice.count({ where: { id: device.id } })).toBe(0);
    expect(await db.prisma.promotionCustomerUse.count({ where: { promotionId: promotion.id } })).toBe(0);
    expect(await db.prisma.consentRecord.findUniqueOrThrow({ where: { id: consent.id } })).toMatchObject({
      userId: null,
      userAgent: null,
      marketing: true,
    });
  });

  it('keeps the billing data of the orders, and the refund’s bank account, as the accounting act requires', async () => {
    const customer = await createMarkedCustomer(db.prisma);
    const seeded = await seedEveryTable(db.prisma, customer);
    await customer.caller.user.deleteAccount({ password: customer.password });

    const order = await db.prisma.order.findUniqueOrThrow({ where: { id: seeded.Order.id as number } });
    expect(order).toMatchObject({
      billingName: 'Kovács Anna',
      billingTaxNumber: '12345676-2-41',
      billingEuVatNumber: customer.euVatNumber,
      phone: null,
      note: null,
    });
    const refund = await db.prisma.refund.findUniqueOrThrow({ where: { id: seeded.Refund.id as number } });
    expect(refund.bankAccount).toBe(customer.bankAccount);
    const consent = await db.prisma.consentRecord.findUniqueOrThrow({
      where: { id: seeded.ConsentRecord.id as number },
    });
    expect(consent).toMatchObject({ userId: null, userAgent: null, statistics: true });
    const note = await db.prisma.orderNote.findUniqueOrThrow({
      where: { id: seeded.OrderNote.id as number },
    });
    expect(note.text).toBe('Telefonált a (törölve) számról, válasz a (törölve) címre.');
  });
});
