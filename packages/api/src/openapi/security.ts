import { API_SCOPE_DESCRIPTIONS } from '../schemas/api-key';
import { PERMISSION_LABELS } from '../schemas/permissions';
import type { DocumentedOperation } from './operations';

export const TOKEN_SECURITY_SCHEME = 'token';
export const BEARER_SECURITY_SCHEME = 'bearer';

/** The same credential (a session token or an API key) in either header the server reads (context.ts). */
export const SECURITY_SCHEMES = {
  [TOKEN_SECURITY_SCHEME]: {
    type: 'apiKey' as const,
    in: 'header' as const,
    name: 'token',
    description:
      'A bejelentkezéskor kapott munkamenet-token (`POST /api/user/signin` → `{ token }`), vagy egy adminisztrátor által létrehozott API-kulcs (`kbk_…`).',
  },
  [BEARER_SECURITY_SCHEME]: {
    type: 'http' as const,
    scheme: 'bearer',
    description: 'Ugyanaz a munkamenet-token vagy API-kulcs az `Authorization: Bearer <token>` fejlécben.',
  },
};

const SIGNED_IN: Record<string, string[]>[] = [
  { [TOKEN_SECURITY_SCHEME]: [] },
  { [BEARER_SECURITY_SCHEME]: [] },
];

/** Who may call the operation, in the reader's words; the reference shows it next to the address. */
export function accessNote({ meta }: DocumentedOperation): string {
  if (meta.access === 'protected')
    return 'Bejelentkezett vásárló munkamenet-tokenjével hívható; API-kulccsal nem.';
  if (meta.access === 'admin') {
    const { scope, permission } = meta;
    if (scope) {
      return `A bolt tulajdonosa, \`${scope}\` jogosultságú munkatárs, vagy ilyen jogosultságú API-kulcs hívhatja (${API_SCOPE_DESCRIPTIONS[scope].replace(/\.$/, '')}).`;
    }
    if (permission === undefined || permission === 'owner') {
      return 'Csak a bolt tulajdonosa hívhatja; munkatárs és API-kulcs nem.';
    }
    if (permission === 'staff') return 'A bolt tulajdonosa és bármely munkatársa hívhatja; API-kulccsal nem.';
    return `A bolt tulajdonosa vagy \`${permission}\` („${PERMISSION_LABELS[permission]}”) jogosultságú munkatárs hívhatja; API-kulccsal nem.`;
  }
  if (meta.sessionAware)
    return 'Token nélkül is hívható; tokennel a válasz a hívóhoz igazodik (lásd a leírást).';
  return 'Token nélkül hívható.';
}

/**
 * Declares security on every operation: none for public ones, optional (`{}` first) where a token only
 * changes the answer, required where access needs a session or key. The scope an API key needs is named
 * in the description and in `x-api-key-scope`.
 */
export function declareSecurity(entry: DocumentedOperation): void {
  const { operation, meta } = entry;
  if (meta.access === 'protected' || meta.access === 'admin') operation.security = SIGNED_IN;
  else if (meta.sessionAware) operation.security = [{}, ...SIGNED_IN];
  else operation.security = [];
  if (meta.scope) operation['x-api-key-scope'] = meta.scope;
  // What a signed-in staff member needs (trpc.ts `permission`): a scope, settings:write, owner or staff.
  if (meta.permission) operation['x-permission'] = meta.permission;
  operation.description = [operation.description, `**Hozzáférés:** ${accessNote(entry)}`]
    .filter(Boolean)
    .join('\n\n');
}
