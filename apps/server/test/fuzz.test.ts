import { Writable } from 'node:stream';
import { BARION_STAND_IN_PATH, BARION_STAND_IN_POS_KEY } from '@shop/api';
import { createBarionStandIn } from '@shop/api/stand-ins/barion';
import { createSession } from '@shop/api/testing';
import { hashPassword, type Role } from '@shop/db';
import { seedDemoData } from '@shop/db/seed';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from './catalogue-fixtures';
import type { OpenApiDocument } from './fuzz/requests';
import { type FuzzFailure, type FuzzRole, runFuzz } from './fuzz/run-fuzz';
import { startTestServer, type TestServer } from './test-server';

/**
 * Every operation of the served OpenAPI document, as a stranger, a customer and the admin, with
 * plausible and hostile values derived from its schemas, against a real server with a small shop:
 * no answer may be a 5xx. `npm test` sends a bounded number of requests with a fixed seed;
 * `npm run fuzz` sends more (FUZZ_REQUESTS, FUZZ_SEED).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS || 1500);
const SEED = Number(process.env.FUZZ_SEED || 20261124);
/** Generous per request: hostile bodies of up to 1 MB and password hashing on a loaded machine. */
const TIMEOUT_MS = 60_000 + REQUESTS * 100;

const ADMIN = { email: 'fuzz-admin@example.hu', password: 'Fuzz-admin-2026' };
const CUSTOMER_EMAIL = 'fuzz-vevo@example.hu';

let server: TestServer;
const serverErrors: string[] = [];

/** Keeps what the server logs as errors, so a 5xx is reported with its cause. */
const errorLog = new Writable({
  write(chunk: Buffer, _encoding, done) {
    serverErrors.push(chunk.toString('utf8'));
    done();
  },
});

beforeAll(async () => {
  const standIn = createBarionStandIn({
    posKey: BARION_STAND_IN_POS_KEY,
    basePath: BARION_STAND_IN_PATH,
    retryDelaysMs: [100],
  });
  server = await startTestServer({
    selfAddressed: true,
    barionStandIn: standIn,
    logger: pino({ level: 'error' }, errorLog),
  });
  // The shop's own basics (admin, checkout methods, pages, e-mail templates) and a small catalogue
  // (categories, products hidden, sold out and disabled, images); the demo data's thousands of rows
  // would cost minutes on a loaded machine. Plausible requests add carts, orders and more.
  await seedCatalogue(server.database.prisma);
  await seedDemoData(server.database.prisma, {
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    demoData: false,
  });
});
afterAll(async () => {
  await server?.close();
});

/**
 * A fresh session for the role's account, recreated when a request changed it: signed out, turned
 * into another role by the admin, or deleted (an anonymised account no longer has its address).
 */
async function tokenFor(role: FuzzRole): Promise<string | undefined> {
  if (role === 'stranger') return undefined;
  const prisma = server.database.prisma;
  const email = role === 'admin' ? ADMIN.email : CUSTOMER_EMAIL;
  const wanted: Role = role === 'admin' ? 'admin' : 'customer';
  const user = await prisma.user.upsert({
    where: { email },
    update: { role: wanted, anonymizedAt: null },
    create: {
      email,
      role: wanted,
      passwordHash: await hashPassword('Fuzz-vevo-2026'),
      firstName: 'Fuzz',
      lastName: 'Elek',
    },
    select: { id: true },
  });
  return createSession(prisma, user.id);
}

/** One line per kind of failure (operation and status), with the first request that caused it. */
function report(failures: FuzzFailure[]): string[] {
  const kinds = new Map<string, FuzzFailure[]>();
  for (const failure of failures) {
    const key = `${failure.status} ${failure.operationId}`;
    kinds.set(key, [...(kinds.get(key) ?? []), failure]);
  }
  return [...kinds].map(([key, [first, ...more]]) =>
    [
      `${key}: ${more.length + 1}× (first: request #${first?.index} as ${first?.role})`,
      `  request: ${first?.request}`,
      `  answer: ${first?.answer}`,
    ].join('\n'),
  );
}

describe(`fuzzing every REST operation (seed ${SEED}, ${REQUESTS} requests)`, () => {
  it(
    'answers hostile and plausible requests of strangers, customers and the admin without a 5xx',
    async () => {
      const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
      const result = await runFuzz({
        baseUrl: server.url,
        document,
        seed: SEED,
        requests: REQUESTS,
        tokenFor,
      });

      const statuses = [...result.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`);
      console.info(`${result.sent} kérés ${result.operations} műveletre; válaszok: ${statuses.join(', ')}`);
      expect(result.sent).toBe(REQUESTS);
      expect(result.operations).toBeGreaterThan(100);
      // The run reaches past validation and authorisation, not only into 400s.
      expect(result.statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 10);
      const failures = report(result.failures);
      if (failures.length) {
        const causes = serverErrors.slice(0, 20).map((line) => line.slice(0, 1500));
        console.error(
          `FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS}\n${failures.join('\n')}\n${causes.join('\n')}`,
        );
      }
      expect(failures).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
