import { Prisma } from '@shop/db';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import { databaseFault } from './database-faults';
import { MAX_BATCH_SIZE } from './schemas/limits';

/** What went wrong, in the domain's words; `errors.ts` alone decides what a transport makes of it. */
export type DomainErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** What the caller said it last saw has changed meanwhile (an expected stock): nothing was written. */
  | 'precondition_failed'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unavailable'
  | 'internal';

export type DomainIssue = { path: string; message: string };

/** Where a shopper can go instead of what was not found: a disabled product's category. */
export type ErrorAlternative = { category: { title: string; urlPath: string } };

/** The one error type services throw. Its message is Hungarian and safe to show to a user. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly issues: DomainIssue[] | undefined;
  readonly alternative: ErrorAlternative | undefined;
  /** For a 429 or a 503: seconds until the caller may try again (the `Retry-After` header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: DomainErrorCode,
    message: string,
    issues?: DomainIssue[],
    options?: { cause?: unknown; alternative?: ErrorAlternative; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.code = code;
    this.issues = issues;
    this.alternative = options?.alternative;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

/** The ONE table from domain code to tRPC code; HTTP statuses follow from it. */
const TRPC_CODE: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  invalid_input: 'BAD_REQUEST',
  unauthenticated: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  precondition_failed: 'PRECONDITION_FAILED',
  rate_limited: 'TOO_MANY_REQUESTS',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  // A service the shop depends on (the payment provider) does not answer; trying later may work.
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_SERVER_ERROR',
};

const HTTP_STATUS: Record<TRPC_ERROR_CODE_KEY, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

export const MESSAGES = {
  internal: 'Váratlan hiba történt. Kérjük, próbáld újra később!',
  sessionExpired: 'A munkamenet lejárt. Jelentkezz be újra!',
  forbidden: 'Ehhez a művelethez nincs jogosultságod.',
  ownerOnly: 'Ezt csak a bolt tulajdonosa teheti meg (munkatársak, szerepkörök, API-kulcsok, mentések).',
  apiKeyInvalid: 'Az API-kulcs érvénytelen vagy visszavonták.',
  apiKeyAccountOnly: 'Ezt a műveletet API-kulccsal nem lehet elvégezni, csak bejelentkezett adminisztrátor.',
  apiKeyNotShopper: 'API-kulccsal vásárlói műveletet nem lehet végezni.',
  notFound: 'A keresett tartalom nem található.',
  conflict: 'A művelet ütközik a meglévő adatokkal.',
  badRequest: 'Hibás kérés.',
  malformedBody: 'Hibás kérés: a kérés törzse nem érvényes JSON.',
  tooLarge: 'A kérés túl nagy.',
  unsupportedMediaType: 'A kérés törzsét JSON formátumban kell küldeni (Content-Type: application/json).',
  rateLimited: 'Túl sok kérés érkezett. Kérjük, várj egy kicsit, és próbáld újra!',
  methodNotSupported: 'Ez a művelet ezen a címen nem érhető el.',
  batchTooLarge: `Egy kérésben legfeljebb ${MAX_BATCH_SIZE} művelet küldhető.`,
  databaseUnavailable: 'A bolt átmenetileg nem érhető el, kérjük, próbáld újra néhány perc múlva.',
} as const;

/** When a shopper is told to come back after a database outage (`Retry-After`, seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 60;

/** Messages for tRPC's own failures (no procedure, bad JSON, …) that never pass a service. */
const TRANSPORT_ERRORS: Partial<Record<TRPC_ERROR_CODE_KEY, [DomainErrorCode, string]>> = {
  PARSE_ERROR: ['invalid_input', MESSAGES.malformedBody],
  BAD_REQUEST: ['invalid_input', MESSAGES.badRequest],
  UNAUTHORIZED: ['unauthenticated', MESSAGES.sessionExpired],
  FORBIDDEN: ['forbidden', MESSAGES.forbidden],
  NOT_FOUND: ['not_found', MESSAGES.notFound],
  METHOD_NOT_SUPPORTED: ['not_found', MESSAGES.methodNotSupported],
  CONFLICT: ['conflict', MESSAGES.conflict],
  PAYLOAD_TOO_LARGE: ['payload_too_large', MESSAGES.tooLarge],
  UNSUPPORTED_MEDIA_TYPE: ['unsupported_media_type', MESSAGES.unsupportedMediaType],
  TOO_MANY_REQUESTS: ['rate_limited', MESSAGES.rateLimited],
};

/** tRPC's own text when a batch exceeds `maxBatchSize` (resolveResponse); pinned by a test. */
const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

/** Hungarian names of unique columns, for conflict messages. */
const FIELD_NAMES: Record<string, string> = {
  slug: 'URL-név',
  email: 'e-mail-cím',
  code: 'kód',
  name: 'név',
  language: 'nyelv',
};

function isZodError(error: unknown): error is z.core.$ZodError {
  return error instanceof z.core.$ZodError;
}

function issuePath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}

/** Inputs are strict: each field a schema does not know is one issue whose path names that field. */
function toDomainIssues(issue: z.core.$ZodIssue): DomainIssue[] {
  if (issue.code !== 'unrecognized_keys') return [{ path: issuePath(issue.path), message: issue.message }];
  return issue.keys.map((key) => unknownFieldIssue(issuePath([...issue.path, key])));
}

function unknownFieldIssue(path: string): DomainIssue {
  return { path, message: `Ismeretlen mező: ${path}` };
}

function unknownFieldsMessage(paths: string[]): string {
  return paths.length === 1 ? `Ismeretlen mező: ${paths[0]}` : `Ismeretlen mezők: ${paths.join(', ')}`;
}

/** A 400 for fields an operation does not take at all (a query parameter of one without input). */
export function unknownFieldsError(paths: string[]): DomainError {
  return new DomainError('invalid_input', unknownFieldsMessage(paths), paths.map(unknownFieldIssue));
}

/**
 * "Hibás adat: descriptions.0.title – A cím kötelező." — which field and why, in Hungarian. Unknown fields
 * lead the message: a misspelt name (`parentId` for `parent`) also makes the real field look missing.
 */
export function fromZodError(error: z.core.$ZodError): DomainError {
  const issues = error.issues.flatMap(toDomainIssues);
  const unknownFields = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => issuePath([...issue.path, key])) : [],
  );
  const first = issues[0];
  const message =
    unknownFields.length > 0
      ? unknownFieldsMessage(unknownFields)
      : !first
        ? 'Hibás adat.'
        : first.path
          ? `Hibás adat: ${first.path} – ${first.message}`
          : `Hibás adat: ${first.message}`;
  return new DomainError('invalid_input', message, issues, { cause: error });
}

function fromPrismaError(error: Prisma.PrismaClientKnownRequestError): DomainError | undefined {
  if (error.code === 'P2002') {
    const target = uniqueTarget(error.meta);
    const fields = target.map((field) => FIELD_NAMES[field] ?? field).join(', ');
    const message = fields
      ? `Ez az érték már foglalt (${fields}). Kérjük, adj meg másikat!`
      : 'Ez az érték már foglalt. Kérjük, adj meg másikat!';
    return new DomainError(
      'conflict',
      message,
      target.map((path) => ({ path, message })),
      { cause: error },
    );
  }
  if (error.code === 'P2025') {
    return new DomainError('not_found', MESSAGES.notFound, undefined, { cause: error });
  }
  if (error.code === 'P2003') {
    return new DomainError(
      'conflict',
      'A művelet nem hajtható végre, mert más adatok hivatkoznak erre a tételre.',
      undefined,
      { cause: error },
    );
  }
  return undefined;
}

function uniqueTarget(meta: Record<string, unknown> | undefined): string[] {
  const target = meta?.target;
  if (Array.isArray(target)) return target.map(String);
  if (typeof target === 'string') return [target];
  // Driver adapters report the constraint instead: its columns (PGlite) or its index name (pg),
  // which Prisma names `${Model}_${field}_${field}_key`.
  const constraint = (
    meta?.driverAdapterError as { cause?: { constraint?: { fields?: unknown; index?: unknown } } }
  )?.cause?.constraint;
  if (Array.isArray(constraint?.fields))
    return constraint.fields.map((field) => String(field).replaceAll('"', ''));
  const model = typeof meta?.modelName === 'string' ? meta.modelName : '';
  const index = typeof constraint?.index === 'string' ? constraint.index : '';
  if (model && index.startsWith(`${model}_`) && index.endsWith('_key')) {
    return index
      .slice(model.length + 1, -'_key'.length)
      .split('_')
      .filter(Boolean);
  }
  return [];
}

/**
 * Anything thrown anywhere → a DomainError whose message may be shown to a user. An internal
 * failure always reads the generic message: its own text is for the log, where it stays as the cause.
 */
export function toDomainError(error: unknown): DomainError {
  const domain = classify(error);
  return domain.code === 'internal' && domain.message !== MESSAGES.internal
    ? new DomainError('internal', MESSAGES.internal, undefined, { cause: domain })
    : domain;
}

function classify(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (isZodError(error)) return fromZodError(error);
  // Before Prisma's codes: an outage reaches a service as any of them, or as no Prisma error at all.
  if (databaseFault(error)) {
    return new DomainError('unavailable', MESSAGES.databaseUnavailable, undefined, {
      cause: error,
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    return (
      fromPrismaError(error) ?? new DomainError('internal', MESSAGES.internal, undefined, { cause: error })
    );
  }
  if (error instanceof TRPCError) {
    const cause = error.cause;
    if (cause instanceof DomainError) return cause;
    // tRPC wraps an input that fails its schema as BAD_REQUEST; a failed output schema is our bug (500).
    if (error.code === 'BAD_REQUEST' && isZodError(cause)) return fromZodError(cause);
    if (cause instanceof Prisma.PrismaClientKnownRequestError) return classify(cause);
    if (error.code === 'BAD_REQUEST' && error.message === TRPC_BATCH_TOO_LARGE) {
      return new DomainError('invalid_input', MESSAGES.batchTooLarge, undefined, { cause: error });
    }
    const known = TRANSPORT_ERRORS[error.code];
    if (known) return new DomainError(known[0], known[1], undefined, { cause: error });
  }
  return new DomainError('internal', MESSAGES.internal, undefined, { cause: error });
}

export function toTRPCError(error: DomainError): TRPCError {
  const safe = toDomainError(error);
  return new TRPCError({ code: TRPC_CODE[safe.code], message: safe.message, cause: safe });
}

/** HTTP status for a tRPC code, a DomainError or any thrown value (for the REST error handler). */
export function toHttpStatus(error: TRPC_ERROR_CODE_KEY | DomainError | TRPCError | unknown): number {
  if (typeof error === 'string' && error in HTTP_STATUS) return HTTP_STATUS[error as TRPC_ERROR_CODE_KEY];
  if (error instanceof TRPCError) return HTTP_STATUS[error.code] ?? 500;
  return HTTP_STATUS[TRPC_CODE[toDomainError(error).code]];
}

/** The `Retry-After` value (seconds) a failure answers with, if it says when to try again. */
export function retryAfterSeconds(error: unknown): number | undefined {
  return toDomainError(error).retryAfterSeconds;
}

/** The body every transport answers with on failure: `{ message, code, issues? }`. */
export type ErrorBody = { message: string; code: TRPC_ERROR_CODE_KEY; issues?: DomainIssue[] };

export function toErrorBody(error: unknown): ErrorBody {
  const domain = toDomainError(error);
  const body: ErrorBody = { message: domain.message, code: TRPC_CODE[domain.code] };
  if (domain.issues?.length) body.issues = domain.issues;
  return body;
}
