import { z } from 'zod';

/**
 * What an integrator's API key may do. A `…:write` scope includes its `…:read`: a program that updates
 * products or orders has to read them too. Nothing else: managing keys, webhooks, users, payment and
 * e-mail settings stays with a signed-in admin.
 */
export const API_SCOPES = [
  'catalogue:read',
  'catalogue:write',
  'orders:read',
  'orders:write',
  'customers:read',
] as const;
export const ZApiScope = z.enum(API_SCOPES, {
  error: `Ismeretlen jogosultság. Lehetséges értékek: ${API_SCOPES.join(', ')}.`,
});
export type TApiScope = z.infer<typeof ZApiScope>;

export const API_SCOPE_LABELS: Record<TApiScope, string> = {
  'catalogue:read': 'Katalógus olvasása',
  'catalogue:write': 'Katalógus módosítása',
  'orders:read': 'Rendelések olvasása',
  'orders:write': 'Rendelések módosítása',
  'customers:read': 'Vásárlók olvasása',
};

/** What each scope opens, for the admin's dialog and the API reference. */
export const API_SCOPE_DESCRIPTIONS: Record<TApiScope, string> = {
  'catalogue:read': 'Termékek (a rejtettek is), kategóriák, képek listája.',
  'catalogue:write': 'Termékek, kategóriák, tulajdonságok, leírások, képek és készlet módosítása.',
  'orders:read': 'Rendelések listája, adatlapja, visszatérítései és CSV-exportja.',
  'orders:write': 'Rendelések állapotának módosítása, egyenként és csoportosan.',
  'customers:read': 'Vásárlók és vásárlói csoportok listája és adatlapja.',
};

/** Every key starts with this, so a leaked one is easy to recognise (and to search for in code). */
export const API_KEY_PREFIX = 'kbk_';

/** Whether a key with `granted` scopes may call a procedure that needs `needed`. */
export function scopeAllows(granted: readonly string[], needed: TApiScope): boolean {
  if (granted.includes(needed)) return true;
  const [domain, access] = needed.split(':');
  return access === 'read' && granted.includes(`${domain}:write`);
}

/** One key as the admin's list shows it; the key itself is never shown again after it was created. */
export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(ZApiScope),
  /** The key's first characters (`kbk_` and 8 more), to tell keys apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  /** Who created it; null when that admin was deleted since. */
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Last request made with it, to the minute (the shop writes it at most once a minute). */
  lastUsedAt: z.iso.datetime().nullable(),
  /** When it was revoked; a revoked key gets 401 on every request. */
  revokedAt: z.iso.datetime().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyListOutput = z.array(ZApiKey);

/** POST /api/apikey. */
export const ZApiKeyCreateInput = z.strictObject({
  name: z
    .string({ error: 'A kulcs neve kötelező.' })
    .trim()
    .min(1, { error: 'A kulcs neve kötelező.' })
    .max(100, { error: 'A kulcs neve legfeljebb 100 karakter lehet.' }),
  scopes: z
    .array(ZApiScope, { error: 'A jogosultságokat listaként kell megadni.' })
    .min(1, { error: 'Legalább egy jogosultságot válassz!' })
    .max(API_SCOPES.length, { error: 'Egy jogosultság csak egyszer szerepelhet.' })
    .refine((scopes) => new Set(scopes).size === scopes.length, {
      error: 'Egy jogosultság csak egyszer szerepelhet.',
    }),
});
export type TApiKeyCreateInput = z.infer<typeof ZApiKeyCreateInput>;

/** The answer to POST /api/apikey: the only time the key is ever shown. */
export const ZApiKeyCreated = z.object({
  id: z.number().int(),
  /** Send it in the `token` header or as `Authorization: Bearer <key>`. Store it safely: it is not shown again. */
  key: z.string(),
});
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;
