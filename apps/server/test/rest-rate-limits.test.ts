import { randomUUID } from 'node:crypto';
import { formTokenSecret, issueFormToken, MIN_FILL_MS } from '@shop/api/testing';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import {
  api,
  createMugShop,
  createUser,
  guestOrder,
  type MugShop,
  signIn,
  startTestServer,
  type TestServer,
} from './test-server';

/**
 * #27 over HTTP: an API key's requests are limited per key (five a minute on this server), every answer
 * to a key says where it stands in the draft-ietf-httpapi-ratelimit-headers fields, and every kind of
 * 429 the server gives says in `Retry-After` when to try again, on REST and tRPC alike. The server
 * believes the loopback proxy, so each request can come from a network of its own.
 */
const KEY_LIMIT = 5;
const ENCRYPTION_KEY = Buffer.alloc(32, 7);

let server: TestServer;
let adminToken: string;
let shop: MugShop;

beforeAll(async () => {
  server = await startTestServer({
    apiKeyRateLimit: KEY_LIMIT,
    trustProxy: ['127.0.0.1'],
    encryptionKey: ENCRYPTION_KEY,
  });
  const prisma = server.database.prisma;
  await prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  await prisma.emailSetting.create({ data: { id: 1, notificationEmail: 'bolt@example.hu' } });
  adminToken = await signIn(server, await createUser(server.database, 'admin'));
  shop = await createMugShop(server, adminToken);
});
afterAll(() => server?.close());

async function createKey(name: string): Promise<string> {
  const created = await api<{ key: string }>(server, 'POST', '/api/apikey', {
    token: adminToken,
    body: { name, scopes: ['catalogue:read'] },
  });
  expect(created.status).toBe(200);
  return created.body.key;
}

/** The `RateLimit` field's remaining quota and seconds to the window's end. */
function remaining(headers: Headers): { r: number; t: number } {
  const match = /^"api-key";r=(\d+);t=(\d+)$/.exec(headers.get('ratelimit') ?? '');
  expect(match, `RateLimit: ${headers.get('ratelimit')}`).not.toBeNull();
  return { r: Number(match?.[1]), t: Number(match?.[2]) };
}

const POLICY = `"api-key";q=${KEY_LIMIT};w=60`;

describe('an API key’s request limit over HTTP', () => {
  it('counts down in RateLimit on every answer, then refuses with a Hungarian 429 and Retry-After; sessions and other keys are not counted', async () => {
    const key = await createKey('ERP');
    const other = await createKey('Számlázó');

    const first = await api(server, 'GET', '/api/category', { token: key });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe(POLICY);
    expect(remaining(first.headers).r).toBe(KEY_LIMIT - 1);
    expect(remaining(first.headers).t).toBeGreaterThan(0);
    expect(remaining(first.headers).t).toBeLessThanOrEqual(60);

    // A session's and a stranger's requests carry no fields and leave the key's count alone.
    for (let index = 0; index < KEY_LIMIT + 2; index++) {
      const signedIn = await api(server, 'GET', '/api/category', { token: adminToken });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('ratelimit')).toBeNull();
      expect(signedIn.headers.get('ratelimit-policy')).toBeNull();
      expect((await api(server, 'GET', '/api/category')).headers.get('ratelimit')).toBeNull();
    }

    // A refusal answered to the key is counted and tells it too: an admin-only operation is a 403.
    const forbidden = await api(server, 'GET', '/api/apikey', { token: key });
    expect(forbidden.status).toBe(403);
    expect(remaining(forbidden.headers).r).toBe(KEY_LIMIT - 2);

    const rest = [];
    for (let index = 0; index < KEY_LIMIT - 2; index++) {
      rest.push(await api(server, 'GET', '/api/product/quality-summary', { token: key }));
    }
    expect(rest.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(rest.map((answer) => remaining(answer.headers).r)).toEqual([2, 1, 0]);

    const refused = await api<{ code: string; message: string }>(server, 'GET', '/api/category', {
      token: key,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.body.message).toBe(
      'Túl sok kérés érkezett ezzel az API-kulccsal. Kérjük, próbáld újra 1 perc múlva!',
    );
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-policy')).toBe(POLICY);
    expect(remaining(refused.headers)).toEqual({ r: 0, t: wait });

    // The same key over tRPC: refused the same way; the other key is untouched by all of it.
    const trpc = await api<{ error: { message: string } }>(server, 'GET', '/trpc/category.tree', {
      token: key,
    });
    expect(trpc.status).toBe(429);
    expect(trpc.body.error.message).toMatch(/ezzel az API-kulccsal/);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(remaining(trpc.headers).r).toBe(0);
    expect(trpc.headers.get('ratelimit-policy')).toBe(POLICY);

    const untouched = await api(server, 'GET', '/trpc/category.tree', {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(untouched.status).toBe(200);
    expect(untouched.headers.get('ratelimit-policy')).toBe(POLICY);
    expect(remaining(untouched.headers).r).toBe(KEY_LIMIT - 1);
    expect(untouched.headers.get('retry-after')).toBeNull();
  });
});

type Call = { method: string; path: string; body?: unknown; token?: string };

/** One kind of 429: how to fill its counter for a network, and the REST and tRPC call it refuses. */
type Kind = {
  name: string;
  fill: (network: string) => Promise<void>;
  rest: () => Call;
  trpc: () => Call;
  /** The longest wait the refusal may name, in seconds. */
  maxWait: number;
};

/** The shared counter `key` as full as its limit allows, until `minutes` from now. */
async function fillBucket(key: string, count: number, minutes: number) {
  const resetAt = new Date(Date.now() + minutes * 60_000);
  await server.database.prisma.rateLimitBucket.upsert({
    where: { key },
    create: { key, count, resetAt },
    update: { count, resetAt },
  });
}

let emails = 0;
const email = (prefix: string) => `${prefix}-${++emails}@example.hu`;
const formToken = () =>
  issueFormToken(formTokenSecret(ENCRYPTION_KEY), new Date(Date.now() - MIN_FILL_MS - 500)).token;
const contactMessage = () => ({
  name: 'Kovács Anna',
  email: email('kapcsolat'),
  subject: 'Kérdés',
  message: 'Van raktáron a kék bögre?',
  consent: true,
  formToken: formToken(),
  website: '',
});
const offerRequest = () => ({
  companyName: 'Minta Kft.',
  taxNumber: '12345676-1-12',
  name: 'Szabó Péter',
  email: email('ajanlat'),
  lines: [{ product: shop.mug, quantity: 12 }],
  consent: true,
  formToken: formToken(),
});
const signupBody = () => ({
  email: email('regisztracio'),
  password: 'Vevo-jelszo-2026',
  firstName: 'Anna',
  lastName: 'Kovács',
  acceptTerms: true,
});
const order = () => {
  const body = guestOrder({ product: shop.mug, shippingMethod: shop.courier, paymentMethod: shop.cod });
  body.customer.email = email('vendeg');
  return body;
};
const consent = () => ({
  consentId: randomUUID(),
  statistics: false,
  marketing: false,
  policyVersion: '2026-1',
});

describe('every 429 the server gives', () => {
  let victim: { email: string; password: string };
  let customerToken: string;
  let customerId: number;

  beforeAll(async () => {
    victim = await createUser(server.database, 'customer');
    const customer = await createUser(server.database, 'customer');
    customerToken = await signIn(server, customer);
    customerId = (
      await server.database.prisma.user.findUniqueOrThrow({
        where: { email: customer.email },
        select: { id: true },
      })
    ).id;
  });

  /** Ten recent failed password attempts of `emailOrKey` from `ip`, the sign-in throttle's refusal. */
  const failures = async (emailOrKey: string, ip: string) => {
    await server.database.prisma.signInFailure.createMany({
      data: Array.from({ length: 10 }, () => ({
        email: emailOrKey,
        ip,
        createdAt: new Date(Date.now() - 60_000),
      })),
    });
  };

  const kinds: Kind[] = [
    {
      name: 'sign-in',
      fill: (network) => failures(victim.email, network),
      rest: () => ({ method: 'POST', path: '/api/user/signin', body: { ...victim, password: 'rossz-1' } }),
      trpc: () => ({ method: 'POST', path: '/trpc/user.signin', body: { ...victim, password: 'rossz-1' } }),
      maxWait: 15 * 60,
    },
    {
      name: 'sign-up',
      fill: (network) => fillBucket(`regisztracio:ip:${network}`, 5, 10),
      rest: () => ({ method: 'POST', path: '/api/user/signup', body: signupBody() }),
      trpc: () => ({ method: 'POST', path: '/trpc/user.signup', body: signupBody() }),
      maxWait: 10 * 60,
    },
    {
      name: 'password reset request',
      fill: (network) => fillBucket(`jelszokeres:ip:${network}`, 10, 15),
      rest: () => ({ method: 'POST', path: '/api/user/newpassword', body: { email: email('jelszo') } }),
      trpc: () => ({ method: 'POST', path: '/trpc/user.newPassword', body: { email: email('jelszo') } }),
      maxWait: 15 * 60,
    },
    {
      name: 'contact message',
      fill: (network) => fillBucket(`kapcsolat:ip:${network}`, 5, 10),
      rest: () => ({ method: 'POST', path: '/api/contact', body: contactMessage() }),
      trpc: () => ({ method: 'POST', path: '/trpc/contact.send', body: contactMessage() }),
      maxWait: 10 * 60,
    },
    {
      name: 'offer request',
      fill: (network) => fillBucket(`ajanlatkeres:ip:${network}`, 5, 10),
      rest: () => ({ method: 'POST', path: '/api/contact/offer', body: offerRequest() }),
      trpc: () => ({ method: 'POST', path: '/trpc/contact.offer', body: offerRequest() }),
      maxWait: 10 * 60,
    },
    {
      name: 'back-in-stock request',
      fill: (network) => fillBucket(`keszletertesites:ip:${network}`, 20, 10),
      rest: () => ({
        method: 'POST',
        path: `/api/product/${shop.mug}/notify`,
        body: { email: email('ertesites') },
      }),
      trpc: () => ({
        method: 'POST',
        path: '/trpc/product.notifyWhenInStock',
        body: { id: shop.mug, email: email('ertesites') },
      }),
      maxWait: 10 * 60,
    },
    {
      name: 'guest order',
      fill: (network) => fillBucket(`vendegrendeles:ip:${network}`, 10, 60),
      rest: () => ({ method: 'POST', path: '/api/cart/order', body: order() }),
      trpc: () => ({ method: 'POST', path: '/trpc/cart.order', body: order() }),
      maxWait: 60 * 60,
    },
    {
      name: 'cookie consent record',
      fill: (network) => fillBucket(`suti:ip:${network}`, 30, 10),
      rest: () => ({ method: 'POST', path: '/api/consent', body: consent() }),
      trpc: () => ({ method: 'POST', path: '/trpc/consent.record', body: consent() }),
      maxWait: 10 * 60,
    },
    {
      name: 'current-password check',
      // Counted per account, from the session, whatever the network.
      fill: () => failures(`felhasznalo:${customerId}`, 'munkamenet:0'),
      rest: () => ({
        method: 'POST',
        path: '/api/user/changepassword',
        token: customerToken,
        body: { oldPassword: 'rossz-jelszo-1', newPassword: 'Uj-jelszo-2026' },
      }),
      trpc: () => ({
        method: 'POST',
        path: '/trpc/user.changePassword',
        token: customerToken,
        body: { oldPassword: 'rossz-jelszo-1', newPassword: 'Uj-jelszo-2026' },
      }),
      maxWait: 15 * 60,
    },
  ];

  let network = 0;
  it.each(kinds)('$name: the 429 carries Retry-After on REST and tRPC', async (kind) => {
    for (const transport of ['rest', 'trpc'] as const) {
      const ip = `203.0.113.${++network}`;
      await kind.fill(ip);
      const { method, path, body, token } = kind[transport]();
      const answer = await api<{ code?: string; error?: { data: { code: string } } }>(server, method, path, {
        body,
        token,
        headers: { 'x-forwarded-for': ip },
      });
      expect(answer.status, `${transport}: ${JSON.stringify(answer.body)}`).toBe(429);
      if (transport === 'rest') expect(answer.body.code).toBe('TOO_MANY_REQUESTS');
      else expect(answer.body.error?.data.code).toBe('TOO_MANY_REQUESTS');
      const wait = Number(answer.headers.get('retry-after'));
      expect(wait, `${transport} Retry-After`).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(kind.maxWait);
      // Not an API key's refusal: the RateLimit fields are the key's alone.
      expect(answer.headers.get('ratelimit')).toBeNull();
    }
  });
});

describe('API_KEY_RATE_LIMIT', () => {
  it('is read as a positive whole number; unset, the server uses its default', () => {
    expect(loadConfig({ API_KEY_RATE_LIMIT: '20' }).apiKeyRateLimit).toBe(20);
    expect(loadConfig({}).apiKeyRateLimit).toBeUndefined();
    expect(() => loadConfig({ API_KEY_RATE_LIMIT: '0' })).toThrow(/API_KEY_RATE_LIMIT: legalább 1 legyen/);
    expect(() => loadConfig({ API_KEY_RATE_LIMIT: 'sok' })).toThrow(
      /API_KEY_RATE_LIMIT: számnak kell lennie/,
    );
  });
});
