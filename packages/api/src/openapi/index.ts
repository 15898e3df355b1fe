import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { appRouter } from '../routers';
import { describeDownload } from './downloads';
import { addExamples, ExampleMaker } from './examples';
import { documentedOperations, procedureTags, type Response } from './operations';
import { declareRateLimitHeaders, RATE_LIMIT_DESCRIPTION, rateLimitHeaders } from './rate-limits';
import { describeFailures, errorResponses, errorSchemas } from './responses';
import { declareSecurity, SECURITY_SCHEMES } from './security';
import { describeUpload } from './uploads';
import { API_VERSION } from './version';
import { webhooksSection } from './webhooks';

export { TOKEN_SECURITY_SCHEME } from './security';
export { API_VERSION } from './version';

/** Where the REST mirror is mounted; procedure paths in meta are relative to it. */
export const REST_BASE_PATH = '/api';

const DESCRIPTION = [
  'A webshop REST felülete. Minden művelet a tRPC végpont (`/trpc`) azonos nevű eljárásának tükre, ugyanazokkal a be- és kimeneti alakokkal. Minden kérés- és választörzs JSON (kivéve a fájlletöltéseket, és a feltöltéseket, amelyeknél a fájl maga is lehet a törzs); az üres POST-törzs `{}`-nak számít, az ismeretlen mezőket a szerver 400-zal elutasítja.',
  'Hitelesítés: `POST /api/user/signin` → `{ token }`; a tokent a `token` fejlécben vagy `Authorization: Bearer <token>` alakban kell küldeni. Integrációkhoz egy adminisztrátor API-kulcsot hoz létre (`POST /api/apikey`, jogosultságokkal); a kulcs ugyanígy küldhető, és csak a jogosultságai szerinti admin műveleteket hívhatja.',
  'Hibák: a törzs mindig `{ message, code, issues? }` (`Error` séma) magyar üzenettel; `issues` mezőnként nevezi meg a hibát (`path`, `message`). Státuszok: 400 hibás adat, 401 hiányzó vagy lejárt munkamenet, 403 nincs jogosultság, 404 nem található, 409 ütközés, 413 túl nagy kérés, 415 nem JSON törzs, 429 túl sok kérés, 503 a fizetési szolgáltató nem elérhető, 500 váratlan hiba.',
  RATE_LIMIT_DESCRIPTION,
  'Verziók: a dokumentum verziója (`info.version`) szemantikus: új művelet, mező vagy fejléc a második számot növeli, egy eltávolított vagy más jelentésű mező az elsőt. Egy mező eltávolítása előtt legalább egy kisebb verzión át `deprecated: true` jelöli. Minden verzió változásai a változásnaplóban (`GET /api/changelog`, angolul) olvashatók.',
].join('\n\n');

/**
 * The OpenAPI 3.1 document of every REST operation. `baseUrl` is where the REST mirror is mounted,
 * e.g. `http://localhost:3000/api` or just `/api`. trpc-to-openapi writes the paths and schemas from the
 * procedures; the steps below add what it cannot know: who may call, what each failure looks like,
 * examples, file answers.
 */
export function buildOpenApiDocument({ baseUrl }: { baseUrl: string }): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Webshop API',
    version: API_VERSION,
    description: DESCRIPTION,
    baseUrl,
    securitySchemes: SECURITY_SCHEMES,
    tags: procedureTags(),
  });
  const components = document.components ?? {};
  const schemas: Record<string, unknown> = { ...withoutGenericErrors(components.schemas), ...errorSchemas() };
  // The schemas and responses added here are plain JSON Schema objects; openapi3-ts types them more narrowly.
  document.components = {
    ...components,
    schemas,
    responses: errorResponses(),
    headers: rateLimitHeaders(),
  } as typeof components;
  const examples = new ExampleMaker(schemas);
  for (const entry of documentedOperations(document)) {
    declareSecurity(entry);
    describeFailures(entry);
    declareRateLimitHeaders(entry);
    describeSuccess(entry.operation.responses?.['200']);
    describeDownload(entry);
    describeUpload(entry);
    addExamples(entry, examples);
  }
  document.webhooks = webhooksSection(examples) as OpenAPIObject['webhooks'];
  return document;
}

/** trpc-to-openapi's own error schemas (`error.BAD_REQUEST`, …) allow less than the server sends. */
function withoutGenericErrors(schemas: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schemas ?? {}).filter(([name]) => !name.startsWith('error.')));
}

function describeSuccess(ok: Response | undefined): void {
  if (ok && 'description' in ok && ok.description === 'Successful response')
    ok.description = 'Sikeres válasz';
}
