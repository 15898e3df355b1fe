import type { PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type {
  TCarrierSettings,
  TCarrierTestOutput,
  TFoxpostSettingsTestInput,
  TFoxpostSettingsUpdate,
} from '../../schemas';
import { open, seal } from '../payments/secret-box';
import { CarrierError, type CarrierPort } from './carrier';
import { foxpostCarrier, trackFoxpostParcel } from './foxpost-client';
import type { FoxpostConfig, FoxpostSetup, TFoxpostEnvironment } from './foxpost-config';

/**
 * The shop's carrier accounts (`CarrierSetting` rows; Foxpost's is "foxpost"):
 * 1. Which Foxpost the shop uses: the admin's account when one is saved here (user, password, API key);
 *    otherwise the project's stand-in that the server mounts (`FoxpostSetup.fallback`), so a demo shop
 *    creates parcels with nothing configured; with stand-ins off, none (FOXPOST_ACCOUNT_MISSING).
 * 2. The password and the API key are sealed (AES-256-GCM, secret-box.ts) with the server's encryption key
 *    and never leave the server: reads say only whether one is saved and its last 4 characters. Without
 *    an encryption key they are refused, never stored in clear.
 * 3. The row is read on use (a parcel, a label, the stand-in's routes): it is one primary-key lookup, and
 *    every server sees a change at once.
 */

export type CarrierDeps = {
  prisma: PrismaClient;
  foxpostSetup: FoxpostSetup;
  /** Seals and opens the saved secrets; null: none configured, so none can be saved. */
  encryptionKey: Buffer | null;
};

const FOXPOST = 'foxpost';

export const CARRIER_ENCRYPTION_KEY_MISSING =
  'A Foxpost jelszava és API-kulcsa nem menthető, mert a szerveren nincs titkosítási kulcs, titkosítatlanul pedig nem tároljuk. ' +
  'Állítsd be a SETTINGS_ENCRYPTION_KEY környezeti változót (32 bájt, például: openssl rand -hex 32), indítsd újra a szervert, majd mentsd újra.';
export const FOXPOST_SECRETS_REQUIRED =
  'A Foxpost-fiókhoz a felhasználónév mellett a jelszó és az API-kulcs is kell.';
export const FOXPOST_ACCOUNT_MISSING =
  'Nincs beállított Foxpost-fiók, ezért Foxpost-csomag nem adható fel. Add meg a fiók adatait a Beállítások › Futárszolgálatok oldalon.';
export const FOXPOST_SECRETS_UNREADABLE =
  'A mentett Foxpost-jelszó vagy API-kulcs ezen a szerveren nem olvasható (a titkosítási kulcs megváltozott vagy hiányzik). Add meg őket újra a Beállítások › Futárszolgálatok oldalon.';

type FoxpostRow = {
  username: string | null;
  passwordEncrypted: string | null;
  apiKeyEncrypted: string | null;
  environment: string;
  updatedAt: Date;
};

function readRow(prisma: PrismaClient): Promise<FoxpostRow | null> {
  return prisma.carrierSetting.findUnique({
    where: { carrier: FOXPOST },
    select: {
      username: true,
      passwordEncrypted: true,
      apiKeyEncrypted: true,
      environment: true,
      updatedAt: true,
    },
  });
}

function environmentOf(row: FoxpostRow | null): TFoxpostEnvironment {
  return row?.environment === 'live' ? 'live' : 'test';
}

/** A sealed value in clear; null when none is saved; 'unreadable' when this server's key cannot open it. */
function opened(sealed: string | null, key: Buffer | null): string | null | 'unreadable' {
  if (!sealed) return null;
  if (!key) return 'unreadable';
  return open(key, sealed) ?? 'unreadable';
}

type ResolvedFoxpost =
  | { source: 'stand_in'; config: FoxpostConfig }
  | { source: 'none'; config: null }
  | { source: 'admin'; config: FoxpostConfig | null; environment: TFoxpostEnvironment };

function resolveRow(deps: CarrierDeps, row: FoxpostRow | null): ResolvedFoxpost {
  if (!row?.username) {
    const { fallback } = deps.foxpostSetup;
    return fallback ? { source: 'stand_in', config: fallback } : { source: 'none', config: null };
  }
  const environment = environmentOf(row);
  const password = opened(row.passwordEncrypted, deps.encryptionKey);
  const apiKey = opened(row.apiKeyEncrypted, deps.encryptionKey);
  if (
    typeof password !== 'string' ||
    password === 'unreadable' ||
    typeof apiKey !== 'string' ||
    apiKey === 'unreadable'
  ) {
    // The admin's account is named but cannot be used: never fall back to the stand-in silently.
    return { source: 'admin', config: null, environment };
  }
  return {
    source: 'admin',
    environment,
    config: {
      apiUrl: deps.foxpostSetup.hosts[environment],
      username: row.username,
      password,
      apiKey,
      trackingPageUrl: deps.foxpostSetup.trackingPageUrl,
    },
  };
}

/** Whether the shop uses the project's stand-in now (the server serves its routes only then). */
export async function usesFoxpostStandIn(deps: Pick<CarrierDeps, 'prisma'>): Promise<boolean> {
  const row = await readRow(deps.prisma);
  return !row?.username;
}

/** The Foxpost account in use as a carrier port (rule 1); a 409 when the saved secrets cannot be opened. */
export async function foxpostPort(deps: CarrierDeps): Promise<{ port: CarrierPort; config: FoxpostConfig }> {
  const resolved = resolveRow(deps, await readRow(deps.prisma));
  if (resolved.source === 'none') throw new DomainError('conflict', FOXPOST_ACCOUNT_MISSING);
  if (!resolved.config) throw new DomainError('conflict', FOXPOST_SECRETS_UNREADABLE);
  return { port: foxpostCarrier(resolved.config), config: resolved.config };
}

function last4(value: string | null | 'unreadable'): string | null {
  return typeof value === 'string' && value !== 'unreadable' ? value.slice(-4) : null;
}

export async function getCarrierSettings(deps: CarrierDeps): Promise<TCarrierSettings> {
  const row = await readRow(deps.prisma);
  const password = opened(row?.passwordEncrypted ?? null, deps.encryptionKey);
  const apiKey = opened(row?.apiKeyEncrypted ?? null, deps.encryptionKey);
  return {
    foxpost: {
      username: row?.username ?? null,
      passwordSet: password !== null,
      passwordLast4: last4(password),
      apiKeySet: apiKey !== null,
      apiKeyLast4: last4(apiKey),
      environment: environmentOf(row),
      source: resolveRow(deps, row).source,
      readable: password !== 'unreadable' && apiKey !== 'unreadable',
      canStoreSecrets: deps.encryptionKey !== null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    },
  };
}

/**
 * Saves the Foxpost account. `username` null removes the whole account (back to the stand-in); a
 * password or API key left out keeps the saved one. A named account needs both secrets (rule 2).
 */
export async function updateFoxpostSettings(
  deps: CarrierDeps,
  input: TFoxpostSettingsUpdate,
): Promise<TCarrierSettings> {
  if (input.username === null) {
    await deps.prisma.carrierSetting.deleteMany({ where: { carrier: FOXPOST } });
    return getCarrierSettings(deps);
  }
  const key = deps.encryptionKey;
  if ((input.password !== undefined || input.apiKey !== undefined) && !key) {
    throw new DomainError('conflict', CARRIER_ENCRYPTION_KEY_MISSING, [
      { path: input.password !== undefined ? 'password' : 'apiKey', message: CARRIER_ENCRYPTION_KEY_MISSING },
    ]);
  }
  const current = await readRow(deps.prisma);
  const passwordEncrypted =
    input.password !== undefined && key ? seal(key, input.password) : (current?.passwordEncrypted ?? null);
  const apiKeyEncrypted =
    input.apiKey !== undefined && key ? seal(key, input.apiKey) : (current?.apiKeyEncrypted ?? null);
  const missing = [
    ...(passwordEncrypted ? [] : [{ path: 'password', message: FOXPOST_SECRETS_REQUIRED }]),
    ...(apiKeyEncrypted ? [] : [{ path: 'apiKey', message: FOXPOST_SECRETS_REQUIRED }]),
  ];
  if (missing.length > 0) {
    throw new DomainError(
      'invalid_input',
      `Hibás adat: ${missing.map((issue) => issue.path).join(', ')} – ${FOXPOST_SECRETS_REQUIRED}`,
      missing,
    );
  }
  const data = {
    username: input.username,
    passwordEncrypted,
    apiKeyEncrypted,
    environment: input.environment,
  };
  await deps.prisma.carrierSetting.upsert({
    where: { carrier: FOXPOST },
    create: { carrier: FOXPOST, ...data },
    update: data,
    select: { carrier: true },
  });
  return getCarrierSettings(deps);
}

/**
 * "Kapcsolat tesztelése": asks Foxpost to track a parcel number that cannot exist, with the given account
 * (before saving it) or the one in use. 401 means Foxpost refused the account; "no such parcel" means it
 * accepted it. Nothing is created.
 */
export async function testFoxpostConnection(
  deps: CarrierDeps,
  input: TFoxpostSettingsTestInput,
): Promise<TCarrierTestOutput> {
  const row = await readRow(deps.prisma);
  const resolved = resolveRow(deps, row);
  const environment = input.environment ?? environmentOf(row);
  let config: FoxpostConfig;
  let target: string;
  if (input.username || input.password || input.apiKey) {
    const saved = resolved.source === 'admin' ? resolved.config : null;
    const username = input.username ?? saved?.username;
    const password = input.password ?? saved?.password;
    const apiKey = input.apiKey ?? saved?.apiKey;
    if (!username || !password || !apiKey) return { ok: false, message: FOXPOST_SECRETS_REQUIRED };
    config = {
      apiUrl: deps.foxpostSetup.hosts[environment],
      username,
      password,
      apiKey,
      trackingPageUrl: deps.foxpostSetup.trackingPageUrl,
    };
    target = environment === 'live' ? 'éles Foxpost' : 'Foxpost tesztkörnyezet';
  } else if (resolved.source === 'stand_in') {
    config = resolved.config;
    target = 'a beépített Foxpost-helyettesítő, valódi csomagfeladás nélkül';
  } else if (resolved.source === 'none') {
    return { ok: false, message: FOXPOST_ACCOUNT_MISSING };
  } else if (!resolved.config) {
    return { ok: false, message: FOXPOST_SECRETS_UNREADABLE };
  } else {
    config = { ...resolved.config, apiUrl: deps.foxpostSetup.hosts[environment] };
    target = environment === 'live' ? 'éles Foxpost' : 'Foxpost tesztkörnyezet';
  }
  try {
    await trackFoxpostParcel(config, 'CLFOX0000000000');
    return { ok: true, message: `A kapcsolat működik: a Foxpost elfogadta a fiókot (${target}).` };
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    if (error.kind === 'auth') {
      return {
        ok: false,
        message: `A Foxpost nem fogadta el a fiókot (${target}): ellenőrizd a felhasználónevet, a jelszót és az API-kulcsot, és hogy a tesztkörnyezet fiókja az éles rendszerben nem működik, és fordítva.`,
      };
    }
    if (error.kind === 'unavailable') {
      return { ok: false, message: `A Foxpost nem érhető el (${target}). Próbáld újra később.` };
    }
    return {
      ok: false,
      message: `A Foxpost váratlan választ adott (${target}, HTTP ${error.httpStatus ?? '–'}).`,
    };
  }
}
