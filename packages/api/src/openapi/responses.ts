import { DomainError, type DomainErrorCode, MESSAGES, toErrorBody, toHttpStatus } from '../errors';
import {
  type DocumentedOperation,
  isBodyMethod,
  type JsonSchema,
  jsonMedia,
  type Operation,
  type Response,
} from './operations';
import { apiKeyMayCall, tooManyRequestsHeaders } from './rate-limits';

/**
 * Every failure as the REST mirror sends it (errors.ts `toErrorBody`, apps/server rest/errors.ts): one
 * body shape for all statuses, documented once and referenced by each operation.
 */

type ErrorResponse = {
  name: string;
  description: string;
  message: string;
  issues?: { path: string; message: string }[];
};

const ERROR_RESPONSES: Record<DomainErrorCode, ErrorResponse> = {
  invalid_input: {
    name: 'BadRequest',
    description:
      'Hibás kérés: egy mező hiányzik, rossz típusú, kívül esik a megengedett tartományon vagy ismeretlen; a törzs nem érvényes JSON. Az `issues` mezőnként megnevezi a hibát.',
    message: 'Hibás adat: descriptions.0.title – A cím kötelező.',
    issues: [{ path: 'descriptions.0.title', message: 'A cím kötelező.' }],
  },
  unauthenticated: {
    name: 'Unauthorized',
    description:
      'Védett műveletnél nincs token vagy a munkamenet lejárt; bármely műveletnél, ha a küldött API-kulcs ismeretlen vagy visszavont.',
    message: MESSAGES.sessionExpired,
  },
  forbidden: {
    name: 'Forbidden',
    description:
      'A hívó nem végezheti el a műveletet: vásárló admin műveletet hív, az API-kulcsnak nincs meg a szükséges jogosultsága, vagy API-kulccsal nem hívható műveletről van szó.',
    message: MESSAGES.forbidden,
  },
  not_found: {
    name: 'NotFound',
    description: 'Nincs ilyen azonosítójú vagy URL-nevű elem (a rejtett elemeket csak admin látja).',
    message: MESSAGES.notFound,
  },
  conflict: {
    name: 'Conflict',
    description:
      'A kérés ütközik a meglévő adatokkal: foglalt egyedi érték (URL-név, e-mail-cím, kód), a törlendő elemre más hivatkozik, vagy az elem állapota nem engedi a műveletet.',
    message: 'Ez az érték már foglalt (URL-név). Kérjük, adj meg másikat!',
    issues: [{ path: 'slug', message: 'Ez az érték már foglalt (URL-név). Kérjük, adj meg másikat!' }],
  },
  precondition_failed: {
    name: 'PreconditionFailed',
    description:
      'A hívó által utoljára látott érték (a várt készlet, `expectedStock`) közben megváltozott, például egy rendelés miatt: semmi nem íródott, az `issues` megnevezi a tételt. Olvasd újra, és küldd az új értékkel.',
    message:
      '„KB-1”: a készlet közben változott: most 24 db, a kérés szerint 26 db volt; semmi nem változott.',
    issues: [
      {
        path: 'items.0.expectedStock',
        message:
          '„KB-1”: a készlet közben változott: most 24 db, a kérés szerint 26 db volt; semmi nem változott.',
      },
    ],
  },
  payload_too_large: {
    name: 'PayloadTooLarge',
    description: 'A kérés törzse nagyobb a megengedettnél.',
    message: MESSAGES.tooLarge,
  },
  unsupported_media_type: {
    name: 'UnsupportedMediaType',
    description: 'A nem üres kérés törzsét `Content-Type: application/json` fejléccel kell küldeni.',
    message: MESSAGES.unsupportedMediaType,
  },
  rate_limited: {
    name: 'TooManyRequests',
    description:
      'Túl sok kérés vagy sikertelen próbálkozás rövid idő alatt (egy űrlap hálózatonkénti korlátja, vagy az API-kulcs percenkénti kerete); a `Retry-After` fejlécben megadott másodperc múlva újra próbálható.',
    message: MESSAGES.rateLimited,
  },
  unavailable: {
    name: 'ServiceUnavailable',
    description: 'Egy külső szolgáltatás (a fizetési szolgáltató) most nem válaszol; később újra próbálható.',
    message: 'A fizetési szolgáltató most nem érhető el. Kérjük, próbáld újra néhány perc múlva!',
  },
  internal: {
    name: 'InternalError',
    description: 'Váratlan hiba a szerveren; a részletek csak a szerver naplójában vannak.',
    message: MESSAGES.internal,
  },
};

/** The HTTP status and `code` a domain error is sent with, from the one table in errors.ts. */
function wireOf(code: DomainErrorCode) {
  const error = new DomainError(code, ERROR_RESPONSES[code].message);
  return { status: String(toHttpStatus(error)), code: toErrorBody(error).code };
}

export const ERROR_SCHEMA_NAME = 'Error';

/** The error body's schema: what `toErrorBody` builds, nothing more and nothing less. */
export function errorSchemas(): Record<string, JsonSchema> {
  const codes = (Object.keys(ERROR_RESPONSES) as DomainErrorCode[]).map((code) => wireOf(code).code);
  return {
    [ERROR_SCHEMA_NAME]: {
      type: 'object',
      description: 'Minden hibás válasz törzse, bármely státusznál.',
      properties: {
        message: {
          type: 'string',
          description:
            'Magyar nyelvű, a felhasználónak megjeleníthető üzenet (hibás adatnál az első hibás mezővel).',
        },
        code: {
          type: 'string',
          enum: [...new Set(codes)],
          description: 'A hiba gépi kódja; a HTTP-státusszal együtt változik.',
        },
        issues: {
          type: 'array',
          description: 'Mezőnkénti hibák (hibás adatnál és ütközésnél); ha nincs mit részletezni, hiányzik.',
          items: { $ref: '#/components/schemas/ErrorIssue' },
        },
        requestId: {
          type: 'string',
          description:
            'A kérés azonosítója, ugyanaz, mint az X-Request-Id fejlécben: a bolt üzemeltetője ezzel találja meg a kérést a szerver naplójában.',
        },
      },
      required: ['message', 'code'],
      additionalProperties: false,
    },
    ErrorIssue: {
      type: 'object',
      description: 'Egy hibás mező.',
      properties: {
        path: {
          type: 'string',
          description:
            'A mező útvonala a kérésben, pontokkal elválasztva (`lines.0.quantity`); üres, ha az egész kérés hibás.',
        },
        message: { type: 'string', description: 'Mi a baj a mezővel, magyarul.' },
      },
      required: ['path', 'message'],
      additionalProperties: false,
    },
  };
}

/** One reusable response per error status, each with an example of the body the server sends. */
export function errorResponses(): Record<string, Response> {
  const responses: Record<string, Response> = {};
  for (const [code, response] of Object.entries(ERROR_RESPONSES) as [DomainErrorCode, ErrorResponse][]) {
    const wire = wireOf(code);
    responses[response.name] = {
      description: response.description,
      ...(code === 'rate_limited' ? { headers: tooManyRequestsHeaders() } : {}),
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` },
          example: {
            message: response.message,
            code: wire.code,
            ...(response.issues ? { issues: response.issues } : {}),
          },
        },
      },
    };
  }
  return responses;
}

/** A lookup by id or slug answers 404 when there is none (or it is hidden from the caller). */
function looksSomethingUp(operation: Operation): boolean {
  const parameters = operation.parameters ?? [];
  if (parameters.some((parameter) => parameter.in === 'path')) return true;
  const fields = [
    ...parameters.map((parameter) => parameter.name),
    ...Object.keys((jsonMedia(operation.requestBody)?.schema?.properties as object | undefined) ?? {}),
  ];
  return fields.some((field) => field === 'id' || field === 'slug');
}

/** The failures one operation can answer: from its access, input and method, plus the ones its meta names. */
export function failuresOf({ method, operation, meta }: DocumentedOperation): DomainErrorCode[] {
  const failures = new Set<DomainErrorCode>();
  const takesInput = isBodyMethod(method) || (operation.parameters?.length ?? 0) > 0;
  if (takesInput) failures.add('invalid_input');
  // Without a session where one is needed, and anywhere with an unknown or revoked API key (trpc.ts).
  failures.add('unauthenticated');
  if (meta.access === 'protected' || meta.access === 'admin') {
    // A shopper calling an admin operation, or an API key calling what its scopes do not open.
    failures.add('forbidden');
  }
  if (looksSomethingUp(operation)) failures.add('not_found');
  if (isBodyMethod(method)) {
    failures.add('payload_too_large');
    failures.add('unsupported_media_type');
  }
  for (const code of meta.errors ?? []) failures.add(code);
  // An API key past its per-minute limit, wherever a key may call (rate-limits.ts).
  if (apiKeyMayCall(meta)) failures.add('rate_limited');
  failures.add('internal');
  return [...failures];
}

/** Replaces trpc-to-openapi's generic error answers with the real ones, sorted by status. */
export function describeFailures(entry: DocumentedOperation): void {
  const responses = entry.operation.responses ?? {};
  const failures = failuresOf(entry)
    .map((code) => ({ ...wireOf(code), name: ERROR_RESPONSES[code].name }))
    .sort((a, b) => Number(a.status) - Number(b.status));
  const success = Object.fromEntries(Object.entries(responses).filter(([status]) => status.startsWith('2')));
  entry.operation.responses = {
    ...success,
    ...Object.fromEntries(
      failures.map(({ status, name }) => [status, { $ref: `#/components/responses/${name}` }]),
    ),
  };
}
