import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Relative paths in the environment are resolved against the repository root, so `npm start` from the
 * root and `npm run start -w @shop/server` (whose working directory is apps/server) use the same data. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** An environment variable's schema: an empty or blank value counts as unset. */
function fromEnv<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );
}

/** A whole number from `min` (and up to `max`), its message naming the bound or the range it left. */
function wholeNumber(min: number, max?: number) {
  const outOfBounds =
    max !== undefined
      ? `${min} és ${max} között kell lennie`
      : min === 0
        ? 'nem lehet negatív'
        : `legalább ${min} legyen`;
  const number = z.coerce
    .number({ error: 'számnak kell lennie' })
    .int({ error: 'egész számnak kell lennie' })
    .min(min, { error: outOfBounds });
  return max === undefined ? number : number.max(max, { error: outOfBounds });
}

/** One of a few words, the message listing them in Hungarian ("a, b vagy c"). */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  const listed = `${values.slice(0, -1).join(', ')} vagy ${values.at(-1)}`;
  return z.enum(values, { error: `értéke ${listed} lehet` });
}

const flag = () => oneOf(['true', 'false']);

const httpUrl = () => z.url({ protocol: /^https?$/, error: 'http:// vagy https:// kezdetű URL legyen' });

/** An address links are built on: without its trailing slash. */
const baseUrl = () => httpUrl().transform((url) => url.replace(/\/+$/, ''));

/** How often a background job runs, in milliseconds (at least 100). */
const intervalMs = (defaultMs: number) => fromEnv(wholeNumber(100).default(defaultMs));

/** How many backups of one kind (daily, weekly, monthly) are kept; 0 keeps none of that kind. */
const backupCount = (defaultCount: number) => fromEnv(wholeNumber(0, 1000).default(defaultCount));

/**
 * Requests per minute one API key may make: ten a second on average, far above what a stock or order
 * sync needs, yet a runaway integration loop cannot take the shop's database from its shoppers.
 */
export const DEFAULT_API_KEY_RATE_LIMIT = 600;

const ZEnv = z.object({
  NODE_ENV: fromEnv(oneOf(['development', 'production', 'test']).default('production')),
  PORT: fromEnv(wholeNumber(0, 65535).default(3000)),
  HOST: fromEnv(z.string().trim().default('0.0.0.0')),
  DATA_DIR: fromEnv(z.string().trim().default('./data')),
  DATABASE_URL: fromEnv(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, { error: 'postgres:// vagy postgresql:// kezdetű URL legyen' })
      .optional(),
  ),
  ADMIN_EMAIL: fromEnv(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: 'érvényes e-mail-cím legyen' }))
      .optional(),
  ),
  ADMIN_PASSWORD: fromEnv(z.string().min(8, { error: 'legalább 8 karakter legyen' }).max(200).optional()),
  LOG_LEVEL: fromEnv(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  WEB_DIST: fromEnv(z.string().trim().default('apps/web/dist')),
  WEB_SSR_DIST: fromEnv(z.string().trim().default('apps/web/dist-ssr')),
  PUBLIC_URL: fromEnv(baseUrl().optional()),
  EMAIL_OUTBOX_INTERVAL_MS: intervalMs(30_000),
  WEBHOOK_INTERVAL_MS: intervalMs(10_000),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: fromEnv(flag().optional()),
  INVOICE_INTERVAL_MS: intervalMs(30_000),
  META_GRAPH_URL: fromEnv(baseUrl().optional()),
  META_CAPI_INTERVAL_MS: intervalMs(30_000),
  STOCK_NOTIFY_INTERVAL_MS: intervalMs(60_000),
  PAYMENT_CHECK_INTERVAL_MS: intervalMs(60_000),
  BACKUPS: fromEnv(flag().default('true')),
  BACKUP_DIR: fromEnv(z.string().trim().optional()),
  BACKUP_HOUR: fromEnv(wholeNumber(0, 23).default(3)),
  BACKUP_KEEP_DAILY: backupCount(7),
  BACKUP_KEEP_WEEKLY: backupCount(4),
  BACKUP_KEEP_MONTHLY: backupCount(12),
  TRUST_PROXY: fromEnv(
    z
      .string()
      .trim()
      .default('false')
      .transform((text, ctx) => {
        const proxies = parseTrustedProxies(text);
        if (typeof proxies === 'string') {
          ctx.addIssue({ code: 'custom', message: proxies });
          return z.NEVER;
        }
        return proxies;
      }),
  ),
  SIGNUP_LIMIT_PER_IP: fromEnv(wholeNumber(1).optional()),
  GUEST_ORDER_LIMIT_PER_IP: fromEnv(wholeNumber(1).optional()),
  API_KEY_RATE_LIMIT: fromEnv(wholeNumber(1).optional()),
  DEMO_DATA: fromEnv(flag().default('true')),
  STAND_INS: fromEnv(flag().optional()),
  BARION_POS_KEY: fromEnv(
    z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F-]{32,36}$/, { error: 'a Barion POSKey egy GUID (32 hexadecimális számjegy)' })
      .optional(),
  ),
  BARION_PAYEE: fromEnv(
    z
      .string()
      .trim()
      .pipe(z.email({ error: 'a Barion-tárca e-mail-címe legyen' }))
      .optional(),
  ),
  BARION_ENV: fromEnv(oneOf(['test', 'live']).default('test')),
  PICKUP_POINT_FEEDS: fromEnv(oneOf(['sample', 'live']).optional()),
  PACKETA_API_KEY: fromEnv(
    z
      .string()
      .trim()
      .regex(/^[0-9a-zA-Z]{16}$/, { error: 'a Packeta API-kulcs 16 betű és számjegy' })
      .optional(),
  ),
  MPL_CLIENT_ID: fromEnv(z.string().trim().optional()),
  MPL_CLIENT_SECRET: fromEnv(z.string().trim().optional()),
  MPL_ACCOUNTING_CODE: fromEnv(z.string().trim().optional()),
  MPL_ENV: fromEnv(oneOf(['sandbox', 'live']).default('sandbox')),
  SETTINGS_ENCRYPTION_KEY: fromEnv(
    z
      .string()
      .trim()
      .transform((text, ctx) => {
        const key = parseEncryptionKey(text);
        if (key) return key;
        ctx.addIssue({
          code: 'custom',
          message:
            '32 bájtos kulcs legyen: 64 hexadecimális számjegy vagy base64 (például: openssl rand -hex 32)',
        });
        return z.NEVER;
      })
      .optional(),
  ),
  LOG_FORMAT: fromEnv(oneOf(['pretty', 'json']).optional()),
  METRICS_TOKEN: fromEnv(
    z
      .string()
      .trim()
      .min(16, { error: 'legalább 16 karakter legyen (például: openssl rand -hex 32)' })
      .optional(),
  ),
  METRICS_ALLOW: fromEnv(
    z
      .string()
      .trim()
      .default('loopback')
      .transform((text, ctx) => {
        if (text === 'none') return [];
        const entries = text.split(',').map((entry) => entry.trim());
        const invalid = entries.filter((entry) => !isProxyAddress(entry));
        if (invalid.length === 0) return entries;
        ctx.addIssue({
          code: 'custom',
          message: `nem IP-cím vagy CIDR-tartomány: ${invalid.map((entry) => `„${entry}”`).join(', ')}; add meg vesszővel elválasztva a /metrics-et lekérdező gépek címeit (például METRICS_ALLOW=loopback,10.0.0.0/8), vagy none`,
        });
        return z.NEVER;
      }),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: fromEnv(httpUrl().optional()),
});

/** Names proxy-addr (Fastify's trustProxy) knows for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUST_PROXY_FORM =
  'add meg a fordított proxyk címeit vagy CIDR-tartományait vesszővel elválasztva (például TRUST_PROXY=10.0.0.1,10.0.0.0/8; loopback, ha a proxy ugyanazon a gépen fut), vagy false';

/**
 * The reverse proxies whose X-Forwarded-For is believed, as Fastify's `trustProxy` takes them;
 * false for none; a Hungarian message when the text is not such a list. `true` is refused: it would
 * believe any client's X-Forwarded-For, so anyone could choose the address sign-in limits count.
 */
export function parseTrustedProxies(text: string): false | string[] | string {
  if (text === 'false') return false;
  if (text === 'true')
    return `a true érték bármely kliens X-Forwarded-For fejlécét elhinné; ${TRUST_PROXY_FORM}`;
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || invalid.length > 0) {
    return `nem IP-cím vagy CIDR-tartomány: ${invalid.map((entry) => `„${entry}”`).join(', ')}; ${TRUST_PROXY_FORM}`;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A 32-byte key written as 64 hex digits or in base64; null when the text is neither. */
export function parseEncryptionKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(text)) {
    const key = Buffer.from(text, 'base64');
    if (key.length === 32) return key;
  }
  return null;
}

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Absolute path of the built web app (index.html and assets/). */
  webDist: string;
  /**
   * Absolute path of the web app's server build (entry-server.js), which renders the shop pages. It
   * imports React and the other packages from the repository's node_modules, so it stays inside it.
   */
  webSsrDist: string;
  /** The shop's public address without a trailing slash, for links in e-mails. */
  publicUrl: string;
  emailOutboxIntervalMs: number;
  /** How often due webhook deliveries are sent. */
  webhookIntervalMs: number;
  /**
   * Whether webhook endpoints may point at loopback and private addresses. Off in production (a
   * webhook must not become a way into the server's own network); on in development and tests.
   */
  webhookPrivateTargets: boolean;
  /** How often card payments past their window are asked about at Barion and settled. */
  paymentCheckIntervalMs: number;
  /** How often queued invoices and stornos are sent to the invoicing provider. */
  invoiceIntervalMs: number;
  /**
   * Where paid orders' purchases go for Meta's Conversions API (services/analytics/meta-capi.ts):
   * META_GRAPH_URL, else null: the stand-in at this server while stand-ins are on, else graph.facebook.com.
   */
  metaGraphUrl: string | null;
  /** How often queued Conversions API purchases are sent. */
  metaCapiIntervalMs: number;
  /** How often waiting back-in-stock requests are checked against the stock (services/back-in-stock/). */
  stockNotifyIntervalMs: number;
  /**
   * The backup job (services/backup/): BACKUPS=false turns it off on this server. `dir` is absolute
   * (BACKUP_DIR, default DATA_DIR/backups); the day's backup is due from `dailyHour` (Budapest time);
   * retention keeps the newest backup of each of the last `daily` days, `weekly` weeks, `monthly` months.
   */
  backups: {
    enabled: boolean;
    dir: string;
    dailyHour: number;
    retention: { daily: number; weekly: number; monthly: number };
  };
  /**
   * The reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For gives the client's address,
   * which sign-in and sign-up limits count; false: the connection's address is the client's.
   */
  trustProxy: false | string[];
  /** Sign-ups one IP address may make in 10 minutes, when not the default (request-limits.ts). */
  signupLimitPerIp: number | undefined;
  /** Guest orders one network may place in an hour, when not the default (request-limits.ts). */
  guestOrderLimitPerIp: number | undefined;
  /**
   * Requests one API key may make in a minute, all servers together, when not the default
   * (DEFAULT_API_KEY_RATE_LIMIT); `RateLimit-Policy` tells the caller.
   */
  apiKeyRateLimit: number | undefined;
  /**
   * Seed demo products, content and customers (with a published password) into an empty shop. On by
   * default so a first `npm start` shows a working shop; a real shop starts with it off.
   */
  demoData: boolean;
  /**
   * Whether this server mounts the project's stand-ins (/_barion, /_szamlazz, /_foxpost) for the
   * providers no real account is set up for: STAND_INS, by default as DEMO_DATA. Off, a provider
   * without an account is "not set up" (no card payment, invoices wait, no Foxpost parcels).
   */
  standIns: boolean;
  /**
   * The shop's Barion account. Null: the project's Barion stand-in, mounted on this server, takes
   * card payments while stand-ins are on, so the demo works with nothing configured.
   */
  barion: { posKey: string; payee: string; env: 'test' | 'live' } | null;
  /**
   * Seals the secrets admins save (the Barion POS key). Every server on one database needs the same key;
   * without it the embedded database's data directory gets one (encryption-key.ts).
   */
  settingsEncryptionKey: Buffer | undefined;
  /** Log lines for a person (pretty) or for machines (json); undefined: pretty on a terminal, JSON otherwise. */
  logFormat: 'pretty' | 'json' | undefined;
  /**
   * Who may read /metrics: a caller with `Authorization: Bearer <token>`, or one connecting straight
   * (no proxy headers) from an address in `allow` (addresses, CIDR ranges, or loopback/linklocal/uniquelocal).
   */
  metrics: { token: string | undefined; allow: string[] };
  /** Where OpenTelemetry traces go (OTLP over HTTP); undefined: tracing is off. */
  otlpEndpoint: string | undefined;
  /**
   * Where the pickup point lists come from: `sample`, the feeds shipped with the project (the demo, offline),
   * or `live`, the carriers' published feeds on a schedule (Packeta and MPL only with their accounts).
   */
  pickupPointFeeds: {
    source: 'sample' | 'live';
    packetaApiKey: string | undefined;
    mpl:
      | { clientId: string; clientSecret: string; accountingCode: string; environment: 'sandbox' | 'live' }
      | undefined;
  };
};

/**
 * Every environment variable the server reads. turbo.json passes exactly these to `npm run dev`
 * (config.test.ts holds the two together), so dev and start see the same settings.
 */
export const ENVIRONMENT_VARIABLES: readonly string[] = Object.keys(ZEnv.shape);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; throws a ConfigError naming every bad variable in Hungarian. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Hibás beállítás a környezeti változókban:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.BARION_POS_KEY && !e.BARION_PAYEE) {
    throw new ConfigError(
      'Hibás beállítás a környezeti változókban:\n  - BARION_PAYEE: a BARION_POS_KEY mellé a Barion-tárca e-mail-címe is kell',
    );
  }
  // Stand-ins take anyone's "payment" with a published test card and show any invoice by its number:
  // a real shop (production without demo data) must not serve them, even when told to by mistake.
  if (e.NODE_ENV === 'production' && e.STAND_INS === 'true' && e.DEMO_DATA === 'false') {
    throw new ConfigError(
      'Nem biztonságos beállítás a környezeti változókban:\n  - STAND_INS, DEMO_DATA, NODE_ENV: éles boltban (NODE_ENV=production, DEMO_DATA=false) a STAND_INS=true bárkinek elérhetővé tenné a beépített Barion-, Számlázz.hu-, Foxpost-, Meta-, MailerLite- és Mailchimp-helyettesítőt (kamu fizetés a teszt kártyával, bárki számlái és csomagcímkéi). Töröld a STAND_INS változót, vagy próbához állítsd NODE_ENV=development értékre.',
    );
  }
  const mplParts = [e.MPL_CLIENT_ID, e.MPL_CLIENT_SECRET, e.MPL_ACCOUNTING_CODE];
  if (mplParts.some(Boolean) && !mplParts.every(Boolean)) {
    throw new ConfigError(
      'Hibás beállítás a környezeti változókban:\n  - MPL_CLIENT_ID, MPL_CLIENT_SECRET, MPL_ACCOUNTING_CODE: az MPL-hez mindhárom kell',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST),
    webSsrDist: path.resolve(REPO_ROOT, e.WEB_SSR_DIST),
    // Links in e-mails and the Barion stand-in (mounted on this server) must reach this very server.
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    emailOutboxIntervalMs: e.EMAIL_OUTBOX_INTERVAL_MS,
    webhookIntervalMs: e.WEBHOOK_INTERVAL_MS,
    webhookPrivateTargets:
      (e.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? String(e.NODE_ENV !== 'production')) === 'true',
    paymentCheckIntervalMs: e.PAYMENT_CHECK_INTERVAL_MS,
    invoiceIntervalMs: e.INVOICE_INTERVAL_MS,
    metaGraphUrl: e.META_GRAPH_URL ?? null,
    metaCapiIntervalMs: e.META_CAPI_INTERVAL_MS,
    stockNotifyIntervalMs: e.STOCK_NOTIFY_INTERVAL_MS,
    backups: {
      enabled: e.BACKUPS === 'true',
      dir: e.BACKUP_DIR
        ? path.resolve(REPO_ROOT, e.BACKUP_DIR)
        : path.join(path.resolve(REPO_ROOT, e.DATA_DIR), 'backups'),
      dailyHour: e.BACKUP_HOUR,
      retention: { daily: e.BACKUP_KEEP_DAILY, weekly: e.BACKUP_KEEP_WEEKLY, monthly: e.BACKUP_KEEP_MONTHLY },
    },
    trustProxy: e.TRUST_PROXY,
    signupLimitPerIp: e.SIGNUP_LIMIT_PER_IP,
    guestOrderLimitPerIp: e.GUEST_ORDER_LIMIT_PER_IP,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    demoData: e.DEMO_DATA === 'true',
    standIns: (e.STAND_INS ?? e.DEMO_DATA) === 'true',
    barion:
      e.BARION_POS_KEY && e.BARION_PAYEE
        ? { posKey: e.BARION_POS_KEY, payee: e.BARION_PAYEE, env: e.BARION_ENV }
        : null,
    settingsEncryptionKey: e.SETTINGS_ENCRYPTION_KEY,
    logFormat: e.LOG_FORMAT,
    metrics: { token: e.METRICS_TOKEN, allow: e.METRICS_ALLOW },
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    pickupPointFeeds: {
      // A demo shop offers the shipped sample points; a real shop (DEMO_DATA=false) the carriers' own lists.
      source: e.PICKUP_POINT_FEEDS ?? (e.DEMO_DATA === 'true' ? 'sample' : 'live'),
      packetaApiKey: e.PACKETA_API_KEY,
      mpl:
        e.MPL_CLIENT_ID && e.MPL_CLIENT_SECRET && e.MPL_ACCOUNTING_CODE
          ? {
              clientId: e.MPL_CLIENT_ID,
              clientSecret: e.MPL_CLIENT_SECRET,
              accountingCode: e.MPL_ACCOUNTING_CODE,
              environment: e.MPL_ENV,
            }
          : undefined,
    },
  };
}
