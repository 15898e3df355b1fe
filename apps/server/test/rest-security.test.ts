import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { runOutboxOnce } from '@shop/api';
import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createUser,
  FAKE_ASSET,
  signIn,
  startSellingServer,
  startTestServer,
  TEST_PUBLIC_URL,
  type TestServer,
} from './test-server';

/** Every line the server logged, as text. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), text: () => lines.join('') };
}

describe('password-reset links', () => {
  let server: TestServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    ({ server } = await startSellingServer());
    sink = await startSmtpSink();
    await server.database.prisma.emailSetting.upsert({
      where: { id: 1 },
      create: {
        id: 1,
        smtpHost: sink.host,
        smtpPort: sink.port,
        senderName: 'Bolt',
        senderEmail: 'bolt@example.hu',
      },
      update: {
        smtpHost: sink.host,
        smtpPort: sink.port,
        senderName: 'Bolt',
        senderEmail: 'bolt@example.hu',
      },
    });
  });
  afterAll(async () => {
    await sink?.close();
    await server?.close();
  });

  it('exist only in the e-mail sent: no row and no admin answer holds a working token', async () => {
    const customer = await createUser(server.database, 'customer');
    const adminToken = await signIn(server, await createUser(server.database, 'admin'));
    expect(
      (await api(server, 'POST', '/api/user/newpassword', { body: { email: customer.email } })).status,
    ).toBe(200);

    await runOutboxOnce(server.database.prisma, { publicUrl: TEST_PUBLIC_URL });
    const mail = await sink.waitForMessage((message) => message.to.includes(customer.email));
    const link = new RegExp(`${TEST_PUBLIC_URL}/newpassword/([A-Za-z0-9_-]{20,})`).exec(mail.html);
    const token = link?.[1] ?? '';
    expect(token).not.toBe('');

    const prisma = server.database.prisma;
    const rows = await Promise.all([prisma.emailOutbox.findMany(), prisma.passwordResetToken.findMany()]);
    expect(JSON.stringify(rows)).not.toContain(token);
    const list = await api<{ items: { id: number }[] }>(server, 'POST', '/api/email/outbox', {
      token: adminToken,
      body: { search: customer.email },
    });
    expect(list.status).toBe(200);
    const shown = await api(server, 'GET', `/api/email/outbox/${list.body.items[0]?.id}`, {
      token: adminToken,
    });
    expect(shown.status).toBe(200);
    expect(JSON.stringify([list.body, shown.body])).not.toContain(token);
    expect(JSON.stringify(shown.body)).not.toContain('/newpassword/');

    // The link in the mailbox is the one that works.
    const reset = await api<{ token: string }>(server, 'POST', '/api/user/resetpassword', {
      body: { token, password: 'Vadonatuj-jelszo-7' },
    });
    expect(reset.status).toBe(200);
  });

  it('never reach the log, neither as the page path nor as a token-like query value', async () => {
    const log = capturedLog();
    const logged = await startTestServer({ logger: log.logger });
    try {
      const token = 'ElOtOkEn_0123456789abcdefghijklmnop';
      await fetch(`${logged.url}/newpassword/${token}`);
      await fetch(`${logged.url}/api/category?key=${token}x&page=2`);
      const text = log.text();
      expect(text).toContain('/newpassword/[elrejtve]');
      expect(text).toContain('page=2');
      expect(text).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

describe('the client address behind proxies (TRUST_PROXY)', () => {
  /** The address a failed sign-in through `server` was counted under, sent with a forged X-Forwarded-For. */
  async function countedAddress(server: TestServer) {
    const email = `xff-${Date.now()}@example.hu`;
    await fetch(`${server.url}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ email, password: 'rossz-jelszo-1' }),
    });
    const failure = await server.database.prisma.signInFailure.findFirstOrThrow({ where: { email } });
    return failure.ip;
  }

  it('ignores X-Forwarded-For from a peer that is not a listed proxy, and believes a listed one', async () => {
    const elsewhere = await startTestServer({ trustProxy: ['10.0.0.1', '192.168.0.0/16'] });
    const local = await startTestServer({ trustProxy: ['127.0.0.1'] });
    try {
      expect(await countedAddress(elsewhere)).toBe('127.0.0.1');
      expect(await countedAddress(local)).toBe('203.0.113.77');
    } finally {
      await elsewhere.close();
      await local.close();
    }
  });
});

/**
 * Sends the headers of a `bytes`-long upload and only its first 64 kB, and answers the status the
 * server sends before the rest: a server that read the body first would never answer.
 */
function startUpload(server: TestServer, path: string, bytes: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    const request = httpRequest({
      hostname,
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(bytes), ...headers },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', (error) => {
      // The server closing the socket after answering is expected; only an unanswered error fails.
      if (
        (error as NodeJS.ErrnoException).code !== 'ECONNRESET' &&
        (error as NodeJS.ErrnoException).code !== 'EPIPE'
      )
        reject(error);
    });
    request.write(`{"fileName":"a.png","mimeType":"image/png","dataBase64":"${'A'.repeat(64 * 1024)}`);
  });
}

describe('uploads check who asks before reading the body', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const HUGE = 11_000_000;

  it('answers a stranger 401 while most of an 11 MB body is still unsent, on REST and tRPC', async () => {
    const rest = await startUpload(server, '/api/media', HUGE);
    expect(rest.status).toBe(401);
    expect(JSON.parse(rest.body)).toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/Jelentkezz be/),
    });

    const trpc = await startUpload(server, '/trpc/media.upload', HUGE);
    expect(trpc.status).toBe(401);
    expect(JSON.parse(trpc.body)).toMatchObject({
      error: { data: { code: 'UNAUTHORIZED', path: 'media.upload' } },
    });
  });

  it('answers a shopper 403 the same way', async () => {
    const shopper = await signIn(server, await createUser(server.database, 'customer'));
    const rest = await startUpload(server, '/api/media', HUGE, { token: shopper });
    expect(rest.status).toBe(403);
  });
});

describe('sign-up limits over HTTP', () => {
  it('refuses the sign-up past the per-address limit with a Hungarian 429', async () => {
    const { server } = await startSellingServer();
    try {
      const signup = (index: number) =>
        api<{ message?: string }>(server, 'POST', '/api/user/signup', {
          body: {
            email: `tomeg-${index}@example.hu`,
            password: 'Hosszu-jelszo-2026',
            firstName: 'Teszt',
            lastName: 'Elek',
            acceptTerms: true,
          },
        });
      for (let index = 0; index < 5; index++) expect((await signup(index)).status).toBe(200);
      const refused = await signup(5);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/Túl sok regisztráció/);
    } finally {
      await server.close();
    }
  });
});

describe('Permissions-Policy', () => {
  it('is on every answer: camera, microphone and payment off, the position only for the shop itself', async () => {
    const server = await startTestServer();
    try {
      for (const pathname of [
        '/',
        '/api/openapi.json',
        '/api/nincs-ilyen',
        '/trpc/nincs.ilyen',
        `/${FAKE_ASSET}`,
      ]) {
        const response = await fetch(`${server.url}${pathname}`);
        await response.arrayBuffer();
        expect(response.headers.get('permissions-policy'), pathname).toBe(
          'camera=(), microphone=(), geolocation=(self), payment=()',
        );
      }
    } finally {
      await server.close();
    }
  });
});

describe('sign-in limits over HTTP', () => {
  /** A sign-in as if from `address`, through the listed proxy the test server believes. */
  const signinFrom = (server: TestServer, address: string, body: { email: string; password: string }) =>
    api<{ token?: string; msg?: string; message?: string }>(server, 'POST', '/api/user/signin', {
      body,
      headers: { 'x-forwarded-for': address },
    });

  it('keeps the owner signing in from a new network while refusing the guesser’s own, with the real wait', async () => {
    const server = await startTestServer({ trustProxy: ['127.0.0.1'] });
    try {
      const owner = await createUser(server.database, 'customer');
      const guess = { email: owner.email, password: 'rossz-jelszo-1' };
      // Thirty guesses in the last minutes from ten networks, three from each …
      await server.database.prisma.signInFailure.createMany({
        data: Array.from({ length: 30 }, (_, index) => ({
          email: owner.email,
          ip: `203.0.113.${(index % 10) + 1}`,
          createdAt: new Date(Date.now() - 5 * 60_000),
        })),
      });
      // … and three more from addresses of one IPv6 /64, which counts as one network.
      for (const address of ['2001:db8:77::1', '2001:db8:77::2', '2001:db8:77:0:abcd::3']) {
        expect((await signinFrom(server, address, guess)).body).toHaveProperty('msg');
      }
      const refused = await signinFrom(server, '2001:db8:77::99', guess);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(
        'Túl sok sikertelen bejelentkezési kísérlet. Kérjük, próbáld újra 15 perc múlva, vagy kérj új jelszót!',
      );
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      const owners = await signinFrom(server, '198.51.100.23', owner);
      expect(owners.status).toBe(200);
      expect(owners.body.token).toEqual(expect.any(String));
    } finally {
      await server.close();
    }
  }, 60_000);
});
