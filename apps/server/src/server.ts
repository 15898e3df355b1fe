import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, Transform } from 'node:stream';
import compress from '@fastify/compress';
import {
  type AppRouter,
  appRouter,
  type BarionHosts,
  buildOpenApiDocument,
  cacheFor,
  createContext,
  DEFAULT_BARION_HOSTS,
  DEFAULT_REQUEST_LIMITS,
  DomainError,
  jsonTextTooDeep,
  recentStorageFault,
  resolveBarionConfig,
  TOO_DEEP_MESSAGE,
  toDomainError,
  toTRPCError,
  usesBarionStandIn,
} from '@shop/api';
import { IMPORT_UPLOAD_MAX_BASE64, MAX_BATCH_SIZE, MEDIA_UPLOAD_MAX_BASE64 } from '@shop/api/schemas';
import type { BarionStandIn } from '@shop/api/stand-ins/barion';
import type { Database } from '@shop/db';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
  type preHandlerAsyncHookHandler,
  type preParsingAsyncHookHandler,
  type RouteOptions,
} from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { apiPlugin } from './api-plugin';
import { barionCallbackRoute, mountBarionStandIn } from './barion-routes';
import { registerBuiltAssets } from './built-assets';
import { type Config, DEFAULT_API_KEY_RATE_LIMIT } from './config';
import { feedRoutes } from './feed-routes';
import { mountFoxpostStandIn } from './foxpost-routes';
import { builtInlineScriptHashes } from './inline-scripts';
import { withRedactedRequests } from './log-redaction';
import { mediaRoutes } from './media-routes';
import { mountMetaStandIn } from './meta-routes';
import { newsletterOneClickRoute } from './newsletter-routes';
import { mountNewsletterStandIns } from './newsletter-sync-routes';
import {
  probeDatabaseWrite,
  readinessProbe,
  STORAGE_FAULT_MESSAGE,
  type WorkerReadiness,
} from './observability/health';
import { DEFAULT_METRICS_SETTINGS, type MetricsSettings, registerMetrics } from './observability/metrics';
import { newRequestId, REQUEST_ID_HEADER, stampRequestIds } from './observability/request-id';
import { traceRequests } from './observability/tracing';
import { requestHeaders } from './request-headers';
import { fromHttpStatus, retryAfterHeaders, toRestError } from './rest/errors';
import { listRestOperations } from './rest/operations';
import { reviewRequestRoutes } from './review-request-routes';
import { createShopPageSender, seoRoutes } from './seo-routes';
import { ShopRenderer } from './shop-renderer';
import { isSpaRoute, registerSpa } from './spa';
import { providerFallbacks, refuseStandInPaths } from './stand-in-mount';
import { mountSzamlazzStandIn } from './szamlazz-routes';
import { refuseUploadsFromOthers, trpcRefusalSender } from './upload-guard';

export type BuildServerOptions = {
  database: Database;
  /** `standIns` left out: off, as in a real shop (tests that use the stand-ins turn them on). */
  config: Pick<Config, 'webDist' | 'publicUrl' | 'trustProxy' | 'barion'> &
    Partial<
      Pick<
        Config,
        | 'webhookPrivateTargets'
        | 'signupLimitPerIp'
        | 'guestOrderLimitPerIp'
        | 'apiKeyRateLimit'
        | 'webSsrDist'
        | 'standIns'
      >
    >;
  logger: FastifyBaseLogger;
  /** URLs per sitemap file (default 50 000, the protocol's limit). */
  sitemapChunkSize?: number;
  /** The Barion stand-in to mount when stand-ins are on and no Barion account is configured (tests pass theirs to drive it). */
  barionStandIn?: BarionStandIn;
  /** Seals the POS key an admin saves (encryption-key.ts); without it a POS key cannot be saved. */
  encryptionKey?: Buffer | null;
  /** Barion's API per environment for an admin-saved key; tests point them at a stand-in. */
  barionHosts?: BarionHosts;
  /** Whether this process's background workers run, for /health/ready; left out where none run. */
  workers?: WorkerReadiness;
  /** Who may read /metrics; left out: loopback only, no token. */
  metrics?: MetricsSettings;
  /** A span per request, when tracing was started (observability/tracing.ts). */
  traceRequests?: boolean;
};

const API_BASE = '/api';
const TRPC_PREFIX = '/trpc';
const DEFAULT_BODY_LIMIT = 1_048_576;

const UNKNOWN_ENDPOINT = new DomainError('not_found', 'A kért API-végpont nem létezik.');

/** The largest upload (a 50 MB product sheet is about 67 MB of base64) and room for the JSON around it. */
const UPLOAD_BODY_LIMIT = Math.max(MEDIA_UPLOAD_MAX_BASE64, IMPORT_UPLOAD_MAX_BASE64) + 64 * 1024;
/** The procedures, and their REST paths, that carry a file in their body. */
const UPLOAD_PROCEDURES = ['media.upload', 'productImport.upload', 'productImport.attachPictures'];
const UPLOAD_PATHS = [
  `${API_BASE}/media`,
  `${API_BASE}/product-import`,
  `${API_BASE}/product-import/:id/pictures`,
];
const TRPC_ROUTE = `${TRPC_PREFIX}/:path`;

function bodyTooLarge(): FastifyError {
  return Object.assign(new Error('A kérés túl nagy.'), {
    code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    name: 'FastifyError',
    statusCode: 413,
  });
}

function carriesUpload(request: FastifyRequest): boolean {
  const { path } = request.params as { path?: string };
  return (path ?? '').split(',').some((procedure) => UPLOAD_PROCEDURES.includes(procedure));
}

/**
 * One tRPC route carries every procedure, so it accepts an upload's size and this hook holds the
 * calls without an upload procedure to the usual limit, also when the body comes without a length.
 */
const defaultLimitUnlessUpload: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  if (carriesUpload(request)) return payload;
  if (Number(request.headers['content-length']) > DEFAULT_BODY_LIMIT) throw bodyTooLarge();
  let received = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      callback(received > DEFAULT_BODY_LIMIT ? bodyTooLarge() : null, chunk);
    },
  });
  // Fastify reads the failure from the returned stream; the callback only keeps it from being unhandled.
  return pipeline(payload, limited, () => {});
};

/**
 * tRPC parses the JSON itself (a POST body or a GET's `input`), so deep nesting is refused before it does:
 * JSON.parse spends a second on a megabyte of `[[[…`. The procedures check the parsed input again.
 */
const refuseDeepJson: preHandlerAsyncHookHandler = async (request) => {
  const { input } = (request.query ?? {}) as { input?: unknown };
  for (const text of [request.body, input]) {
    if (typeof text === 'string' && jsonTextTooDeep(text))
      throw new DomainError('invalid_input', TOO_DEEP_MESSAGE);
  }
};

function guardTrpcJson(route: RouteOptions): void {
  if (route.url !== TRPC_ROUTE) return;
  const existing = route.preHandler ?? [];
  route.preHandler = [...(Array.isArray(existing) ? existing : [existing]), refuseDeepJson];
}

/** The upload routes refuse strangers and shoppers before reading their body (upload-guard.ts). */
function checkUploaderFirst(database: Database) {
  const contextOf = (request: FastifyRequest) =>
    createContext({ prisma: database.prisma, headers: requestHeaders(request), ip: request.ip });
  const restGuard = refuseUploadsFromOthers(contextOf);
  const trpcGuard = refuseUploadsFromOthers(contextOf, trpcRefusalSender(appRouter));
  const trpcUploadGuard = async (request: FastifyRequest, reply: FastifyReply) =>
    carriesUpload(request) ? trpcGuard(request, reply) : undefined;
  return (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    const guard = UPLOAD_PATHS.includes(route.url)
      ? restGuard
      : route.url === TRPC_ROUTE
        ? trpcUploadGuard
        : null;
    if (!guard) return;
    const existing = route.onRequest ?? [];
    route.onRequest = [...(Array.isArray(existing) ? existing : [existing]), guard];
  };
}

/** Only the routes an upload (image, PDF, product sheet) travels on accept its size; every other body stays under 1 MB. */
function raiseUploadBodyLimits(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (UPLOAD_PATHS.includes(route.url) && methods.includes('POST')) {
    route.bodyLimit = UPLOAD_BODY_LIMIT;
  } else if (route.url === TRPC_ROUTE && methods.includes('POST')) {
    route.bodyLimit = UPLOAD_BODY_LIMIT;
    const existing = route.preParsing ?? [];
    route.preParsing = [...(Array.isArray(existing) ? existing : [existing]), defaultLimitUnlessUpload];
  }
}

/** The shop's headers; `inlineScripts` are the hashes of the built page's own inline scripts. */
const helmetOptions = (inlineScripts: string[] = []): Readonly<HelmetOptions> => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
      // Chakra UI (emotion) injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // OpenStreetMap's tiles, which the checkout's pickup point map shows (images only, nothing else).
      imgSrc: ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
});

/**
 * Browser features the shop's pages (and anything they embed) may ask for. Only the checkout's
 * pickup-point map asks for the shopper's position (pickup-point-picker.tsx), on the shop's own
 * origin; camera, microphone and the Payment Request API are used nowhere (Barion pays on its own
 * site), so no script, injected or embedded, can ask for them.
 */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(self), payment=()';

/**
 * The headers helmet sets with these options, as name/value pairs. No directive depends on the
 * request (no nonces, no functions), so running helmet's middleware once against a recording
 * response gives exactly what it would set on every answer.
 */
function securityHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

const PROCEDURES = new Set(Object.keys(appRouter._def.procedures));

/**
 * A request's route for metrics: the pattern it matched, and on the tRPC route the procedure when it
 * is one (a batch, or a name that is none, is one label each, so callers cannot make new series).
 */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return '(unmatched)';
  if (pattern !== TRPC_ROUTE) return pattern;
  const { path = '' } = request.params as { path?: string };
  if (path.includes(',')) return `${TRPC_PREFIX}/(batch)`;
  return PROCEDURES.has(path) ? `${TRPC_PREFIX}/${path}` : `${TRPC_PREFIX}/(unknown)`;
}

function isApiPath(pathname: string) {
  return /^\/(api|trpc)(\/|$)/.test(pathname);
}

/** The whole HTTP surface on one Fastify instance; tests build it on a test database and listen on port 0. */
export async function buildServer({
  database,
  config,
  logger,
  sitemapChunkSize,
  barionStandIn,
  encryptionKey = null,
  barionHosts,
  workers,
  metrics = DEFAULT_METRICS_SETTINGS,
  traceRequests: tracing = false,
}: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: withRedactedRequests(logger),
    genReqId: newRequestId,
    // tRPC batches put every procedure name into one path segment.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 5000 },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // A path Fastify cannot decode (`/%E0%A4%A`) gets the API's Hungarian 400, not Fastify's English one.
    // No hook runs for it, so it names its request itself (observability/request-id.ts).
    frameworkErrors: (_error, request, reply) => {
      const { status, body } = toRestError(fromHttpStatus(400));
      void (reply as FastifyReply)
        .code(status)
        .header(REQUEST_ID_HEADER, request.id)
        .type('application/json; charset=utf-8')
        .send({ ...body, requestId: request.id });
    },
  });
  const requestLimits = {
    ...(config.signupLimitPerIp
      ? { signupPerIp: { ...DEFAULT_REQUEST_LIMITS.signupPerIp, limit: config.signupLimitPerIp } }
      : {}),
    ...(config.guestOrderLimitPerIp
      ? { guestOrderPerIp: { ...DEFAULT_REQUEST_LIMITS.guestOrderPerIp, limit: config.guestOrderLimitPerIp } }
      : {}),
  };
  // Counted per API key per minute in the database, so every server holds the same count.
  const apiKeyLimit = { limit: config.apiKeyRateLimit ?? DEFAULT_API_KEY_RATE_LIMIT, windowMs: 60_000 };
  // Before any route is added, so the upload routes get their larger limit when they are.
  app.addHook('onRoute', raiseUploadBodyLimits);
  app.addHook('onRoute', checkUploaderFirst(database));
  app.addHook('onRoute', guardTrpcJson);

  // The same headers on every answer, worked out once: helmet's middleware rebuilds them per request.
  const security: [string, string][] = [
    ...securityHeaders(helmetOptions(builtInlineScriptHashes(config.webDist))),
    ['permissions-policy', PERMISSIONS_POLICY],
  ];
  const setSecurityHeaders: onRequestHookHandler = (_request, reply, done) => {
    for (const [name, value] of security) reply.raw.setHeader(name, value);
    done();
  };
  app.addHook('onRequest', setSecurityHeaders);
  stampRequestIds(app);
  if (tracing) await traceRequests(app, routeLabel);
  const providers = providerFallbacks(config);
  const barionSetup = {
    fallback: providers.barion,
    encryptionKey,
    hosts: barionHosts ?? DEFAULT_BARION_HOSTS,
  };
  if (config.standIns) {
    if (!config.barion) {
      mountBarionStandIn(app, {
        shopOrigin: new URL(config.publicUrl).origin,
        // Read from the payment settings in memory: gone once an admin saves a POS key.
        active: () =>
          usesBarionStandIn({ prisma: database.prisma, cache: cacheFor(database.prisma), barionSetup }),
        standIn: barionStandIn,
      });
    }
    mountSzamlazzStandIn(app, database.prisma);
    mountFoxpostStandIn(app, database.prisma);
    mountMetaStandIn(app);
    mountNewsletterStandIns(app, database.prisma);
  }
  refuseStandInPaths(app);
  await app.register(compress, { global: true, threshold: 1024 });

  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    // Fastify's own refusals (a bad body, …) keep their 4xx; a DomainError and every other failure go
    // through the one table, where a database outage is a 503.
    const fastifyStatus = error instanceof DomainError ? undefined : error.statusCode;
    const clientError = fastifyStatus !== undefined && fastifyStatus >= 400 && fastifyStatus < 500;
    const { status, headers, body } = toRestError(clientError ? fromHttpStatus(fastifyStatus) : error);
    if (status >= 500) request.log.error({ err: error }, 'Kezeletlen hiba');
    return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
  });

  const sendShopPage = createShopPageSender({
    prisma: database.prisma,
    publicUrl: config.publicUrl,
    webDist: config.webDist,
    // Pages are rendered as a guest sees them: no request header reaches the API calls behind them.
    renderer: config.webSsrDist
      ? new ShopRenderer(config.webSsrDist, () =>
          createContext({
            prisma: database.prisma,
            headers: {},
            publicUrl: config.publicUrl,
            ...providers,
            requestLimits,
          }),
        )
      : undefined,
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) {
      const { status, body } = toRestError(UNKNOWN_ENDPOINT);
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && isSpaRoute(pathname)) {
      return sendShopPage(request, reply);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('A keresett fájl nem található.');
  });

  app.get('/health', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await probeDatabaseWrite(database);
    } catch (error) {
      request.log.error({ err: error }, 'Az adatbázis nem válaszol');
      return reply.code(503).send({ status: 'error', message: 'Az adatbázis nem érhető el.' });
    }
    if (recentStorageFault()) {
      return reply.code(503).send({ status: 'error', message: STORAGE_FAULT_MESSAGE });
    }
    return { status: 'ok', database: database.kind };
  });

  // For a process manager or orchestrator: live = restart me if this fails (no database asked),
  // ready = send me traffic (observability/health.ts says what is asked).
  app.get('/health/live', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  const readiness = readinessProbe({ database, workers, logger: app.log });
  registerMetrics(app, { database, settings: metrics, routeLabel });
  app.get('/health/ready', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const answer = await readiness();
    return reply.code(answer.status === 'ok' ? 200 : 503).send(answer);
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: TRPC_PREFIX,
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req }) =>
        createContext({
          prisma: database.prisma,
          headers: requestHeaders(req),
          ip: req.ip,
          publicUrl: config.publicUrl,
          ...providers,
          encryptionKey,
          barionHosts,
          allowPrivateWebhookTargets: config.webhookPrivateTargets,
          requestLimits,
          apiKeyLimit,
          // tRPC answers a failed context with the status of the error's code: the one table decides it.
        }).catch((error: unknown) => {
          throw toTRPCError(toDomainError(error));
        }),
      // A refused call says when to try again, and an API key where it stands, as the REST answer does.
      responseMeta: ({ ctx, errors }) => ({
        headers: { ...retryAfterHeaders(errors), ...ctx?.apiKeyQuota?.headers },
      }),
      onError: ({ error, path, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR' || error.code === 'SERVICE_UNAVAILABLE') {
          req.log.error({ err: error.cause ?? error, procedure: path }, 'tRPC hívás hiba');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(apiPlugin, {
    prefix: API_BASE,
    router: appRouter,
    operations: listRestOperations(appRouter),
    createContext: ({ headers, ip }) =>
      createContext({
        prisma: database.prisma,
        headers,
        ip,
        publicUrl: config.publicUrl,
        ...providers,
        encryptionKey,
        barionHosts,
        allowPrivateWebhookTargets: config.webhookPrivateTargets,
        requestLimits,
        apiKeyLimit,
      }),
    openApiDocument: buildOpenApiDocument({ baseUrl: API_BASE }) as unknown as Record<string, unknown>,
    baseUrl: API_BASE,
    publicUrl: config.publicUrl,
  });

  await app.register(barionCallbackRoute, {
    prisma: database.prisma,
    barion: () =>
      resolveBarionConfig({
        prisma: database.prisma,
        cache: cacheFor(database.prisma),
        barionSetup,
      }),
  });
  await app.register(newsletterOneClickRoute, { prisma: database.prisma });
  await app.register(mediaRoutes, { prisma: database.prisma });
  await app.register(seoRoutes, { prisma: database.prisma, publicUrl: config.publicUrl, sitemapChunkSize });
  await app.register(feedRoutes, { prisma: database.prisma, publicUrl: config.publicUrl });
  await app.register(reviewRequestRoutes, { prisma: database.prisma, publicUrl: config.publicUrl });
  // The home page gets its head written in too; the static files' wildcard route would send index.html as built.
  app.get('/', sendShopPage);
  await registerBuiltAssets(app, config.webDist);
  await registerSpa(app, config.webDist);

  return app;
}
