import { z } from 'zod';
import { listOf } from './common';

/**
 * What an integrator's API key may do. A `…:write` scope includes its `…:read`: a program that updates
 * products or orders has to read them too. An invoicing or ERP link may issue invoices and manage its
 * own webhook endpoints. Nothing else: managing keys, users, payment, invoicing and e-mail settings
 * stays with a signed-in admin.
 */
export const API_SCOPES = [
  'catalogue:read',
  'catalogue:write',
  'orders:read',
  'orders:write',
  'customers:read',
  'invoices:read',
  'invoices:write',
  'webhooks:write',
  'shipping:read',
  'shipping:write',
  'customers:write',
  'refunds:write',
  'promotions:read',
  'promotions:write',
  'content:write',
  'inquiries:read',
  'inquiries:write',
  'media:read',
  'media:write',
  'stock:write',
  'reviews:read',
  'reviews:write',
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
  'invoices:read': 'Számlák olvasása',
  'invoices:write': 'Számlák kiállítása',
  'webhooks:write': 'Webhookok kezelése',
  'shipping:read': 'Csomagcímkék letöltése',
  'shipping:write': 'Szállítás kezelése',
  'customers:write': 'Vásárlók módosítása',
  'refunds:write': 'Visszatérítések',
  'promotions:read': 'Akciók olvasása',
  'promotions:write': 'Akciók és kuponok kezelése',
  'content:write': 'Tartalom szerkesztése',
  'inquiries:read': 'Üzenetek és ajánlatkérések olvasása',
  'inquiries:write': 'Üzenetek, ajánlatkérések és árajánlatok kezelése',
  'media:read': 'Képek listája',
  'media:write': 'Képek feltöltése',
  'stock:write': 'Készlet módosítása',
  'reviews:read': 'Értékelések olvasása',
  'reviews:write': 'Értékelések moderálása',
};

/** What each scope opens, for the admin's dialog and the API reference. */
export const API_SCOPE_DESCRIPTIONS: Record<TApiScope, string> = {
  'catalogue:read': 'Termékek (a rejtettek is), kategóriák, képek listája.',
  'catalogue:write': 'Termékek, kategóriák, tulajdonságok, leírások, képek és készlet módosítása.',
  'orders:read': 'Rendelések listája, adatlapja, visszatérítései és CSV-exportja.',
  'orders:write': 'Rendelések állapotának módosítása, egyenként és csoportosan.',
  'customers:read':
    'Vásárlók és vásárlói csoportok listája és adatlapja, a hírlevél-feliratkozók listája, CSV-exportja és hozzájárulási nyilvántartása.',
  'invoices:read':
    'A rendelések számláinak és sztornószámláinak listája és PDF-letöltése (a korábbi kulcsoknak az orders:read is megadja).',
  'invoices:write':
    'Számla kiállítása egy rendelésről, a sikertelen számla vagy sztornószámla újrapróbálása, és mindaz, amit az invoices:read ad. Sztornószámlát a rendelés törlése vagy teljes visszatérítése indít (orders:write).',
  'webhooks:write': 'Webhook-végpontok felvétele, listája, törlése, próbája és kézbesítési naplója.',
  'shipping:read':
    'A feladott csomagok címkéinek letöltése (a korábbi kulcsoknak az orders:read is megadja; a rendelések és csomagszámaik olvasása: orders:read).',
  'shipping:write':
    'Csomagszámok felvétele, javítása és törlése a rendeléseken, csomag feladása a szállítónál, és mindaz, amit a shipping:read ad (a korábbi kulcsoknak az orders:write is megadja).',
  'customers:write':
    'Vásárlók adatainak és csoportjának módosítása, fiókjuk törlése, vásárlói csoportok kezelése, hírlevél küldése a megerősített feliratkozóknak, és mindaz, amit a customers:read ad.',
  'refunds:write': 'Visszatérítés egy rendelésről (bankkártyás, átutalásos vagy utánvétes).',
  'promotions:read': 'Akciók, automatikus kosárszabályok és kuponkódok listája és adatlapja.',
  'promotions:write': 'Akciók és kuponkódok létrehozása, módosítása, szüneteltetése és törlése.',
  'content:write':
    'Blogbejegyzések, oldalak, bannerek, csúszkák, kiemelt képek és a felugró ablak szerkesztése, képek feltöltése (a termékekhez nem nyúl).',
  'inquiries:read': 'A kapcsolati üzenetek, ajánlatkérések és árajánlatok listája és adatlapja.',
  'inquiries:write':
    'Üzenetek és ajánlatkérések állapota, árajánlatok készítése és küldése, és mindaz, amit az inquiries:read ad.',
  'media:read': 'A feltöltött képek listája (a catalogue:read és a content:write is megadja).',
  'media:write':
    'Képek feltöltése termékekhez, bejegyzésekhez és oldalakhoz (a catalogue:write és a content:write is megadja).',
  'stock:write':
    'A készlet beállítása és mozgatása termékkód szerint (POST /api/product/stock), ár nélkül: az árhoz catalogue:write kell (a catalogue:write ezt is megadja).',
  'reviews:read': 'A termékértékelések listája minden állapotban (moderálásra vár, megjelent, elrejtve).',
  'reviews:write':
    'Értékelések jóváhagyása, elrejtése és a bolt nyilvános válasza, és mindaz, amit a reviews:read ad.',
};

/** Every key starts with this, so a leaked one is easy to recognise (and to search for in code). */
export const API_KEY_PREFIX = 'kbk_';

/**
 * Scopes that also open another one, for keys and people alike: pictures serve products and posts, so
 * whoever writes either may upload and pick them; and the catalogue's writers set stock too.
 */
export const SCOPES_ALSO_OPENED_BY: Partial<Record<TApiScope, readonly TApiScope[]>> = {
  'media:read': ['catalogue:read', 'content:write'],
  'media:write': ['catalogue:write', 'content:write'],
  'stock:write': ['catalogue:write'],
};

/**
 * What keys made before a scope existed keep: the invoice list and PDFs needed `orders:read`, label
 * downloads `orders:read` and creating parcels `orders:write`. Only for API keys: a staff role is new and
 * names its permissions itself, so a warehouse that reads orders does not read invoices by this.
 */
export const KEY_SCOPES_ALSO_OPENED_BY: Partial<Record<TApiScope, readonly TApiScope[]>> = {
  'invoices:read': ['orders:read'],
  'shipping:read': ['orders:read'],
  'shipping:write': ['orders:write'],
};

/** Whether `granted` permissions open `needed` without the keys' compatibility rules (a write its read). */
export function grantAllows(granted: readonly string[], needed: TApiScope): boolean {
  if (granted.includes(needed)) return true;
  if (SCOPES_ALSO_OPENED_BY[needed]?.some((other) => grantAllows(granted, other))) return true;
  const [domain, access] = needed.split(':');
  return access === 'read' && granted.includes(`${domain}:write`);
}

/** Whether a key with `granted` scopes may call a procedure that needs `needed`. */
export function scopeAllows(granted: readonly string[], needed: TApiScope): boolean {
  if (grantAllows(granted, needed)) return true;
  return KEY_SCOPES_ALSO_OPENED_BY[needed]?.some((other) => scopeAllows(granted, other)) ?? false;
}

/** One key as the admin's list shows it; the key itself is never shown again after it was created. */
export const ZApiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(ZApiScope).meta({
      description:
        'A kulcs jogosultságai. Egy `…:write` jogosultság a megfelelő `…:read`-et is magában foglalja.',
    }),
    prefix: z
      .string()
      .meta({ description: 'A kulcs első karakterei (`kbk_` és még 8), a kulcsok megkülönböztetésére.' }),
    createdAt: z.iso.datetime().meta({ description: 'Létrehozás ideje (UTC, ISO 8601).' }),
    createdBy: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .meta({ description: 'A kulcsot létrehozó adminisztrátor; null, ha azóta törölték.' }),
    /** The shop writes it at most once a minute, so a busy key does not write on every request. */
    lastUsedAt: z.iso.datetime().nullable().meta({
      description: 'Az utolsó kérés ideje percre pontosan (UTC, ISO 8601); null, ha még nem használták.',
    }),
    revokedAt: z.iso.datetime().nullable().meta({
      description:
        'A visszavonás ideje (UTC, ISO 8601); a visszavont kulcs minden kérésre 401-et kap. Null, ha érvényes.',
    }),
  })
  .meta({
    id: 'ApiKey',
    description: 'Egy API-kulcs az admin listájában; maga a kulcs csak létrehozáskor látható.',
  });
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyListOutput = listOf(ZApiKey).meta({
  id: 'ApiKeyList',
  description: 'Az összes API-kulcs, a visszavontak is.',
});

/** POST /api/apikey. */
export const ZApiKeyCreateInput = z.strictObject({
  name: z
    .string({ error: 'A kulcs neve kötelező.' })
    .trim()
    .min(1, { error: 'A kulcs neve kötelező.' })
    .max(100, { error: 'A kulcs neve legfeljebb 100 karakter lehet.' })
    .meta({
      description: 'A kulcs neve, amiről felismerhető (pl. a program neve), legfeljebb 100 karakter.',
    }),
  scopes: z
    .array(ZApiScope, { error: 'A jogosultságokat listaként kell megadni.' })
    .min(1, { error: 'Legalább egy jogosultságot válassz!' })
    .max(API_SCOPES.length, { error: 'Egy jogosultság csak egyszer szerepelhet.' })
    .refine((scopes) => new Set(scopes).size === scopes.length, {
      error: 'Egy jogosultság csak egyszer szerepelhet.',
    })
    .meta({
      description:
        'A kulcs jogosultságai, legalább egy, mindegyik egyszer. Egy `…:write` a megfelelő `…:read`-et is megadja.',
    }),
});
export type TApiKeyCreateInput = z.infer<typeof ZApiKeyCreateInput>;

/** The answer to POST /api/apikey: the only time the key is ever shown. */
export const ZApiKeyCreated = z
  .object({
    id: z.number().int().meta({ description: 'Az új kulcs azonosítója.' }),
    key: z.string().meta({
      description:
        'Maga a kulcs: a `token` fejlécben vagy `Authorization: Bearer <kulcs>` alakban kell küldeni. Csak most látható, tárold el biztonságosan.',
    }),
  })
  .meta({ id: 'ApiKeyCreated', description: 'Az új API-kulcs; a kulcs csak ebben a válaszban látható.' });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;
