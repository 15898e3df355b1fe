import type { ApiMeta } from '../trpc';
import type { DocumentedOperation, JsonSchema } from './operations';

/**
 * The per-key request limit in the document: the RateLimit fields of the IETF draft
 * (draft-ietf-httpapi-ratelimit-headers) on every answer to an API key, and `Retry-After` on a 429.
 * The server sends them (context.ts counts, both transports copy the fields); this says so.
 */

type Header = { description: string; required?: boolean; schema: JsonSchema; example?: unknown };

export const RATE_LIMIT_POLICY_HEADER = 'RateLimit-Policy';
export const RATE_LIMIT_HEADER = 'RateLimit';
export const RETRY_AFTER_HEADER = 'Retry-After';

export const RATE_LIMIT_DESCRIPTION =
  'Korlátok: egy API-kulcs percenként legfeljebb annyi kérést küldhet, amennyit a bolt beállított (alapértelmezés: 600; a bolt összes szervere együtt számolja, egy tRPC-köteg egy kérésnek számít). Minden API-kulccsal küldött kérés válaszában ott a `RateLimit-Policy` (`"api-key";q=600;w=60`: a keret és az ablak másodpercben) és a `RateLimit` fejléc (`"api-key";r=12;t=40`: a hátralévő kérések száma és hány másodperc múlva indul az új ablak), az IETF draft-ietf-httpapi-ratelimit-headers szerint. A kereten túl 429 (`TOO_MANY_REQUESTS`) jön, `Retry-After` fejléccel (másodperc). A munkamenet-tokennel vagy token nélkül küldött kérések nem számítanak bele egyik kulcséba sem; a nyilvános űrlapoknak (bejelentkezés, regisztráció, új jelszó, kapcsolat, vendégrendelés, …) saját, hálózatonkénti korlátjuk van, azok 429-ében is van `Retry-After`.';

/** The fields as reusable headers (`components.headers`), referenced by the answers below. */
export function rateLimitHeaders(): Record<string, Header> {
  return {
    [RATE_LIMIT_POLICY_HEADER]: {
      description:
        'Csak API-kulccsal küldött kérésre: a kulcs kerete, `"api-key";q=<kérések>;w=<ablak másodpercben>` (IETF draft-ietf-httpapi-ratelimit-headers).',
      schema: { type: 'string' },
      example: '"api-key";q=600;w=60',
    },
    [RATE_LIMIT_HEADER]: {
      description:
        'Csak API-kulccsal küldött kérésre: `"api-key";r=<hátralévő kérések>;t=<másodperc az új ablakig>`; a kereten túl `r=0`.',
      schema: { type: 'string' },
      example: '"api-key";r=12;t=40',
    },
    [RETRY_AFTER_HEADER]: {
      description: 'Ennyi másodperc múlva lehet újra próbálni.',
      required: true,
      schema: { type: 'integer', minimum: 1 },
      example: 40,
    },
  };
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The 429's headers: `Retry-After` always, the RateLimit fields when an API key was refused. */
export function tooManyRequestsHeaders(): Record<string, { $ref: string }> {
  return {
    [RETRY_AFTER_HEADER]: ref(RETRY_AFTER_HEADER),
    [RATE_LIMIT_POLICY_HEADER]: ref(RATE_LIMIT_POLICY_HEADER),
    [RATE_LIMIT_HEADER]: ref(RATE_LIMIT_HEADER),
  };
}

/** Public operations and admin ones a scope opens; the rest answer a key 403 (trpc.ts). */
export function apiKeyMayCall(meta: ApiMeta): boolean {
  return meta.access === 'public' || (meta.access === 'admin' && meta.scope !== undefined);
}

/** The success answers of an operation an API key may call carry the RateLimit fields. */
export function declareRateLimitHeaders({ operation, meta }: DocumentedOperation): void {
  if (!apiKeyMayCall(meta)) return;
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2') || '$ref' in response) continue;
    Object.assign(response, {
      headers: {
        [RATE_LIMIT_POLICY_HEADER]: ref(RATE_LIMIT_POLICY_HEADER),
        [RATE_LIMIT_HEADER]: ref(RATE_LIMIT_HEADER),
      },
    });
  }
}
