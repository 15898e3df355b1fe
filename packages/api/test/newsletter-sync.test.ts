import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import { buildOpenApiDocument } from '../src/openapi';
import { NEWSLETTER_CONSENT_VERSION } from '../src/schemas';
import {
  MAILCHIMP_STAND_IN_LIST,
  MAILCHIMP_STAND_IN_PATH,
  MAILERLITE_STAND_IN_PATH,
  type NewsletterSyncSetup,
  NO_KEY_SAVED,
  newsletterSyncSetupFor,
} from '../src/services/newsletter/sync-settings';
import { reconcileNewsletterSync, runNewsletterSyncOnce } from '../src/services/newsletter/sync-worker';
import {
  createMailchimpStandIn,
  createMailerLiteStandIn,
  type MailchimpStandIn,
  type MailerLiteStandIn,
} from '../src/stand-ins/newsletter';
import { type ServedStandIn, serveStandIn } from '../src/stand-ins/serve';
import { type Caller, createAdmin, createCustomer, type SignedIn } from './factories';
import { expectTrpcError } from './helpers';

const KEY = randomBytes(32);
/** A real-looking key the Mailchimp stand-in below accepts as if it were the account's. */
const REAL_MAILCHIMP_KEY = '0123456789abcdef0123456789abcdef-us21';
const REAL_MAILERLITE_TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.valodi-mailerlite-token';

let db: Database;
let admin: SignedIn;
let mailerLite: MailerLiteStandIn;
let mailchimp: MailchimpStandIn;
let served: ServedStandIn;
/** The shop's address in these tests: the stand-ins answer under it, as on a demo shop's own server. */
let shopUrl: string;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  admin = await createAdmin(db.prisma);
  mailerLite = createMailerLiteStandIn({
    basePath: MAILERLITE_STAND_IN_PATH,
    tokens: ['kekbogre-mailerlite-helyettesito-token', REAL_MAILERLITE_TOKEN],
  });
  mailchimp = createMailchimpStandIn({
    basePath: MAILCHIMP_STAND_IN_PATH,
    apiKeys: ['6b6f6b6f6b6f6b6f6b6f6b6f6b6f6b6f-us21', REAL_MAILCHIMP_KEY],
    lists: [MAILCHIMP_STAND_IN_LIST, 'a1b2c3d4e5'],
  });
  // Both stand-ins on one port, each under its own path, as the shop's server mounts them.
  served = await serveStandIn(
    {
      async handle(req: IncomingMessage, res: ServerResponse) {
        return (await mailerLite.handle(req, res)) || mailchimp.handle(req, res);
      },
    },
    {},
  );
  shopUrl = served.url;
});
afterAll(async () => {
  await served?.close();
  await db?.close();
});

beforeEach(async () => {
  await db.prisma.newsletterSyncItem.deleteMany();
  await db.prisma.newsletterSyncSetting.deleteMany();
  // Each test sees only its own subscribers, so the order rows are claimed in is known.
  await db.prisma.newsletterSubscription.deleteMany();
});

async function callerWith(token?: string): Promise<Caller> {
  return createCaller(
    await createContext({
      prisma: db.prisma,
      headers: new Headers(token ? { token } : {}),
      ip: '127.0.0.1',
      publicUrl: shopUrl,
      encryptionKey: KEY,
    }),
  );
}

/** The setup of a demo shop at `shopUrl`, whose "real" providers are the stand-ins too (for saved keys). */
function setup(): NewsletterSyncSetup {
  return {
    ...newsletterSyncSetupFor({ publicUrl: shopUrl, standIns: true, encryptionKey: KEY }),
    mailerliteUrl: `${shopUrl}${MAILERLITE_STAND_IN_PATH}`,
    mailchimpUrl: () => `${shopUrl}${MAILCHIMP_STAND_IN_PATH}`,
  };
}

/** A customer who subscribed from their account page and clicked the confirmation link. */
async function confirmedSubscriber(): Promise<SignedIn & { shop: Caller }> {
  const customer = await createCustomer(db.prisma);
  const shop = await callerWith(customer.token);
  await shop.newsletter.setMine({ subscribed: true, consentVersion: NEWSLETTER_CONSENT_VERSION });
  const mail = await db.prisma.emailOutbox.findFirstOrThrow({
    where: { to: customer.email, templateKey: 'newsletter_confirmation' },
    orderBy: { id: 'desc' },
  });
  const token = /\/hirlevel\/megerosites\?token=([A-Za-z0-9_-]+)/.exec(mail.html)?.[1];
  if (!token) throw new Error('A megerősítő levélben nincs link.');
  await (await callerWith()).newsletter.confirm({ token });
  return { ...customer, shop };
}

const md5 = (value: string) => createHash('md5').update(value.toLowerCase()).digest('hex');

describe('newsletter sync to MailerLite (stand-in over HTTP)', () => {
  it('upserts a confirmed subscriber into the group and sends an unsubscribe once', async () => {
    const adminShop = await callerWith(admin.token);
    const saved = await adminShop.newsletter.updateSyncSettings({
      provider: 'mailerlite',
      listId: '4243829086487936',
    });
    expect(saved).toMatchObject({ provider: 'mailerlite', apiKeySet: false, usesStandIn: true });
    const pendingOnly = await createCustomer(db.prisma);
    await (await callerWith(pendingOnly.token)).newsletter.setMine({
      subscribed: true,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
    });
    const subscriber = await confirmedSubscriber();

    const first = await adminShop.newsletter.syncNow();
    expect(first.lastError).toBeNull();
    expect(first.lastSuccessAt).not.toBeNull();
    const member = mailerLite.subscribers().get(subscriber.email.toLowerCase());
    expect(member).toMatchObject({ status: 'active', groups: ['4243829086487936'] });
    // Never confirmed: never sent.
    expect(mailerLite.subscribers().has(pendingOnly.email.toLowerCase())).toBe(false);

    await subscriber.shop.newsletter.setMine({ subscribed: false });
    const before = mailerLite.upserts();
    const second = await adminShop.newsletter.syncNow();
    expect(second.sent).toBe(1);
    expect(mailerLite.subscribers().get(subscriber.email.toLowerCase())?.status).toBe('unsubscribed');
    expect(mailerLite.upserts()).toBe(before + 1);

    // Nothing changed: a third run sends nothing.
    const third = await adminShop.newsletter.syncNow();
    expect(third.sent).toBe(0);
    expect(mailerLite.upserts()).toBe(before + 1);
  });
});

describe('an unsubscribe the provider has not heard of yet', () => {
  it('still reaches it after the sync was off for a while and is turned on again', async () => {
    const adminShop = await callerWith(admin.token);
    await adminShop.newsletter.updateSyncSettings({ provider: 'mailerlite', listId: '4243829086487936' });
    const subscriber = await confirmedSubscriber();
    await adminShop.newsletter.syncNow();
    const address = subscriber.email.toLowerCase();
    expect(mailerLite.subscribers().get(address)?.status).toBe('active');

    // The owner turns the sync off for a week; meanwhile the subscriber leaves the list.
    await adminShop.newsletter.updateSyncSettings({ provider: 'none', listId: null });
    await subscriber.shop.newsletter.setMine({ subscribed: false });
    await adminShop.newsletter.updateSyncSettings({ provider: 'mailerlite', listId: '4243829086487936' });
    const run = await adminShop.newsletter.syncNow();
    expect(run.lastError).toBeNull();
    expect(mailerLite.subscribers().get(address)?.status).toBe('unsubscribed');
  });
});

describe('the stand-ins on a demo shop', () => {
  it('tell nobody whether an address is on the list, even with the demo’s public key', async () => {
    const subscriber = await confirmedSubscriber();
    const adminShop = await callerWith(admin.token);
    await adminShop.newsletter.updateSyncSettings({ provider: 'mailerlite', listId: null });
    await adminShop.newsletter.syncNow();
    const address = subscriber.email.toLowerCase();
    expect(mailerLite.subscribers().has(address)).toBe(true);
    const lookup = await fetch(`${shopUrl}${MAILERLITE_STAND_IN_PATH}/api/subscribers/${address}`, {
      headers: { authorization: 'Bearer kekbogre-mailerlite-helyettesito-token' },
    });
    expect(lookup.status).toBe(405);
    const member = await fetch(
      `${shopUrl}${MAILCHIMP_STAND_IN_PATH}/3.0/lists/${MAILCHIMP_STAND_IN_LIST}/members/${md5(address)}`,
      {
        headers: {
          authorization: `Basic ${Buffer.from('x:6b6f6b6f6b6f6b6f6b6f6b6f6b6f6b6f-us21').toString('base64')}`,
        },
      },
    );
    expect(member.status).toBe(405);
  });
});

describe('newsletter sync to Mailchimp (stand-in over HTTP)', () => {
  it('PUTs the member under the MD5 of the address with status_if_new, then unsubscribes it', async () => {
    const adminShop = await callerWith(admin.token);
    await adminShop.newsletter.updateSyncSettings({ provider: 'mailchimp', listId: null });
    const subscriber = await confirmedSubscriber();

    await adminShop.newsletter.syncNow();
    const key = `${MAILCHIMP_STAND_IN_LIST}/${md5(subscriber.email)}`;
    expect(mailchimp.members().get(key)).toMatchObject({ status: 'subscribed' });

    await subscriber.shop.newsletter.setMine({ subscribed: false });
    const result = await adminShop.newsletter.syncNow();
    expect(result.sent).toBe(1);
    expect(mailchimp.members().get(key)?.status).toBe('unsubscribed');
  });

  it('retries a 503 after the backoff and then sends it', async () => {
    await (await callerWith(admin.token)).newsletter.updateSyncSettings({
      provider: 'mailchimp',
      listId: 'a1b2c3d4e5',
      apiKey: REAL_MAILCHIMP_KEY,
    });
    const subscriber = await confirmedSubscriber();
    const key = `a1b2c3d4e5/${md5(subscriber.email)}`;
    const start = new Date();
    mailchimp.failNext(1, 503);
    const deps = { prisma: db.prisma, setup: setup() };
    const failed = await runNewsletterSyncOnce(deps, { now: () => start, batchSize: 1, maxPerRun: 1 });
    expect(failed).toEqual({ sent: 0, failed: 0, retrying: 1 });
    const row = await db.prisma.newsletterSyncItem.findFirstOrThrow({
      where: { email: subscriber.email.toLowerCase() },
    });
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/átmenetileg nem fogadta.*HTTP 503/);
    expect(row.nextAttemptAt.getTime()).toBe(start.getTime() + 60_000);
    const settings = await db.prisma.newsletterSyncSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(settings.lastError).toMatch(/Mailchimp átmenetileg/);

    // Not due yet: nothing goes before the backoff, and the error stays in view meanwhile.
    const early = await runNewsletterSyncOnce(deps, { now: () => new Date(start.getTime() + 30_000) });
    expect(early.sent).toBe(0);
    expect(mailchimp.members().has(key)).toBe(false);
    const waiting = await db.prisma.newsletterSyncSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(waiting.lastError).toMatch(/Mailchimp átmenetileg/);

    const later = await runNewsletterSyncOnce(deps, { now: () => new Date(start.getTime() + 61_000) });
    expect(later.sent).toBeGreaterThanOrEqual(1);
    expect(mailchimp.members().get(key)?.status).toBe('subscribed');
    const after = await db.prisma.newsletterSyncSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(after.lastError).toBeNull();
  });

  it('says in Hungarian that the key was refused, and keeps the change waiting', async () => {
    const adminShop = await callerWith(admin.token);
    await adminShop.newsletter.updateSyncSettings({
      provider: 'mailchimp',
      listId: 'a1b2c3d4e5',
      apiKey: 'ffffffffffffffffffffffffffffffff-us21',
    });
    const subscriber = await confirmedSubscriber();
    const result = await runNewsletterSyncOnce({ prisma: db.prisma, setup: setup() });
    expect(result.retrying).toBe(1);
    const status = await adminShop.newsletter.syncSettings();
    // The account's fault stops the run: one refused request, the rest wait for a fixed key.
    expect(status.lastError).toMatch(/^A Mailchimp nem fogadta el az API-kulcsot \(HTTP 401\)/);
    expect(status.lastError).toContain('API Key Invalid');
    const row = await db.prisma.newsletterSyncItem.findFirstOrThrow({
      where: { email: subscriber.email.toLowerCase() },
    });
    expect(row.status).toBe('pending');
  });

  it('a MailerLite token that is refused reads in Hungarian too', async () => {
    await (await callerWith(admin.token)).newsletter.updateSyncSettings({
      provider: 'mailerlite',
      listId: null,
      apiKey: 'rossz-token',
    });
    await confirmedSubscriber();
    await runNewsletterSyncOnce({ prisma: db.prisma, setup: setup() });
    const settings = await db.prisma.newsletterSyncSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(settings.lastError).toBe(
      'A MailerLite nem fogadta el az API-kulcsot (HTTP 401) (Unauthenticated.). Ellenőrizd a kulcsot, és mentsd újra.',
    );
  });
});

describe('newsletter sync: each change once', () => {
  it('two runs at the same time send an address once', async () => {
    await (await callerWith(admin.token)).newsletter.updateSyncSettings({
      provider: 'mailerlite',
      listId: null,
    });
    await confirmedSubscriber();
    await confirmedSubscriber();
    const before = mailerLite.upserts();
    const deps = { prisma: db.prisma, setup: setup() };
    const results = await Promise.all([runNewsletterSyncOnce(deps), runNewsletterSyncOnce(deps)]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(2);
    expect(mailerLite.upserts()).toBe(before + 2);
  });

  it('an unsubscribe made while the subscribe is on its way is sent after it', async () => {
    await (await callerWith(admin.token)).newsletter.updateSyncSettings({
      provider: 'mailerlite',
      listId: null,
    });
    const subscriber = await confirmedSubscriber();
    let unsubscribed = false;
    const racing: typeof fetch = async (input, init) => {
      if (!unsubscribed) {
        unsubscribed = true;
        await subscriber.shop.newsletter.setMine({ subscribed: false });
        // The next run's look at the list sees the change while this request is still out.
        const row = await db.prisma.newsletterSyncSetting.findUniqueOrThrow({ where: { id: 1 } });
        await reconcileNewsletterSync(db.prisma, row.generation, new Date());
      }
      return fetch(input, init);
    };
    const before = mailerLite.upserts();
    await runNewsletterSyncOnce({ prisma: db.prisma, setup: setup(), fetch: racing });
    const email = subscriber.email.toLowerCase();
    // The subscribe that was out is not taken for the latest wish: the unsubscribe follows it.
    expect(mailerLite.upserts()).toBe(before + 2);
    expect(mailerLite.subscribers().get(email)?.status).toBe('unsubscribed');
    const row = await db.prisma.newsletterSyncItem.findFirstOrThrow({ where: { email } });
    expect(row).toMatchObject({ sentWanted: 'unsubscribed', wanted: 'unsubscribed', status: 'sent' });
  });
});

describe('newsletter sync settings', () => {
  it('never answers the saved key, only its last four characters', async () => {
    const adminShop = await callerWith(admin.token);
    const saved = await adminShop.newsletter.updateSyncSettings({
      provider: 'mailerlite',
      listId: null,
      apiKey: REAL_MAILERLITE_TOKEN,
    });
    expect(saved).toMatchObject({ apiKeySet: true, apiKeyLast4: 'oken', usesStandIn: false });
    expect(JSON.stringify(await adminShop.newsletter.syncSettings())).not.toContain(REAL_MAILERLITE_TOKEN);
    const row = await db.prisma.newsletterSyncSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.apiKeyEncrypted).not.toContain(REAL_MAILERLITE_TOKEN);
    // Left out: kept.
    const kept = await adminShop.newsletter.updateSyncSettings({ provider: 'mailerlite', listId: null });
    expect(kept.apiKeySet).toBe(true);
  });

  it('refuses a Mailchimp key without its data center, in Hungarian', async () => {
    const adminShop = await callerWith(admin.token);
    await expectTrpcError(
      adminShop.newsletter.updateSyncSettings({
        provider: 'mailchimp',
        listId: 'a1b2c3d4e5',
        apiKey: '0123456789abcdef0123456789abcdef',
      }),
      'BAD_REQUEST',
      /adatközpont/,
    );
    // A key pasted with a space or an accented letter could never be sent in a header.
    await expectTrpcError(
      adminShop.newsletter.updateSyncSettings({
        provider: 'mailerlite',
        listId: null,
        apiKey: 'eyJ0eXAi kulcs-ő',
      }),
      'BAD_REQUEST',
      /ékezet és szóköz nélküli/,
    );
  });

  it('sends nothing on a shop without stand-ins until a key is saved', async () => {
    await (await callerWith(admin.token)).newsletter.updateSyncSettings({
      provider: 'mailerlite',
      listId: null,
    });
    await confirmedSubscriber();
    const before = mailerLite.upserts();
    const real = newsletterSyncSetupFor({ publicUrl: shopUrl, standIns: false, encryptionKey: KEY });
    const result = await runNewsletterSyncOnce({ prisma: db.prisma, setup: real });
    expect(result).toEqual({ sent: 0, failed: 0, retrying: 0 });
    expect(mailerLite.upserts()).toBe(before);
    const settings = await db.prisma.newsletterSyncSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(settings.lastError).toBe(NO_KEY_SAVED);
  });

  it('is for the shop staff only: 403 for a shopper, 401 for a stranger', async () => {
    const shopper = await createCustomer(db.prisma);
    const asShopper = await callerWith(shopper.token);
    const stranger = await callerWith();
    for (const caller of [asShopper, stranger]) {
      const code = caller === asShopper ? 'FORBIDDEN' : 'UNAUTHORIZED';
      await expectTrpcError(caller.newsletter.syncSettings(), code);
      await expectTrpcError(
        caller.newsletter.updateSyncSettings({ provider: 'mailerlite', listId: null }),
        code,
      );
      await expectTrpcError(caller.newsletter.syncNow(), code);
    }
    expect(await db.prisma.newsletterSyncSetting.count()).toBe(0);
  });
});

describe('newsletter sync and account deletion', () => {
  it('tells the provider that a deleted account unsubscribed, then forgets the address', async () => {
    const adminShop = await callerWith(admin.token);
    await adminShop.newsletter.updateSyncSettings({ provider: 'mailerlite', listId: null });
    const subscriber = await confirmedSubscriber();
    await adminShop.newsletter.syncNow();
    const email = subscriber.email.toLowerCase();
    expect(mailerLite.subscribers().get(email)?.status).toBe('active');

    // What account deletion does to the list (anonymiseNewsletterData): the subscription row goes.
    await db.prisma.newsletterSubscription.deleteMany({ where: { email } });
    await adminShop.newsletter.syncNow();
    expect(mailerLite.subscribers().get(email)?.status).toBe('unsubscribed');
    expect(await db.prisma.newsletterSyncItem.count({ where: { email } })).toBe(0);
  });
});

describe('newsletter sync over REST', () => {
  it('documents its three paths for the shop staff, with the 401 and 403 answers', () => {
    const document = buildOpenApiDocument({ baseUrl: '/api' });
    const paths = document.paths ?? {};
    const operations = [
      paths['/newsletter/sync']?.get,
      paths['/newsletter/sync']?.put,
      paths['/newsletter/sync/run']?.post,
    ];
    for (const operation of operations) {
      expect(operation?.tags).toEqual(['Hírlevél']);
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
    }
  });
});
