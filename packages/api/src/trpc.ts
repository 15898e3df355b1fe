import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { DomainError, type DomainErrorCode, MESSAGES, toDomainError, toTRPCError } from './errors';
import { assertSaneInput } from './input-guard';
import { API_SCOPE_LABELS, scopeAllows, type TApiScope } from './schemas/api-key';
import { missingPermissionMessage, type TPermission } from './schemas/permissions';
import { rateLimited } from './services/rate-limit';
import { type AuthSession, sessionAllows } from './services/session';

/** Who may call a procedure; set by the procedure builders below, read by tests and docs. */
export type Access = 'public' | 'protected' | 'admin';
/** What an integrator's API key needs to call an admin procedure (schemas/api-key.ts). */
export type ApiScope = TApiScope;
/**
 * `download: true`: the procedure answers a file as `{ filename, contentType, content }` (ZFileOutput);
 * tRPC returns that JSON, the REST mirror sends `content` as the body with its type and file name.
 * `download: 'pdf'`: the same with a PDF whose bytes `content` carries in base64 (ZPdfFileOutput); the
 * REST mirror sends the bytes.
 * `download: 'spreadsheet'`: the same with a CSV or XLSX, as the input's format asks (ZSpreadsheetFileOutput).
 */
export type ApiMeta = OpenApiMeta<{
  access?: Access;
  download?: boolean | 'pdf' | 'spreadsheet';
  /**
   * The answer to a caller without a session depends only on the input and the catalogue and category
   * data (`catalogueGeneration`), so the REST mirror may keep its JSON and answer repeats without running
   * the procedure.
   */
  publicCache?: boolean;
  /**
   * Set by `scopedAdminProcedure` only: an API key with this scope may call the procedure as an admin can.
   * Admin procedures without it are for signed-in people only (settings, refunds, the owner's own): keys get 403.
   */
  scope?: ApiScope;
  /**
   * What a signed-in staff member needs to call an admin procedure: its `scope`, a staff-only
   * permission (`settings:write`), `owner` for what only the shop's owner may do (staff, roles,
   * API keys, backups), or `staff` for what every signed-in staff member may read about their own work
   * (the dashboard's queue). Every admin procedure declares one (test/staff-permissions.test.ts).
   */
  permission?: StaffPermission;
  /**
   * A public procedure whose answer depends on who asks (an admin or key also sees hidden items, a
   * customer their own or group prices, the buyer their order): the OpenAPI document marks the token
   * optional instead of absent.
   */
  sessionAware?: boolean;
  /**
   * Failures beyond those every procedure of its access, input and method can answer (400, 401, 403,
   * 404 for an id or slug, 413, 415, 500): the OpenAPI document lists their statuses (see openapi/).
   */
  errors?: DomainErrorCode[];
  /**
   * The procedure takes a file in its `field` as base64 (tRPC and REST JSON). The REST mirror also takes
   * the file itself as the request body, in one of `contentTypes`, read as it arrives and refused with
   * 413 once it passes `maxBytes`; the other input fields then come from the query string. The
   * procedure finds those bytes in `ctx.uploadedFile`.
   */
  upload?: { field: string; contentTypes: readonly string[]; maxBytes: number; tooLarge: string };
  /** A realistic request and answer for the API reference, where the generated ones say too little. */
  examples?: { input?: unknown; output?: unknown };
}>;

const t = initTRPC
  .context<Context>()
  .meta<ApiMeta>()
  .create({
    // Plain JSON (no transformer) so the tRPC and REST transports return the same shapes.
    errorFormatter({ shape, error }) {
      const domain = toDomainError(error);
      const { stack: _stack, ...data } = shape.data;
      return {
        ...shape,
        message: domain.message,
        data: { ...data, issues: domain.issues ?? null, alternative: domain.alternative ?? null },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Maps every failure below it (input parsing, output parsing, services, Prisma) to the one
 * error table. A tRPC v11 middleware sees a downstream failure as `ok: false`, not as a throw.
 */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(toDomainError(result.error));
  return result;
});

/**
 * Before any schema reads the input, on both transports: too deep nesting and NUL characters are refused
 * here, once, so no field can forget them.
 */
const guardInput = t.middleware(async ({ getRawInput, next }) => {
  assertSaneInput(await getRawInput());
  return next();
});

export const API_KEY_RATE_LIMITED_REASON = 'Túl sok kérés érkezett ezzel az API-kulccsal.';

/**
 * An API key past its limit (counted once per request in createContext) is refused before its input is
 * read, whatever it calls; the answer still carries the RateLimit headers the transport takes from ctx.
 */
const limitApiKeys = t.middleware(({ ctx, next }) => {
  if (ctx.apiKeyQuota && !ctx.apiKeyQuota.allowed) {
    throw rateLimited(API_KEY_RATE_LIMITED_REASON, ctx.apiKeyQuota.resetAt);
  }
  return next();
});

const baseProcedure = t.procedure.use(mapErrors).use(limitApiKeys).use(guardInput);

function unauthenticated(ctx: Context): DomainError {
  return new DomainError(
    'unauthenticated',
    ctx.sentApiKey ? MESSAGES.apiKeyInvalid : MESSAGES.sessionExpired,
  );
}

/**
 * Anyone may call it. A revoked or unknown API key still gets 401, so an integration notices at once
 * instead of quietly seeing what a stranger sees (no hidden products, no admin data).
 */
export const publicProcedure = baseProcedure.meta({ access: 'public' }).use(({ ctx, next }) => {
  if (ctx.sentApiKey && !ctx.apiKey) throw unauthenticated(ctx);
  return next();
});

/** A shopper's own things (cart, orders, account): an API key has no shopper behind it. */
export const protectedProcedure = baseProcedure.meta({ access: 'protected' }).use(({ ctx, next }) => {
  if (ctx.apiKey) throw new DomainError('forbidden', MESSAGES.apiKeyNotShopper);
  if (!ctx.session) throw unauthenticated(ctx);
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/** What an admin procedure may need of a signed-in person (ApiMeta.permission). */
export type StaffPermission = TPermission | 'owner' | 'staff';

/** The signed-in admin who may use `permission`, or the 401/403 that says why not. */
function requireStaff(ctx: Context, permission: StaffPermission): AuthSession {
  if (!ctx.session) throw unauthenticated(ctx);
  if (ctx.session.user.role !== 'admin') throw new DomainError('forbidden', MESSAGES.forbidden);
  if (permission === 'staff') return ctx.session;
  if (permission === 'owner') {
    if (ctx.session.user.permissions !== null) throw new DomainError('forbidden', MESSAGES.ownerOnly);
  } else if (!sessionAllows(ctx.session, permission)) {
    throw new DomainError('forbidden', missingPermissionMessage(permission));
  }
  return ctx.session;
}

/** What only the shop's owner does (staff and roles, API keys, backups): no staff role, no API key. */
export const adminProcedure = baseProcedure
  .meta({ access: 'admin', permission: 'owner' })
  .use(({ ctx, next }) => {
    if (ctx.apiKey) throw new DomainError('forbidden', MESSAGES.apiKeyAccountOnly);
    return next({ ctx: { ...ctx, session: requireStaff(ctx, 'owner') } });
  });

/**
 * A signed-in person's action that no API key may take: a staff-only permission (`settings:write`), or
 * one that records the person who did it (a refund, a quote, an account's edit): the owner or staff whose
 * role allows it; `staff` for anyone of the staff.
 */
export function staffProcedure(permission: TPermission | 'staff') {
  return baseProcedure.meta({ access: 'admin', permission }).use(({ ctx, next }) => {
    if (ctx.apiKey) throw new DomainError('forbidden', MESSAGES.apiKeyAccountOnly);
    return next({ ctx: { ...ctx, session: requireStaff(ctx, permission) } });
  });
}

/**
 * Who did an admin action: a signed-in admin (`userId`) or an integrator's API key (`apiKeyName`), which
 * has no user; audit trails name the key instead.
 */
export type AdminActor = { userId: number; apiKeyName: null } | { userId: null; apiKeyName: string };

/**
 * An admin procedure an integrator may call with an API key that has `scope` (or its `…:write`). The
 * procedure sees `actor` and, for a signed-in admin only, `session`.
 */
export function scopedAdminProcedure(scope: ApiScope) {
  return baseProcedure.meta({ access: 'admin', scope, permission: scope }).use(({ ctx, meta, next }) => {
    const needed = meta?.scope ?? scope;
    if (ctx.apiKey) {
      if (!scopeAllows(ctx.apiKey.scopes, needed)) {
        throw new DomainError(
          'forbidden',
          `Az API-kulcsnak nincs ehhez jogosultsága (szükséges: ${needed}, „${API_SCOPE_LABELS[needed]}”).`,
        );
      }
      const actor: AdminActor = { userId: null, apiKeyName: ctx.apiKey.name };
      return next({ ctx: { ...ctx, session: null, actor } });
    }
    const session = requireStaff(ctx, needed);
    const actor: AdminActor = { userId: session.user.id, apiKeyName: null };
    return next({ ctx: { ...ctx, session, actor } });
  });
}

/**
 * Whether the caller gets an order's buyer contact details (e-mail, phone, billing address, a refund's
 * bank account, a withdrawal's e-mail): staff whose role reads customers, and every API key that reaches
 * an order operation, whose order scopes have carried them since 1.0.0. A key cannot lose fields it was
 * given within a major version (CHANGELOG.md); a staff role is new, so the warehouse sees only what a
 * parcel needs (services/orders/customer-data.ts).
 */
export function seesBuyerContact(ctx: Context): boolean {
  return ctx.apiKey !== null || sessionAllows(ctx.session, 'customers:read');
}

/**
 * Whether the caller sees what an admin sees in a public answer (hidden products, inactive methods): a
 * signed-in admin, or an API key with `scope` when the answer belongs to that scope's data.
 */
export function isAdmin(ctx: Context, scope?: ApiScope): boolean {
  if (ctx.apiKey) return scope !== undefined && scopeAllows(ctx.apiKey.scopes, scope);
  return scope === undefined ? ctx.session?.user.role === 'admin' : sessionAllows(ctx.session, scope);
}
