import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getBarionPaymentState } from '../../../packages/api/src/services/payments/barion-client';
import { REPO_ROOT } from '../src/config';
import type { MetricsSettings } from '../src/observability/metrics';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(metrics?: MetricsSettings) {
  server = await startTestServer({ metrics });
  return server;
}

async function scrape(headers: Record<string, string> = {}) {
  const response = await fetch(`${server?.url}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** The value of one series in Prometheus' text format, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const TOKEN = 'prometheus-olvaso-token-123456';

describe('/metrics', () => {
  it('counts requests by route pattern and status, never by the raw URL', async () => {
    await start();
    await fetch(`${server?.url}/api/blogpost/424242`);
    await fetch(`${server?.url}/trpc/category.tree`);
    await fetch(`${server?.url}/trpc/nem.letezo.eljaras`);
    // A request is counted when its response has finished on the server's side, which under load can
    // come after the client already has the answer: scrape again until the last one is in.
    let scraped = await scrape();
    for (const deadline = Date.now() + 5000; !scraped.text.includes('route="/trpc/(unknown)"'); ) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
      scraped = await scrape();
    }
    const { status, type, text } = scraped;
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(
      sample(
        text,
        'shop_http_request_duration_seconds_count{method="GET",route="/api/blogpost/:id",status="404"}',
      ),
    ).toBe(1);
    expect(text).toContain('route="/trpc/category.tree"');
    expect(text).toContain('route="/trpc/(unknown)"');
    expect(text).not.toContain('424242');
    expect(text).not.toContain('nem.letezo');
    // The event loop's delay, from perf_hooks.monitorEventLoopDelay.
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toMatch(/shop_database_info\{kind="(pglite|postgres)"\} 1/);
    // PostgreSQL's pool is this server's own; the embedded database has one connection and no pool.
    if (server?.database.kind === 'postgres')
      expect(text).toMatch(/shop_db_pool_connections\{state="total"\} \d+/);
    else expect(text).not.toContain('shop_db_pool_connections');
  });

  it('tells the length and the oldest age of the background queues, read from the database', async () => {
    await start();
    const hourAgo = new Date(Date.now() - 3_600_000);
    await server?.database.prisma.emailOutbox.createMany({
      data: [
        { to: 'a@example.hu', subject: 'Rendelés', html: '<p>x</p>', createdAt: hourAgo },
        { to: 'b@example.hu', subject: 'Rendelés', html: '<p>x</p>' },
        { to: 'c@example.hu', subject: 'Rendelés', html: '<p>x</p>', status: 'sent' },
      ],
    });
    const { text } = await scrape();
    expect(sample(text, 'shop_queue_length{queue="email"}')).toBe(2);
    expect(sample(text, 'shop_queue_oldest_age_seconds{queue="email"}')).toBeGreaterThanOrEqual(3600);
    expect(sample(text, 'shop_queue_length{queue="invoice"}')).toBe(0);
    expect(sample(text, 'shop_queue_length{queue="webhook"}')).toBe(0);
    expect(sample(text, 'shop_queue_length{queue="stock_notification"}')).toBe(0);
  });

  it('counts failed Barion calls by endpoint, without the payment id, and catalogue rebuilds', async () => {
    await start();
    const before = sample(
      (await scrape()).text,
      'shop_provider_call_errors_total{provider="barion",operation="/v4/Payment/{id}/PaymentState"}',
    );
    const unreachable = { apiUrl: 'http://127.0.0.1:9', posKey: 'x', payee: 'bolt@example.hu' };
    await expect(getBarionPaymentState(unreachable, '0123456789abcdef0123456789abcdef')).rejects.toThrow();
    await fetch(`${server?.url}/api/product/featured`);
    const { text } = await scrape();
    expect(
      sample(
        text,
        'shop_provider_call_errors_total{provider="barion",operation="/v4/Payment/{id}/PaymentState"}',
      ),
    ).toBe((before ?? 0) + 1);
    expect(text).not.toContain('0123456789abcdef');
    expect(sample(text, 'shop_catalogue_rebuild_duration_seconds_count')).toBeGreaterThanOrEqual(1);
  });

  it('is not public: a proxied request, another address or a wrong token is refused', async () => {
    await start({ token: TOKEN, allow: ['loopback'] });
    // Straight from loopback (Prometheus on the same machine): allowed without the token.
    expect((await scrape()).status).toBe(200);
    // Through a reverse proxy on the same machine the connection is loopback too: not enough.
    const proxied = await scrape({ 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(401);
    expect(proxied.text).toContain('METRICS_TOKEN');
    expect(
      (await scrape({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` })).status,
    ).toBe(200);
    expect((await scrape({ authorization: 'Bearer rossz-token' })).status).toBe(401);
    await server?.close();

    await start({ token: undefined, allow: ['10.0.0.0/8'] });
    const refused = await scrape();
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'FORBIDDEN', requestId: expect.any(String) });
    expect((await scrape({ authorization: 'Bearer akarmi-akarmi-akarmi' })).status).toBe(401);
  });
});

describe('the Grafana dashboard (ops/grafana-dashboard.json)', () => {
  it('asks only for metrics the server exposes', async () => {
    await start();
    const { text } = await scrape();
    const exposed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
    const dashboard = readFileSync(path.join(REPO_ROOT, 'ops/grafana-dashboard.json'), 'utf8');
    const asked = new Set(
      [...dashboard.matchAll(/\b((?:shop|nodejs|process)_[a-z0-9_]+)/g)].map((match) =>
        (match[1] ?? '').replace(/_(bucket|sum|count)$/, ''),
      ),
    );
    expect(asked.size).toBeGreaterThan(5);
    // The pool's gauges exist only on PostgreSQL.
    const missing = [...asked].filter(
      (name) =>
        !exposed.has(name) && !(server?.database.kind === 'pglite' && name.startsWith('shop_db_pool')),
    );
    expect(missing).toEqual([]);
  });
});
