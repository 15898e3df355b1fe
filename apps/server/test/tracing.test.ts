import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process';

type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
};
type OtlpExport = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };

/** A tiny OTLP/HTTP collector: keeps every span posted to /v1/traces (JSON, as the HTTP exporter sends). */
async function startCollector(): Promise<{ server: Server; url: string; spans: OtlpSpan[] }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const exported = JSON.parse(body) as OtlpExport;
        for (const resource of exported.resourceSpans)
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans };
}

let collector: Awaited<ReturnType<typeof startCollector>> | undefined;
let shop: ServerProcess | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  if (shop?.child.exitCode === null) shop.child.kill('SIGKILL');
  collector?.server.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('OpenTelemetry traces', () => {
  it('sends a span per request, named by its route, with the database calls under it', async () => {
    collector = await startCollector();
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-tracing-'));
    shop = await startServerProcess({
      DATA_DIR: dataDir,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_SERVICE_NAME: 'webshop-teszt',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await fetch(`${shop.url}/api/blogpost/424242`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    const requestId = response.headers.get('x-request-id');

    const spans = collector.spans;
    let request: OtlpSpan | undefined;
    for (let attempt = 0; attempt < 200 && !request; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      request = spans.find((span) => span.name === 'GET /api/blogpost/:id');
    }
    expect(request).toBeDefined();
    // It continues the caller's trace, and names the request as its answer and log lines do.
    expect(request?.traceId).toBe(traceId);
    expect(request?.parentSpanId).toBe('00f067aa0ba902b7');
    expect(request?.attributes).toContainEqual({ key: 'shop.request_id', value: { stringValue: requestId } });
    expect(request?.attributes).toContainEqual({
      key: 'http.response.status_code',
      value: { intValue: 404 },
    });
    expect(JSON.stringify(spans)).not.toContain('424242');

    // Prisma's spans of the lookup belong to the same trace, under the request's span.
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const underRequest = (span: OtlpSpan): boolean => {
      for (let parent = span.parentSpanId; parent; parent = byId.get(parent)?.parentSpanId)
        if (parent === request?.spanId) return true;
      return false;
    };
    const database = spans.filter((span) => span.name.startsWith('prisma:') && span.traceId === traceId);
    expect(database.length).toBeGreaterThan(0);
    expect(database.every(underRequest)).toBe(true);
  });
});
