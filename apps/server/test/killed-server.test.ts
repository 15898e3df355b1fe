import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '@shop/db';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type ServerProcess, startServerProcess } from './server-process';

/**
 * The real server process, killed with SIGKILL while orders pour in, must leave only whole orders:
 * every order with its lines, its history and its e-mail, and stock that moved by exactly what the
 * orders hold. On PostgreSQL (CI) the server runs on a database of the test server; without one on
 * an embedded database in a temporary directory.
 */
const ADMIN = { email: 'admin@example.hu', password: 'Admin-jelszo-2026' };
const INITIAL_STOCK = 100_000;

let dataDir: string | undefined;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function prepareDatabase(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-killed-'));
    return;
  }
  const database = await createPostgresDatabase(serverUrl, 'shop_killed');
  databaseUrl = database.url;
  dropDatabase = database.drop;
}

async function startServer(): Promise<ServerProcess> {
  return startServerProcess({
    DATA_DIR: dataDir ?? tmpdir(),
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Hundreds of guest orders from 127.0.0.1, each to its own address; the limit is tested elsewhere.
    GUEST_ORDER_LIMIT_PER_IP: '100000',
  });
}

/**
 * Whether a process still runs. A killed child may stay a zombie until its parent reaps it; the
 * kernel has closed its sockets and files by then, so a zombie counts as ended.
 */
async function isRunning(pid: number | undefined): Promise<boolean> {
  if (pid === undefined) return false;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return false;
  return !/^\d+ \(.*\) Z/.test(stat);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Nem teljesült: ${what}`);
}

async function json<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

describe('a server killed while placing orders', () => {
  it('leaves no half-written order behind', async () => {
    await prepareDatabase();
    const server = await startServer();
    child = server.child;
    const base = `${server.url}/api`;
    const { token } = await json<{ token: string }>(`${base}/user/signin`, ADMIN);
    const product = await json<{ id: number }>(
      `${base}/product/update`,
      {
        slug: 'kitartas',
        price: 1000,
        stock: INITIAL_STOCK,
        descriptions: [{ language: 'hu', title: 'Kitartás' }],
      },
      { token },
    );
    const methods = await Promise.all([
      fetch(`${base}/checkout/shipping`).then(
        (response) => response.json() as Promise<{ items: { id: number; needsAddress: boolean }[] }>,
      ),
      fetch(`${base}/checkout/payment`).then(
        (response) => response.json() as Promise<{ items: { id: number; provider: string }[] }>,
      ),
    ]);
    const shipping = methods[0].items.find((method) => method.needsAddress)!;
    const payment = methods[1].items.find((method) => method.provider === 'cash_on_delivery')!;
    const order = (quantity: number, index: number) => ({
      cart: [{ product: product.id, quantity }],
      customer: {
        email: `vevo${index}@example.hu`,
        firstName: 'Anna',
        lastName: 'Kovács',
        phone: '+36 30 123 4567',
      },
      shippingAddress: { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' },
      billingAddress: { name: 'Kovács Anna', postcode: '1137', city: 'Budapest', street: 'Pozsonyi út 23.' },
      shippingMethod: shipping.id,
      paymentMethod: payment.id,
      acceptTerms: true,
    });

    let answered = 0;
    const inFlight = Array.from({ length: 400 }, (_, index) =>
      json(`${base}/cart/order`, order((index % 3) + 1, index)).then(
        () => answered++,
        () => undefined,
      ),
    );
    while (answered < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGKILL');
    await Promise.all(inFlight);
    await until(async () => !(await isRunning(child?.pid)), 'a leállított szerver kilép');
    expect(answered).toBeLessThan(400);
    const database: Database = await openDatabase({
      databaseUrl,
      dataDir: dataDir ?? tmpdir(),
      migrate: false,
    });
    try {
      const prisma = database.prisma;
      const { stock } = await prisma.product.findUniqueOrThrow({
        where: { id: product.id },
        select: { stock: true },
      });
      const sold = await prisma.orderLine.aggregate({
        where: { productId: product.id },
        _sum: { quantity: true },
      });
      const orders = await prisma.order.findMany({
        select: { number: true, _count: { select: { lines: true, statusChanges: true } } },
      });
      expect(orders.length).toBeGreaterThanOrEqual(20);
      expect(INITIAL_STOCK - stock).toBe(sold._sum.quantity ?? 0);
      expect(orders.every((entry) => entry._count.lines === 1 && entry._count.statusChanges === 1)).toBe(
        true,
      );
      const confirmations = await prisma.emailOutbox.findMany({
        where: { templateKey: 'order_confirmation' },
        select: { subject: true },
      });
      expect(confirmations.map((mail) => /\((.+)\)$/.exec(mail.subject)?.[1]).sort()).toEqual(
        orders.map((entry) => entry.number).sort(),
      );
    } finally {
      await database.close();
    }
  }, 180_000);
});
