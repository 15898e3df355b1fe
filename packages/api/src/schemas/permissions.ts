import { z } from 'zod';
import { API_SCOPE_DESCRIPTIONS, API_SCOPE_LABELS, API_SCOPES, grantAllows, type TApiScope } from './api-key';

/**
 * What a person of the shop's staff may do: the API key scopes (one vocabulary for people and
 * programs) and the ones only a signed-in person may hold. The owner (an admin without a staff role)
 * may do everything, also what no permission names: staff, roles, API keys, backups.
 */
export const STAFF_ONLY_PERMISSIONS = ['settings:write'] as const;
export type TStaffOnlyPermission = (typeof STAFF_ONLY_PERMISSIONS)[number];

export const PERMISSIONS = [...API_SCOPES, ...STAFF_ONLY_PERMISSIONS] as const;
export type TPermission = TApiScope | TStaffOnlyPermission;

export const ZPermission = z.enum(PERMISSIONS, {
  error: `Ismeretlen jogosultság. Lehetséges értékek: ${PERMISSIONS.join(', ')}.`,
});

export const PERMISSION_LABELS: Record<TPermission, string> = {
  ...API_SCOPE_LABELS,
  'settings:write': 'Beállítások',
};

export const PERMISSION_DESCRIPTIONS: Record<TPermission, string> = {
  ...API_SCOPE_DESCRIPTIONS,
  'settings:write':
    'A bolt adatai, szállítási és fizetési módok, számlázási, e-mail- és csomagfeladási beállítások, e-mail-sablonok, Barion Pixel. API-kulcs nem kaphatja meg.',
};

/**
 * Whether a staff role's `granted` permissions open `needed`: a write includes its read, as for keys, but
 * not the rules that keep keys made before a scope existed working (KEY_SCOPES_ALSO_OPENED_BY).
 */
export function permissionAllows(granted: readonly string[], needed: TPermission): boolean {
  if (granted.includes(needed)) return true;
  return (API_SCOPES as readonly string[]).includes(needed) && grantAllows(granted, needed as TApiScope);
}

/** The sentence of a 403 that names what is missing, for people and keys alike. */
export function missingPermissionMessage(needed: TPermission): string {
  return `Ehhez a művelethez nincs jogosultságod (szükséges: „${PERMISSION_LABELS[needed]}”, ${needed}).`;
}
