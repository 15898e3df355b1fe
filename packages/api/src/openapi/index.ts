import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { MESSAGES } from './errors';
import { appRouter } from './routers';
import type { ApiMeta } from './trpc';

/** Where the REST mirror is mounted; procedure paths in meta are relative to it. */
export const REST_BASE_PATH = '/api';

export const TOKEN_SECURITY_SCHEME = 'token';

/**
 * The OpenAPI 3 document of every REST operation. `baseUrl` is where the REST mirror is
 * mounted, e.g. `http://localhost:3000/api` or just `/api`.
 */
export function buildOpenApiDocument({ baseUrl }: { baseUrl: string }): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Webshop API',
    version: '1.0.0',
    description: [
      'A webshop REST felülete. Minden művelet a tRPC végpont (`/trpc`) azonos nevű eljárásának tükre, ugyanazokkal a be- és kimeneti alakokkal.',
      'Bejelentkezés: `POST /api/user/signin` → `{ token }`; a tokent a `token` fejlécben (vagy `Authorization: Bearer <token>`) kell küldeni.',
      'Hibák: `{ message, code, issues? }` magyar üzenettel. 400 hibás adat (a mező és az ok megnevezésével), 401 hiányzó vagy lejárt munkamenet, 403 nincs jogosultság, 404 nem található, 409 ütközés, 429 túl sok kérés, 500 váratlan hiba.',
    ].join('\n\n'),
    baseUrl,
    securitySchemes: {
      [TOKEN_SECURITY_SCHEME]: {
        type: 'apiKey',
        in: 'header',
        name: 'token',
        description: 'A bejelentkezéskor kapott munkamenet-token.',
      },
    },
    tags: procedureTags(),
  });
  return describeDownloads(inHungarian(document));
}

type ProcedureMeta = ApiMeta | undefined;

function procedureMetas(): ProcedureMeta[] {
  const procedures: Record<string, unknown> = appRouter._def.procedures;
  return Object.values(procedures).map((procedure) => (procedure as { _def: { meta?: ApiMeta } })._def.meta);
}

/** Every tag the procedures use, in the order they first appear. */
function procedureTags(): string[] {
  return [...new Set(procedureMetas().flatMap((meta) => meta?.openapi?.tags ?? []))];
}

/** Procedures with `download: true` answer a file over REST (see the REST mirror), not JSON. */
function describeDownloads(document: OpenAPIObject): OpenAPIObject {
  for (const meta of procedureMetas()) {
    if (!meta?.download || !meta.openapi) continue;
    const method = meta.openapi.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const operation = document.paths?.[meta.openapi.path]?.[method];
    const ok = operation?.responses?.['200'];
    if (!ok || '$ref' in ok) continue;
    ok.description = 'A letöltendő fájl (a Content-Disposition fejléc adja a fájlnevet)';
    ok.content = { 'text/csv': { schema: { type: 'string' } } };
  }
  return document;
}

const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Sikeres válasz',
  '400': 'Hibás adat: az üzenet megnevezi a mezőt és az okot',
  '401': 'Hiányzó vagy lejárt munkamenet',
  '403': 'Nincs jogosultság a művelethez',
  '404': 'Nem található',
  '409': 'Ütközés a meglévő adatokkal',
  '429': 'Túl sok kérés',
  '500': 'Váratlan hiba',
};

const ERROR_EXAMPLES: Record<string, string> = {
  'error.BAD_REQUEST': 'Hibás adat: description.title – A cím kötelező.',
  'error.UNAUTHORIZED': MESSAGES.sessionExpired,
  'error.FORBIDDEN': MESSAGES.forbidden,
  'error.NOT_FOUND': MESSAGES.notFound,
  'error.INTERNAL_SERVER_ERROR': MESSAGES.internal,
};

type SchemaLike = {
  title?: string;
  description?: string;
  example?: unknown;
  properties?: Record<string, SchemaLike>;
};

/** trpc-to-openapi writes its generic texts in English; the reference reads Hungarian throughout. */
function inHungarian(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const responses = item?.[method]?.responses as Record<string, { description?: string }> | undefined;
      for (const [status, response] of Object.entries(responses ?? {})) {
        const description = RESPONSE_DESCRIPTIONS[status];
        if (description && !('$ref' in response)) response.description = description;
      }
    }
  }
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaLike>;
  for (const [name, message] of Object.entries(ERROR_EXAMPLES)) {
    const schema = schemas[name];
    if (!schema) continue;
    const code = name.slice('error.'.length);
    schema.title = `Hiba (${code})`;
    schema.description = 'A hiba leírása: magyar üzenet, kód és mezőnkénti hibák.';
    schema.example = {
      message,
      code,
      ...(code === 'BAD_REQUEST'
        ? { issues: [{ path: 'description.title', message: 'A cím kötelező.' }] }
        : {}),
    };
    const properties = schema.properties ?? {};
    if (properties.message) {
      properties.message.description = 'Magyar nyelvű, a felhasználónak megjeleníthető üzenet';
      properties.message.example = message;
    }
    if (properties.code) properties.code.description = 'A hiba kódja';
    if (properties.issues) properties.issues.description = 'Hibás adatnál a mezők és az okok';
  }
  return document;
}
