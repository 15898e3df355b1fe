import type { Context, Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type Tracing = { shutdown(): Promise<void> };

/**
 * OpenTelemetry traces sent over OTLP/HTTP to `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT), with a span
 * per request (traceRequests below) and Prisma's spans for every database call under it. Without an
 * endpoint nothing here is imported: the SDK is loaded only by this function, so tracing off costs
 * nothing. The SDK's own variables (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_BSP_*) apply.
 */
export async function startTracing(endpoint: string): Promise<Tracing> {
  const [
    { BatchSpanProcessor, NodeTracerProvider },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { registerInstrumentations },
    { PrismaInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@prisma/instrumentation'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? 'webshop' }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` })),
    ],
  });
  // The async context manager (a request's spans find their parent) and W3C trace context propagation.
  provider.register();
  registerInstrumentations({ tracerProvider: provider, instrumentations: [new PrismaInstrumentation()] });
  return { shutdown: () => provider.shutdown() };
}

/**
 * A server span per request, named by method and route pattern (never the raw URL, which may carry a
 * secret link), continuing the caller's trace when it sends `traceparent`. The span is made the
 * active context when the request arrives and again before its handler: a body arrives on the
 * socket's own async context, which would otherwise lose it, and Prisma's spans would start new traces.
 */
export async function traceRequests(
  app: FastifyInstance,
  routeLabel: (request: FastifyRequest) => string,
): Promise<void> {
  const { context, propagation, SpanKind, SpanStatusCode, trace } = await import('@opentelemetry/api');
  const tracer = trace.getTracer('webshop');
  const active = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

  app.addHook('onRequest', (request, _reply, done) => {
    const route = routeLabel(request);
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route } },
      parent,
    );
    const spanContext = trace.setSpan(parent, span);
    active.set(request, { span, context: spanContext });
    context.with(spanContext, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const entry = active.get(request);
    if (entry) context.with(entry.context, done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const entry = active.get(request);
    if (entry) {
      entry.span.setAttributes({
        'http.response.status_code': reply.statusCode,
        'shop.request_id': request.id,
      });
      if (reply.statusCode >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
      entry.span.end();
      active.delete(request);
    }
    done();
  });
}
