import type { PrismaClient } from '@shop/db';
import { cacheFor, type VersionedCache } from './cache';
import { type ApiKeyPrincipal, findApiKey, isApiKeyToken } from './services/api-key';
import {
  type BarionHosts,
  type BarionSetup,
  DEFAULT_BARION_HOSTS,
  resolveBarionConfig,
} from './services/checkout/payment-settings';
import { defaultInvoicingSetup, type InvoicingSetup } from './services/invoicing/invoice-settings';
import {
  FOXPOST_HOSTS,
  FOXPOST_TRACKING_PAGE,
  type FoxpostConfig,
  type FoxpostHosts,
  type FoxpostSetup,
  foxpostStandIn,
} from './services/parcels/foxpost-config';
import type { BarionConfig } from './services/payments/barion-client';
import { barionStandIn } from './services/payments/barion-config';
import { type FixedWindowLimit, hitRateLimit, rateLimitFields } from './services/rate-limit';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from './services/request-limits';
import { type AuthSession, findSession } from './services/session';
import { DEVICE_TOKEN_HEADER } from './services/trusted-device';
import type { WebhookTargetPolicy } from './services/webhooks/target';

export type Context = {
  prisma: PrismaClient;
  cache: VersionedCache;
  /** Null when the request carries no token or its session is unknown or expired. */
  session: AuthSession | null;
  /** True when a token was sent, so "expired" can be told from "never signed in". */
  hasToken: boolean;
  /** The integrator's live API key when the token is one; such a request never has a session. */
  apiKey: ApiKeyPrincipal | null;
  /** The token looked like an API key (`kbk_…`), so a 401 can say the key is not valid (unknown or revoked). */
  sentApiKey: boolean;
  /** Where the live API key stands in its request limit; null without a key or without a limit to count. */
  apiKeyQuota: ApiKeyQuota | null;
  ip: string | null;
  userAgent: string | null;
  /** The `X-Device-Token` header: a browser known to an account (trusted-device.ts), read only by sign-in. */
  deviceToken: string | null;
  /** Limits on sign-ups and reset requests (request-limits.ts); the server may raise them (tests do). */
  requestLimits: RequestLimits;
  /** The shop's public base URL without a trailing slash, for links in e-mails. */
  publicUrl: string;
  /** The `Idempotency-Key` header: a retried order placement with the same key answers the first order. */
  idempotencyKey: string | null;
  /**
   * The Barion account card payments use: the admin's saved one, else the server's (payment-settings.ts).
   * Resolved on first use, so the requests that never pay (nearly all) never look it up.
   */
  barion: () => Promise<BarionConfig>;
  /** What the server was started with: the fallback account, the encryption key, Barion's hosts. */
  barionSetup: BarionSetup;
  /** Whether webhook endpoints may point at private and loopback addresses (services/webhooks/target.ts). */
  webhookTargets: WebhookTargetPolicy;
  /** How invoices reach the Számla Agent: the stand-in's and Számlázz.hu's bases, the encryption key. */
  invoicing: InvoicingSetup;
  /** How parcels reach Foxpost besides the admin's saved account: the stand-in, FoxWeb's hosts (services/parcels/). */
  foxpostSetup: FoxpostSetup;
  /**
   * Set by a transport that can send a file while it is being written (the REST mirror): a download
   * procedure may hand it the file's chunks instead of answering the whole file (a large export).
   */
  sendFileStream?: (file: StreamedFile) => void;
  /**
   * Set by a transport that received an upload procedure's file as the raw request body (the REST
   * mirror, see `upload` in trpc.ts): the procedure reads these bytes instead of its base64 field.
   */
  uploadedFile?: Uint8Array;
};

/** One API key's requests in the current window, counted once per HTTP request (a tRPC batch is one). */
export type ApiKeyQuota = {
  /** False past the key's limit: every procedure of the request refuses with 429 (trpc.ts). */
  allowed: boolean;
  /** When the window ends and the key may call again. */
  resetAt: Date;
  /** `RateLimit-Policy` and `RateLimit`, which both transports send on every answer to the key. */
  headers: Record<string, string>;
};

/** The `RateLimit-Policy` name of the per-key limit. */
export const API_KEY_RATE_LIMIT_POLICY = 'api-key';

/** A file answer as a stream of chunks. */
export type StreamedFile = { filename: string; contentType: string; body: AsyncIterable<Uint8Array> };

export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

export type CreateContextOptions = {
  prisma: PrismaClient;
  /** Fetch-style headers, or Node's `req.headers` as Fastify hands them over. */
  headers: Headers | Record<string, string | string[] | undefined>;
  ip?: string | null;
  /** The shop's public base URL (the server passes its PUBLIC_URL setting). */
  publicUrl?: string;
  /** Another cache than the process-wide one (tests simulate a second server with it). */
  cache?: VersionedCache;
  /** The Barion account; without it the project's stand-in at `${publicUrl}/_barion`; null: none (no stand-in). */
  barion?: BarionConfig | null;
  /** Seals the POS key the admin saves (SETTINGS_ENCRYPTION_KEY or the data directory's key); none: it cannot be saved. */
  encryptionKey?: Buffer | null;
  /** Barion's API per environment for an admin-saved key (tests point them at a stand-in). */
  barionHosts?: BarionHosts;
  /** Let webhook endpoints point at private and loopback addresses (WEBHOOK_ALLOW_PRIVATE_TARGETS); default no. */
  allowPrivateWebhookTargets?: boolean;
  /** Other sign-up and reset-request limits than the defaults. */
  requestLimits?: Partial<RequestLimits>;
  /**
   * Requests one API key may make per window, counted in the shared RateLimitBucket table so the limit
   * holds across servers (API_KEY_RATE_LIMIT). Left out: not counted, for a second context of a request
   * already counted (the upload guard's) and for callers that are no HTTP request.
   */
  apiKeyLimit?: FixedWindowLimit;
  /**
   * Other Számla Agent bases than `${publicUrl}/_szamlazz` and Számlázz.hu (tests use a stand-in's port);
   * a null `standInUrl`: no stand-in, invoices wait for an Agent key.
   */
  invoicing?: Partial<Pick<InvoicingSetup, 'standInUrl' | 'agentUrl'>>;
  /**
   * The Foxpost used while no account is saved; without it the project's stand-in at `${publicUrl}/_foxpost`;
   * null: none, parcels need the admin's account.
   */
  foxpost?: FoxpostConfig | null;
  /** FoxWeb's API per environment for an admin-saved account (tests point them at a stand-in). */
  foxpostHosts?: FoxpostHosts;
};

/** The session token or API key from the `token` header (what the shop's client sends) or `Authorization: Bearer`. */
export function readToken(headers: Headers): string | null {
  const token = headers.get('token')?.trim();
  if (token) return token;
  const authorization = headers.get('authorization')?.trim();
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1] ?? null;
}

/** Every request re-validates its session against the database, so a sign-out or role change applies at once. */
export async function createContext({
  prisma,
  headers: rawHeaders,
  ip,
  publicUrl,
  cache,
  barion,
  encryptionKey,
  barionHosts,
  requestLimits,
  apiKeyLimit,
  allowPrivateWebhookTargets = false,
  invoicing,
  foxpost,
  foxpostHosts,
}: CreateContextOptions): Promise<Context> {
  const headers = rawHeaders instanceof Headers ? rawHeaders : toHeaders(rawHeaders);
  const token = readToken(headers);
  const shopUrl = (publicUrl || DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const shopCache = cache ?? cacheFor(prisma);
  const barionSetup: BarionSetup = {
    fallback: barion === undefined ? barionStandIn(shopUrl) : barion,
    encryptionKey: encryptionKey ?? null,
    hosts: barionHosts ?? DEFAULT_BARION_HOSTS,
  };
  const caller = await authenticate(prisma, token);
  return {
    prisma,
    cache: shopCache,
    ...caller,
    apiKeyQuota:
      caller.apiKey && apiKeyLimit ? await countApiKeyRequest(prisma, caller.apiKey, apiKeyLimit) : null,
    hasToken: token !== null,
    ip: ip ?? null,
    userAgent: headers.get('user-agent'),
    deviceToken: headers.get(DEVICE_TOKEN_HEADER)?.trim() || null,
    requestLimits: requestLimits ? { ...DEFAULT_REQUEST_LIMITS, ...requestLimits } : DEFAULT_REQUEST_LIMITS,
    publicUrl: shopUrl,
    idempotencyKey: headers.get('idempotency-key')?.trim() || null,
    barion: once(() => resolveBarionConfig({ prisma, cache: shopCache, barionSetup })),
    barionSetup,
    webhookTargets: { allowPrivateTargets: allowPrivateWebhookTargets },
    invoicing: { ...defaultInvoicingSetup(shopUrl, encryptionKey ?? null), ...invoicing },
    foxpostSetup: {
      fallback: foxpost === undefined ? foxpostStandIn(shopUrl) : foxpost,
      hosts: foxpostHosts ?? FOXPOST_HOSTS,
      trackingPageUrl: FOXPOST_TRACKING_PAGE,
    },
  };
}

/** One indexed lookup per request: the API key table for `kbk_…` tokens, the session table for the rest. */
async function authenticate(
  prisma: PrismaClient,
  token: string | null,
): Promise<Pick<Context, 'session' | 'apiKey' | 'sentApiKey'>> {
  if (!token) return { session: null, apiKey: null, sentApiKey: false };
  if (isApiKeyToken(token)) {
    const apiKey = await findApiKey(prisma, token);
    // A session token is random base64url, so one may begin with the key prefix by chance (1 in 16 million).
    if (apiKey) return { session: null, apiKey, sentApiKey: true };
    const session = await findSession(prisma, token);
    return { session, apiKey: null, sentApiKey: !session };
  }
  return { session: await findSession(prisma, token), apiKey: null, sentApiKey: false };
}

/** One hit on the key's own counter in the shared table, and the headers that tell the caller where it stands. */
async function countApiKeyRequest(
  prisma: PrismaClient,
  apiKey: ApiKeyPrincipal,
  limit: FixedWindowLimit,
): Promise<ApiKeyQuota> {
  const now = new Date();
  const hit = await hitRateLimit(prisma, `api-kulcs:${apiKey.id}`, limit.limit, limit.windowMs, now);
  return {
    allowed: hit.allowed,
    resetAt: hit.resetAt,
    headers: rateLimitFields(API_KEY_RATE_LIMIT_POLICY, limit, hit, now),
  };
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

function toHeaders(record: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(record)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}
