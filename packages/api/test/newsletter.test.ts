import type { Database } from '@shop/db';
import { DEMO_NEWSLETTER_CONSENT, EMAIL_TEMPLATES } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_CONSENT_VERSION,
  type TNewsletterSubscribeInput,
} from '../src/schemas';
import { runOutboxOnce } from '../src/services/email/outbox-worker';
import { redactSecretLinks } from '../src/services/email/secret-links';
import { enqueueMarketingEmail, sendNewsletter } from '../src/services/newsletter/marketing-mail';
import { CONFIRM_LINK_INVALID, hashedAddress } from '../src/services/newsletter/subscriptions';
import { NEWSLETTER_RATE_LIMITED_MESSAGE } from '../src/services/request-limits';
import { startSmtpSink } from '../src/testing';
import { saveSmtpSettings } from './email-fixtures';
import { type Caller, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

const SHOP = 'https://bolt.example.hu';

let db: Database;
let admin: SignedIn;
/** The admin as the shop's HTTP layer calls, with the shop's public URL in the links it makes. */
let adminShop: Caller;
let ipCounter = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  admin = await createAdmin(db.prisma);
  adminShop = await visitor(admin.token);
});
afterAll(() => db?.close());

/** A visitor from an address of its own (the signup is limited per network), signed in with `token` if given. */
async function visitor(token?: string): Promise<Caller> {
  ipCounter += 1;
  return createCaller(
    await createContext({
      prisma: db.prisma,
      headers: new Headers(token ? { token } : {}),
      ip: `10.1.0.${ipCounter}`,
      publicUrl: SHOP,
    }),
  );
}

async function customer(): Promise<SignedIn & { shop: Caller }> {
  const signed = await createCustomer(db.prisma);
  return { ...signed, shop: await visitor(signed.token) };
}

function signup(
  email: string,
  overrides: Partial<TNewsletterSubscribeInput> = {},
): TNewsletterSubscribeInput {
  return { email, consent: true, consentVersion: NEWSLETTER_CONSENT_VERSION, source: 'footer', ...overrides };
}

/** The token of the newest confirmation e-mail to `email`, read from its link as the subscriber would. */
async function confirmationToken(email: string): Promise<string> {
  const mail = await db.prisma.emailOutbox.findFirstOrThrow({
    where: { to: email, templateKey: 'newsletter_confirmation' },
    orderBy: { id: 'desc' },
  });
  const token = /\/hirlevel\/megerosites\?token=([A-Za-z0-9_-]+)/.exec(mail.html)?.[1];
  if (!token) throw new Error('A megerősítő levélben nincs link.');
  return token;
}

async function events(email: string) {
  const rows = await db.prisma.newsletterConsent.findMany({ where: { email }, orderBy: { id: 'asc' } });
  return rows.map((row) => row.event);
}

let counter = 0;
const address = () => `feliratkozo-${++counter}-${Date.now()}@example.hu`;

async function newsletterMailsTo(email: string) {
  return db.prisma.emailOutbox.findMany({ where: { to: email, templateKey: 'newsletter' } });
}

beforeEach(async () => {
  await db.prisma.rateLimitBucket.deleteMany();
});

describe('double opt-in', () => {
  it('records a request and mails a confirmation link, but no consent counts before the click', async () => {
    const email = address();
    expect(await (await visitor()).newsletter.subscribe(signup(email))).toEqual({ ok: true });

    const subscription = await db.prisma.newsletterSubscription.findUniqueOrThrow({ where: { email } });
    expect(subscription).toMatchObject({ status: 'pending', source: 'footer', confirmedAt: null });
    expect(subscription.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await events(email)).toEqual(['requested']);
    const [request] = await db.prisma.newsletterConsent.findMany({ where: { email } });
    expect(request).toMatchObject({
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      consentText: NEWSLETTER_CONSENT_TEXT,
    });
    // Only the hash is stored: the token in the e-mail is not it.
    const token = await confirmationToken(email);
    expect(subscription.confirmTokenHash).not.toContain(token);

    // Nothing marketing goes before the click.
    const sent = await adminShop.newsletter.send({ subject: 'Akció', bodyHtml: '<p>Minden bögre -20%</p>' });
    expect(sent.queued).toBe(0);
    expect(await newsletterMailsTo(email)).toEqual([]);

    expect(await (await visitor()).newsletter.confirm({ token })).toEqual({ status: 'confirmed', email });
    expect(await events(email)).toEqual(['requested', 'confirmed']);
    expect(
      (await adminShop.newsletter.send({ subject: 'Akció', bodyHtml: '<p>Most már</p>' })).queued,
    ).toBeGreaterThan(0);
    expect(await newsletterMailsTo(email)).toHaveLength(1);
  });

  it('answers a second click the same and records one confirmation; an unknown link is a 404', async () => {
    const email = address();
    await (await visitor()).newsletter.subscribe(signup(email));
    const token = await confirmationToken(email);
    await (await visitor()).newsletter.confirm({ token });
    expect(await (await visitor()).newsletter.confirm({ token })).toEqual({ status: 'confirmed', email });
    expect(await events(email)).toEqual(['requested', 'confirmed']);
    await expectTrpcError(
      (await visitor()).newsletter.confirm({ token: 'x'.repeat(43) }),
      'NOT_FOUND',
      CONFIRM_LINK_INVALID,
    );
  });

  it('refuses an expired link', async () => {
    const email = address();
    await (await visitor()).newsletter.subscribe(signup(email));
    const token = await confirmationToken(email);
    await db.prisma.newsletterSubscription.update({
      where: { email },
      data: { confirmTokenExpiresAt: new Date(Date.now() - 1000) },
    });
    await expectTrpcError((await visitor()).newsletter.confirm({ token }), 'NOT_FOUND', CONFIRM_LINK_INVALID);
    expect((await db.prisma.newsletterSubscription.findUniqueOrThrow({ where: { email } })).status).toBe(
      'pending',
    );
  });

  it('answers the same for a confirmed address and mails it no second confirmation', async () => {
    const email = address();
    await (await visitor()).newsletter.subscribe(signup(email));
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(email) });
    expect(await (await visitor()).newsletter.subscribe(signup(email))).toEqual({ ok: true });
    const confirmations = await db.prisma.emailOutbox.count({
      where: { to: email, templateKey: 'newsletter_confirmation' },
    });
    expect(confirmations).toBe(1);
    expect(await events(email)).toEqual(['requested', 'confirmed']);
  });

  it('refuses a signup without the consent or with a text version the shop never showed', async () => {
    const caller = await visitor();
    await expectTrpcError(
      caller.newsletter.subscribe({ ...signup(address()), consent: false as true }),
      'BAD_REQUEST',
      'A feliratkozáshoz el kell fogadnod a hozzájárulási nyilatkozatot.',
    );
    await expectTrpcError(
      caller.newsletter.subscribe({
        ...signup(address()),
        consentVersion: '1999-01-01' as typeof NEWSLETTER_CONSENT_VERSION,
      }),
      'BAD_REQUEST',
    );
  });

  it('limits signups of one address like the contact form', async () => {
    const email = address();
    for (let i = 0; i < 3; i++) await (await visitor()).newsletter.subscribe(signup(email));
    await expectTrpcError(
      (await visitor()).newsletter.subscribe(signup(email)),
      'TOO_MANY_REQUESTS',
      NEWSLETTER_RATE_LIMITED_MESSAGE,
    );
  });

  it('shows the confirmation link in the admin outbox only redacted', async () => {
    const email = address();
    await (await visitor()).newsletter.subscribe(signup(email));
    const mail = await db.prisma.emailOutbox.findFirstOrThrow({ where: { to: email } });
    expect(redactSecretLinks(mail.html)).toContain('/hirlevel/megerosites?token=[elrejtve]');
  });
});

describe('marketing e-mail', () => {
  it('never goes to an unconfirmed, unsubscribed or unknown address, and carries the RFC 8058 headers', async () => {
    const confirmed = address();
    const pending = address();
    const gone = address();
    for (const email of [confirmed, pending, gone])
      await (await visitor()).newsletter.subscribe(signup(email));
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(confirmed) });
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(gone) });
    await db.prisma.$transaction((tx) =>
      enqueueMarketingEmail(tx, { to: gone, subject: 'Első', html: '<p>Első</p>', kind: 'newsletter' }, SHOP),
    );
    const [first] = await newsletterMailsTo(gone);
    const token = /leiratkozas\?token=([A-Za-z0-9_-]+)/.exec(first?.html ?? '')?.[1] ?? '';
    expect(await (await visitor()).newsletter.unsubscribe({ token })).toEqual({
      status: 'unsubscribed',
      email: gone,
    });

    await adminShop.newsletter.send({ subject: 'Téli akció', bodyHtml: '<p>Bögrék</p><script>x()</script>' });
    const mail = (await newsletterMailsTo(confirmed))[0];
    expect(mail?.html).toContain('<p>Bögrék</p>');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toMatch(
      /href="https:\/\/bolt\.example\.hu\/hirlevel\/leiratkozas\?token=[A-Za-z0-9_-]{43}"/,
    );
    expect(mail?.text).toMatch(/https:\/\/bolt\.example\.hu\/hirlevel\/leiratkozas\?token=/);
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<https:\/\/bolt\.example\.hu\/api\/newsletter\/one-click\/[A-Za-z0-9_-]{43}>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await newsletterMailsTo(pending)).toEqual([]);
    expect(await newsletterMailsTo(gone)).toHaveLength(1);
    // The gate itself, for any marketing e-mail (an abandoned-cart reminder too), not only the list's query.
    for (const email of [pending, gone]) {
      const queued = await db.prisma.$transaction((tx) =>
        enqueueMarketingEmail(tx, { to: email, subject: 'x', html: '<p>x</p>', kind: 'newsletter' }, SHOP),
      );
      expect(queued, email).toBeNull();
    }
    expect(
      await db.prisma.$transaction((tx) =>
        enqueueMarketingEmail(
          tx,
          { to: 'ismeretlen@example.hu', subject: 'x', html: '<p>x</p>', kind: 'newsletter' },
          SHOP,
        ),
      ),
    ).toBeNull();
  });

  it('keeps every unsubscribe link working and records one withdrawal', async () => {
    const email = address();
    await (await visitor()).newsletter.subscribe(signup(email));
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(email) });
    await adminShop.newsletter.send({ subject: 'Egy', bodyHtml: '<p>1</p>' });
    await adminShop.newsletter.send({ subject: 'Kettő', bodyHtml: '<p>2</p>' });
    const tokens = (await newsletterMailsTo(email)).map(
      (mail) => /leiratkozas\?token=([A-Za-z0-9_-]+)/.exec(mail.html)?.[1] ?? '',
    );
    expect(new Set(tokens).size).toBe(2);
    for (const token of tokens) {
      expect(await (await visitor()).newsletter.unsubscribe({ token })).toEqual({
        status: 'unsubscribed',
        email,
      });
    }
    expect(await events(email)).toEqual(['requested', 'confirmed', 'withdrawn']);
    const withdrawn = await db.prisma.newsletterConsent.findFirstOrThrow({
      where: { email, event: 'withdrawn' },
    });
    expect(withdrawn.source).toBe('email');
  });
});

describe('sending a newsletter', () => {
  async function confirmedSubscriber(): Promise<string> {
    const email = address();
    await (await visitor()).newsletter.subscribe(signup(email));
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(email) });
    return email;
  }

  it('queues the whole list chunk by chunk, one message and one link per subscriber', async () => {
    const before = await db.prisma.newsletterSubscription.count({ where: { status: 'confirmed' } });
    const added = [await confirmedSubscriber(), await confirmedSubscriber(), await confirmedSubscriber()];
    const { queued } = await sendNewsletter(
      db.prisma,
      { subject: 'Darabokban', bodyHtml: '<p>Darabokban</p>' },
      SHOP,
      2,
    );
    expect(queued).toBe(before + 3);
    const rows = await db.prisma.emailOutbox.findMany({ where: { subject: 'Darabokban' } });
    expect(rows).toHaveLength(queued);
    expect(new Set(rows.map((row) => row.to)).size).toBe(queued);
    for (const email of added) expect(rows.map((row) => row.to)).toContain(email);
    const tokens = rows.map((row) => /leiratkozas\?token=([A-Za-z0-9_-]+)/.exec(row.html)?.[1]);
    expect(new Set(tokens).size).toBe(queued);
  });

  it('does not send a queued newsletter to an address unsubscribed before its turn', async () => {
    const stays = await confirmedSubscriber();
    const leaves = await confirmedSubscriber();
    await adminShop.newsletter.send({ subject: 'Utolsó pillanat', bodyHtml: '<p>Akció</p>' });
    const [queuedForLeaver] = await newsletterMailsTo(leaves);
    const token = /leiratkozas\?token=([A-Za-z0-9_-]+)/.exec(queuedForLeaver?.html ?? '')?.[1] ?? '';
    await (await visitor()).newsletter.unsubscribe({ token });

    const sink = await startSmtpSink();
    try {
      await saveSmtpSettings(db.prisma, { host: sink.host, port: sink.port });
      await runOutboxOnce(db.prisma, { batchSize: 1000, publicUrl: SHOP });
      const recipients = sink.messages
        .filter((message) => message.subject === 'Utolsó pillanat')
        .flatMap((message) => message.to);
      expect(recipients).toContain(stays);
      expect(recipients).not.toContain(leaves);
      expect(await newsletterMailsTo(leaves)).toEqual([]);
    } finally {
      await saveSmtpSettings(db.prisma, { host: null });
      await sink.close();
    }
  });
});

describe('the consent register', () => {
  it('keeps every event of an address, also across a new signup after unsubscribing', async () => {
    const email = address();
    await (await visitor()).newsletter.subscribe(signup(email));
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(email) });
    await adminShop.newsletter.send({ subject: 'Hírlevél', bodyHtml: '<p>Hírek</p>' });
    const [mail] = await newsletterMailsTo(email);
    await (await visitor()).newsletter.unsubscribe({
      token: /leiratkozas\?token=([A-Za-z0-9_-]+)/.exec(mail?.html ?? '')?.[1] ?? '',
    });
    await (await visitor()).newsletter.subscribe(signup(email, { source: 'checkout' }));
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(email) });

    const register = await adminShop.newsletter.register({ email });
    expect(register.events.map((row) => [row.event, row.source])).toEqual([
      ['requested', 'footer'],
      ['confirmed', 'footer'],
      ['withdrawn', 'email'],
      ['requested', 'checkout'],
      ['confirmed', 'checkout'],
    ]);
    expect(register.events.every((row) => row.consentText === NEWSLETTER_CONSENT_TEXT)).toBe(true);
    expect(register.subscriber).toMatchObject({ email, status: 'confirmed', source: 'checkout' });
  });

  it('lists, filters and exports the subscribers as Excel-ready CSV', async () => {
    const email = address();
    await (await visitor()).newsletter.subscribe(signup(email));
    const pending = await adminShop.newsletter.list({ status: 'pending', search: email.slice(0, 20) });
    expect(pending.items.map((item) => item.email)).toContain(email);
    expect((await adminShop.newsletter.list({ status: 'confirmed', search: email })).total).toBe(0);

    const file = await adminShop.newsletter.download({ search: email });
    expect(file.filename).toMatch(/^hirlevel-feliratkozok-\d{4}-\d\d-\d\d\.csv$/);
    expect(file.content.startsWith('\uFEFFE-mail-cím;Állapot;Forrás;')).toBe(true);
    expect(file.content).toContain(`${email};Megerősítésre vár;Lábléc;${NEWSLETTER_CONSENT_VERSION};`);
  });

  it('is for staff with the customers permission only', async () => {
    const shopper = await customer();
    await expectTrpcError(shopper.shop.newsletter.list({ page: 1 }), 'FORBIDDEN');
    await expectTrpcError((await visitor()).newsletter.register({ email: 'a@example.hu' }), 'UNAUTHORIZED');
  });

  it('records the same consent text the demo data records', () => {
    expect(DEMO_NEWSLETTER_CONSENT).toEqual({
      version: NEWSLETTER_CONSENT_VERSION,
      text: NEWSLETTER_CONSENT_TEXT,
    });
  });
});

describe('the account and its newsletter field', () => {
  it('asks for a confirmation when switched on, and the field turns true only after the click', async () => {
    const shopper = await customer();
    const mine = await shopper.shop.newsletter.setMine({
      subscribed: true,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
    });
    expect(mine).toMatchObject({ email: shopper.email, status: 'pending' });
    expect((await shopper.shop.user.details()).newsletter).toBe(false);

    await (await visitor()).newsletter.confirm({ token: await confirmationToken(shopper.email) });
    expect((await shopper.shop.user.details()).newsletter).toBe(true);
    expect((await shopper.shop.newsletter.mine()).status).toBe('confirmed');

    await shopper.shop.user.updateDetails({ newsletter: false });
    expect((await shopper.shop.newsletter.mine()).status).toBe('unsubscribed');
    expect((await shopper.shop.user.details()).newsletter).toBe(false);
    expect(await events(shopper.email)).toEqual(['requested', 'confirmed', 'withdrawn']);
  });

  it('links a footer signup of an account address once its owner confirms it', async () => {
    const shopper = await customer();
    await (await visitor()).newsletter.subscribe(signup(shopper.email));
    expect((await shopper.shop.newsletter.mine()).status).toBe('pending');
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(shopper.email) });
    expect((await shopper.shop.user.details()).newsletter).toBe(true);
  });

  it('never links another address to the signed-in account, nor takes an address from its account', async () => {
    const intruder = await customer();
    const victim = await customer();
    await victim.shop.newsletter.setMine({ subscribed: true, consentVersion: NEWSLETTER_CONSENT_VERSION });
    const stranger = address();
    await (await visitor()).newsletter.subscribe(signup(stranger));
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(stranger) });

    // The footer form of a signed-in shopper takes any address, also in another case.
    await intruder.shop.newsletter.subscribe(signup(victim.email.toUpperCase()));
    await intruder.shop.newsletter.subscribe(signup(stranger));

    expect(await intruder.shop.newsletter.mine()).toEqual({
      email: intruder.email,
      status: null,
      confirmedAt: null,
    });
    await intruder.shop.newsletter.setMine({ subscribed: false });
    const subscriptionOf = (email: string) =>
      db.prisma.newsletterSubscription.findUniqueOrThrow({
        where: { email },
        select: { status: true, userId: true },
      });
    expect(await subscriptionOf(victim.email)).toEqual({ status: 'pending', userId: victim.id });
    expect(await subscriptionOf(stranger)).toEqual({ status: 'confirmed', userId: null });
    expect((await victim.shop.newsletter.mine()).status).toBe('pending');

    // Its own address, posted from the footer, is still the account's.
    await intruder.shop.newsletter.subscribe(signup(intruder.email));
    expect(await subscriptionOf(intruder.email)).toEqual({ status: 'pending', userId: intruder.id });
  });

  it('lets an admin ask, not give, a customer’s consent', async () => {
    const shopper = await customer();
    await adminShop.user.update({ id: shopper.id, newsletter: true });
    expect((await shopper.shop.user.details()).newsletter).toBe(false);
    expect(
      await db.prisma.newsletterSubscription.findUniqueOrThrow({ where: { email: shopper.email } }),
    ).toMatchObject({
      status: 'pending',
      source: 'admin',
    });
  });
});

describe('personal data', () => {
  it('exports the subscription and the register, and deletion leaves only a hashed register', async () => {
    const shopper = await customer();
    await shopper.shop.newsletter.setMine({ subscribed: true, consentVersion: NEWSLETTER_CONSENT_VERSION });
    await (await visitor()).newsletter.confirm({ token: await confirmationToken(shopper.email) });

    const exported = await shopper.shop.user.export();
    expect(exported.newsletterSubscriptions).toEqual([
      expect.objectContaining({ email: shopper.email, status: 'confirmed', source: 'account' }),
    ]);
    expect(exported.newsletterConsents.map((row) => row.event)).toEqual(['requested', 'confirmed']);

    await shopper.shop.user.deleteAccount({ password: shopper.password });
    expect(await db.prisma.newsletterSubscription.count({ where: { email: shopper.email } })).toBe(0);
    expect(await db.prisma.newsletterConsent.count({ where: { email: shopper.email } })).toBe(0);
    // In the order they were written: PostgreSQL returns rows an update moved in any order otherwise.
    const kept = await db.prisma.newsletterConsent.findMany({
      where: { email: hashedAddress(shopper.email) },
      orderBy: { id: 'asc' },
    });
    expect(kept.map((row) => row.event)).toEqual(['requested', 'confirmed', 'withdrawn']);
    expect(kept.every((row) => row.userId === null)).toBe(true);
  });
});
