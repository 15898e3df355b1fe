import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BARION_STAND_IN_PATH, BARION_STAND_IN_POS_KEY } from '@shop/api';
import { type BarionStandIn, createBarionStandIn } from '@shop/api/stand-ins/barion';
import { type Database, hashPassword, type Role } from '@shop/db';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { WorkerReadiness } from '../src/observability/health';
import type { MetricsSettings } from '../src/observability/metrics';
import { buildServer } from '../src/server';
import { freePort } from './server-process';

export const FAKE_INDEX_HTML =
  '<!doctype html><html lang="hu"><head><title>Webáruház teszt</title></head><body><div id="root"></div></body></html>';
export const FAKE_ASSET = 'assets/index-abc123.js';
/** A chunk the build wrote Brotli and gzip copies of (the web app's precompress.ts). */
export const FAKE_PRECOMPRESSED_ASSET = 'assets/shared-def456.js';
export const FAKE_PRECOMPRESSED_SOURCE = `export const text = ${JSON.stringify('y'.repeat(4000))};\n`;
export const TEST_PUBLIC_URL = 'https://bolt.example.hu';

export type TestServer = {
  url: string;
  app: FastifyInstance;
  database: Database;
  webDist: string;
  close(): Promise<void>;
};

/**
 * The real server on a fresh test database, listening on a free port, with a fake built web app and,
 * as in the demo, the stand-ins.
 * `selfAddressed`: its public URL is its own address, so Barion's stand-in (mounted on it) and the
 * callbacks it sends reach it, as in `npm start`.
 */
export async function startTestServer(
  options: {
    sitemapChunkSize?: number;
    selfAddressed?: boolean;
    barionStandIn?: BarionStandIn;
    encryptionKey?: Buffer;
    /** Where the server logs (silent by default); a test that reads server errors passes its own. */
    logger?: FastifyBaseLogger;
    /** The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
    trustProxy?: false | string[];
    /** A folder with the web app's server entry (entry-server.js); without it pages are not server-rendered. */
    webSsrDist?: string;
    /** Mount the stand-ins (/_barion, /_szamlazz, /_foxpost), as the demo does; on by default. */
    standIns?: boolean;
    /** What /health/ready is told of the background workers (none run in a test server). */
    workers?: WorkerReadiness;
    /** Who may read /metrics (by default loopback, as in a real shop). */
    metrics?: MetricsSettings;
    /** Requests one API key may make in a minute (API_KEY_RATE_LIMIT); the shop's default when left out. */
    apiKeyRateLimit?: number;
  } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const webDist = await mkdtemp(path.join(tmpdir(), 'shop-web-dist-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), FAKE_INDEX_HTML);
  await writeFile(path.join(webDist, FAKE_ASSET), `console.log(${JSON.stringify('x'.repeat(4000))});\n`);
  const precompressed = path.join(webDist, FAKE_PRECOMPRESSED_ASSET);
  await writeFile(precompressed, FAKE_PRECOMPRESSED_SOURCE);
  await writeFile(`${precompressed}.br`, brotliCompressSync(FAKE_PRECOMPRESSED_SOURCE));
  await writeFile(`${precompressed}.gz`, gzipSync(FAKE_PRECOMPRESSED_SOURCE));
  const build = (publicUrl: string) =>
    buildServer({
      database,
      config: {
        webDist,
        webSsrDist: options.webSsrDist,
        publicUrl,
        trustProxy: options.trustProxy ?? false,
        barion: null,
        standIns: options.standIns ?? true,
        apiKeyRateLimit: options.apiKeyRateLimit,
      },
      logger: options.logger ?? pino({ level: 'silent' }),
      sitemapChunkSize: options.sitemapChunkSize,
      barionStandIn: options.barionStandIn,
      encryptionKey: options.encryptionKey,
      workers: options.workers,
      metrics: options.metrics,
    });
  let app: FastifyInstance;
  if (options.selfAddressed) {
    // Its public URL names its port, so the port is chosen first. Another process may take a port
    // between that choice and listening (any outgoing connection draws from the same range): then a
    // fresh port and a fresh server, instead of a test that fails now and then.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      app = await build(`http://127.0.0.1:${port}`);
      try {
        await app.listen({ port, host: '127.0.0.1' });
        break;
      } catch (error) {
        await app.close();
        if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt >= 10) throw error;
      }
    }
  } else {
    app = await build(TEST_PUBLIC_URL);
    await app.listen({ port: 0, host: '127.0.0.1' });
  }
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('A tesztszerver nem kapott portot.');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    database,
    webDist,
    async close() {
      await app.close();
      await database.close();
      await rm(webDist, { recursive: true, force: true });
    },
  };
}

const PASSWORD = 'Teszt-jelszo-123';
let passwordHash: Promise<string> | undefined;

/**
 * A server that sells: it takes card payments on its own Barion stand-in (callbacks retried quickly)
 * and has the seed's e-mail templates, which every order writes through.
 */
export async function startSellingServer(): Promise<{ server: TestServer; standIn: BarionStandIn }> {
  const standIn = createBarionStandIn({
    posKey: BARION_STAND_IN_POS_KEY,
    basePath: BARION_STAND_IN_PATH,
    retryDelaysMs: [100, 200, 400],
  });
  const server = await startTestServer({ selfAddressed: true, barionStandIn: standIn });
  await server.database.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
  return { server, standIn };
}

export type TestUser = { email: string; password: string };

export async function createUser(database: Database, role: Role): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `${role}-${randomBytes(4).toString('hex')}@example.hu`;
  await database.prisma.user.create({
    data: { email, passwordHash: await passwordHash, role, firstName: 'Teszt', lastName: 'Elek' },
  });
  return { email, password: PASSWORD };
}

type JsonInit = { body?: unknown; token?: string; headers?: Record<string, string> };

/** A JSON request the way the shop's client sends it (`token` header, JSON body). */
export async function api<T = unknown>(
  server: TestServer,
  method: string,
  pathname: string,
  init: JsonInit = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.token = init.token;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${pathname}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

export async function signIn(server: TestServer, user: TestUser): Promise<string> {
  const { status, body } = await api<{ token?: string; msg?: string }>(server, 'POST', '/api/user/signin', {
    body: user,
  });
  if (status !== 200 || !body.token)
    throw new Error(`A tesztfelhasználó nem tudott belépni: ${JSON.stringify(body)}`);
  return body.token;
}

export type MugShop = { mug: number; courier: number; cod: number };

/**
 * What the order tests buy with: the "Kék bögre" mug (3 990 Ft, 50 in stock), created over REST as
 * an admin does, a GLS courier (1 990 Ft) and cash on delivery (490 Ft).
 */
/**
 * A shipping or payment method made as an admin makes it (REST), so every cache that already read the
 * methods forgets them; a row written straight into the table stays invisible to a server that has
 * read the methods before (a product page does, for its shipping line).
 */
export async function createShippingMethod(
  server: TestServer,
  adminToken: string,
  body: { name: string; fee: number; needsAddress?: boolean; freeAbove?: number | null },
): Promise<number> {
  const created = await api<{ id: number }>(server, 'POST', '/api/checkout/shipping', {
    token: adminToken,
    body,
  });
  if (created.status !== 200)
    throw new Error(`A szállítási mód nem jött létre: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

export async function createPaymentMethod(
  server: TestServer,
  adminToken: string,
  body: { name: string; provider: 'barion' | 'cash_on_delivery' | 'bank_transfer'; fee?: number },
): Promise<number> {
  const created = await api<{ id: number }>(server, 'POST', '/api/checkout/payment', {
    token: adminToken,
    body,
  });
  if (created.status !== 200)
    throw new Error(`A fizetési mód nem jött létre: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

export async function createMugShop(server: TestServer, adminToken: string): Promise<MugShop> {
  const product = await api<{ id: number }>(server, 'POST', '/api/product/update', {
    token: adminToken,
    body: {
      slug: 'kek-bogre',
      price: 3990,
      stock: 50,
      descriptions: [{ language: 'hu', title: 'Kék bögre' }],
    },
  });
  if (product.status !== 200) throw new Error(`A tesztbögre nem jött létre: ${JSON.stringify(product.body)}`);
  const courier = await createShippingMethod(server, adminToken, { name: 'GLS futár', fee: 1990 });
  const cod = await createPaymentMethod(server, adminToken, {
    name: 'Utánvét',
    provider: 'cash_on_delivery',
    fee: 490,
  });
  return { mug: product.body.id, courier, cod };
}

/** The body of POST /api/cart/order: a guest, Kovács Anna in Budapest, buys `quantity` of one product. */
export function guestOrder(order: {
  product: number;
  quantity?: number;
  shippingMethod: number;
  paymentMethod: number;
}) {
  const address = { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' };
  return {
    cart: [{ product: order.product, quantity: order.quantity ?? 1 }],
    customer: { email: 'vevo@example.hu', firstName: 'Anna', lastName: 'Kovács', phone: '+36 30 123 4567' },
    shippingAddress: address,
    billingAddress: address,
    shippingMethod: order.shippingMethod,
    paymentMethod: order.paymentMethod,
    acceptTerms: true,
  };
}

/**
 * POSTs `body` in 64 kB chunks without a Content-Length and resolves with the status the server answers,
 * even if it answers and closes before the whole body was written.
 */
export function statusWhileStreaming(
  url: string,
  body: string | Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const sending = request(url, { method: 'POST', headers });
    let answered = false;
    sending.on('response', (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sending.on('error', (error) => {
      if (!answered) reject(error);
    });
    const bytes = Buffer.from(body);
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 65_536) chunks.push(bytes.subarray(at, at + 65_536));
    const writeNext = () => {
      while (chunks.length > 0 && !answered) {
        if (!sending.write(chunks.shift())) return void sending.once('drain', writeNext);
      }
      if (!answered) sending.end();
    };
    writeNext();
  });
}
