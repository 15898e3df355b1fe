import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { listenToShopEvents, type QueueBacklog, readQueueBacklog } from '@shop/api';
import type { Database } from '@shop/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';

/**
 * /metrics in Prometheus' text format. Each process exposes its own request, pool and event-loop
 * figures (Prometheus scrapes every server); the queues are read from the shared database, so every
 * server reports the same backlog (a dashboard takes their max, not their sum).
 */
export type MetricsSettings = Config['metrics'];

export const DEFAULT_METRICS_SETTINGS: MetricsSettings = { token: undefined, allow: ['loopback'] };

/** The name → ranges proxy-addr (and TRUST_PROXY) gives the three words METRICS_ALLOW shares with it. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    for (const [network, prefix, type] of NAMED_RANGES[entry] ?? []) list.addSubnet(network, prefix, type);
    if (NAMED_RANGES[entry]) continue;
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Headers a proxy adds: such a request came through it, so its connection's address is the proxy's, not the caller's. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

type Access = 'allowed' | 'unauthenticated' | 'forbidden';

/**
 * Who may read /metrics: a caller with the token, or one connecting straight from an allowed address.
 * The address is the connection's own, and a request a proxy forwarded never counts as coming from it:
 * behind a reverse proxy on the same machine every visitor would otherwise arrive from loopback.
 */
export function metricsAccess(settings: MetricsSettings): (request: FastifyRequest) => Access {
  const allowed = allowList(settings.allow);
  const token = settings.token ? digest(settings.token) : null;
  return (request) => {
    const header = request.headers.authorization;
    if (header !== undefined) {
      const [scheme, given = ''] = header.split(' ');
      const ok =
        token !== null && scheme?.toLowerCase() === 'bearer' && timingSafeEqual(digest(given), token);
      return ok ? 'allowed' : 'unauthenticated';
    }
    const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
    let address = request.socket.remoteAddress ?? '';
    if (address.startsWith('::ffff:') && isIPv4(address.slice(7))) address = address.slice(7);
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (!forwarded && address !== '' && allowed.check(address, type)) return 'allowed';
    return token ? 'unauthenticated' : 'forbidden';
  };
}

const REFUSALS = {
  unauthenticated: {
    status: 401,
    body: {
      code: 'UNAUTHORIZED',
      message: 'A /metrics olvasásához a METRICS_TOKEN kell (Authorization: Bearer <token>).',
    },
  },
  forbidden: {
    status: 403,
    body: {
      code: 'FORBIDDEN',
      message:
        'A /metrics innen nem olvasható: adj meg METRICS_TOKEN-t, vagy vedd fel a lekérdező gép címét a METRICS_ALLOW listába.',
    },
  },
} as const;

/** The route a request matched, as its pattern: never the raw URL, whose ids would make a series per product. */
export type RouteLabel = (request: FastifyRequest) => string;

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(
  app: FastifyInstance,
  {
    database,
    settings,
    routeLabel,
  }: { database: Database; settings: MetricsSettings; routeLabel: RouteLabel },
): void {
  const registry = new Registry();
  // Process figures, with the event loop's delay (perf_hooks.monitorEventLoopDelay) among them.
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, and how long they took.',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      { method: request.method, route: routeLabel(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  new Gauge({
    name: 'shop_database_info',
    help: 'The database this server uses: kind="postgres", or "pglite" (embedded, one connection, no pool).',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.set({ kind: database.kind }, 1);
    },
  });
  const poolUse = database.poolUse;
  if (poolUse) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: "This server's PostgreSQL connections: total open, idle, and requests waiting for one.",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new Gauge({
      name: 'shop_db_pool_max',
      help: "The most PostgreSQL connections this server's pool opens.",
      registers: [registry],
      collect() {
        this.set(poolUse().max);
      },
    });
  }

  // One query answers both queue gauges: prom-client collects them side by side, so they share it.
  let reading: Promise<QueueBacklog[]> | undefined;
  const backlog = () => {
    reading ??= readQueueBacklog(database.prisma)
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'A várakozó sorok hossza nem olvasható');
        return [];
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'shop_queue_length',
    help: 'Items waiting in a background queue (email, webhook, invoice, stock_notification), retries included; the same on every server.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, length } of await backlog()) this.set({ queue }, length);
    },
  });
  new Gauge({
    name: 'shop_queue_oldest_age_seconds',
    help: 'Age of the oldest item waiting in a background queue; a growing age is a stuck queue.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, oldestAgeSeconds } of await backlog()) this.set({ queue }, oldestAgeSeconds);
    },
  });

  const providerErrors = new Counter({
    name: 'shop_provider_call_errors_total',
    help: 'Failed calls to Barion, Számlázz.hu, Foxpost and the pickup point feeds, by provider and endpoint.',
    labelNames: ['provider', 'operation'],
    registers: [registry],
  });
  const catalogueBuilds = new Histogram({
    name: 'shop_catalogue_rebuild_duration_seconds',
    help: "How long rebuilding this server's in-memory catalogue took (after each catalogue change).",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const catalogueProducts = new Gauge({
    name: 'shop_catalogue_products',
    help: 'Products in the last catalogue this server built.',
    registers: [registry],
  });
  const stopListening = listenToShopEvents({
    providerCallFailed: (provider, operation) => providerErrors.inc({ provider, operation }),
    catalogueBuilt: (seconds, products) => {
      catalogueBuilds.observe(seconds);
      catalogueProducts.set(products);
    },
  });
  app.addHook('onClose', (_app, done) => {
    stopListening();
    done();
  });

  const access = metricsAccess(settings);
  app.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
    const verdict = access(request);
    if (verdict !== 'allowed') {
      const refusal = REFUSALS[verdict];
      if (verdict === 'unauthenticated') void reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.code(refusal.status).type('application/json; charset=utf-8').send(refusal.body);
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
