import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import { bumpCacheVersion, type VersionedCache } from '../../cache';
import { DomainError } from '../../errors';
import type {
  TBarionEnvironment,
  TBarionSource,
  TPaymentSettings,
  TPaymentSettingsTestInput,
  TPaymentSettingsTestOutput,
  TPaymentSettingsUpdate,
} from '../../schemas';
import { type BarionConfig, BarionError, getBarionPaymentState } from '../payments/barion-client';
import { BARION_HOSTS, BARION_NOT_SET_UP, BARION_STAND_IN_POS_KEY } from '../payments/barion-config';
import { keyFingerprint, open, seal } from '../payments/secret-box';

/**
 * The shop's payment settings (one `PaymentSetting` row): the Barion account and the bank account shown
 * to customers who pay by transfer.
 *
 * 1. Which Barion account card payments use: the admin's, when a POS key is saved here; otherwise the
 *    server's BARION_* variables; otherwise the project's stand-in (`BarionSetup.fallback`) when the
 *    server runs stand-ins; otherwise none (BARION_NOT_SET_UP: card payment is refused).
 * 2. The POS key is sealed (AES-256-GCM, secret-box.ts) with the server's encryption key before it is
 *    written, and never leaves the server: reads say only whether one is saved and its last 4 characters.
 *    Without an encryption key a POS key is refused, never stored in clear.
 * 3. Every server keeps the settings in memory; a write bumps their cache version, so each server reads
 *    them again within a second.
 */

export type BarionHosts = Record<TBarionEnvironment, string>;

/** How this server reaches Barion, besides what the admin saved. */
export type BarionSetup = {
  /** The account of the BARION_* variables, or the stand-in this server mounts; null: neither. */
  fallback: BarionConfig | null;
  /** Seals and opens the saved POS key; null: none configured, so no POS key can be saved. */
  encryptionKey: Buffer | null;
  /** Barion's API per environment (tests point them at a stand-in). */
  hosts: BarionHosts;
};

export const DEFAULT_BARION_HOSTS: BarionHosts = BARION_HOSTS;

type Deps = { prisma: PrismaClient; cache: VersionedCache; barionSetup: BarionSetup };

export const ENCRYPTION_KEY_MISSING =
  'A POS-kulcs nem menthető, mert a szerveren nincs titkosítási kulcs, titkosítatlanul pedig nem tároljuk. ' +
  'Állítsd be a SETTINGS_ENCRYPTION_KEY környezeti változót (32 bájt, például: openssl rand -hex 32), indítsd újra a szervert, majd mentsd újra.';
export const PAYEE_REQUIRED = 'A Barion-tárca e-mail-címe kötelező, ha POS-kulcsot mentesz.';
export const BARION_NOT_SET_UP_MESSAGE =
  'Nincs beállított Barion-fiók, ezért a bankkártyás fizetés nem választható. Add meg a Barion-fiók POS-kulcsát és a tárca e-mail-címét, majd mentsd el.';
export const HOLDER_REQUIRED = 'A számlatulajdonos neve kötelező, ha bankszámlaszámot adsz meg.';

const SETTINGS_ID = 1;
const SETTINGS_CACHE_KEY = 'payment-settings';

const settingsSelect = {
  barionPosKeyEncrypted: true,
  barionPayee: true,
  barionEnvironment: true,
  bankAccountName: true,
  bankAccountNumber: true,
  bankName: true,
  updatedAt: true,
} as const satisfies Prisma.PaymentSettingSelect;
type SettingsRow = Prisma.PaymentSettingGetPayload<{ select: typeof settingsSelect }>;

/** The row, and its POS key opened once per encryption key (the entry is replaced when the row changes). */
type CachedSettings = { row: SettingsRow | null; opened: Map<string, string | null> };

function loadSettings({ prisma, cache }: Pick<Deps, 'prisma' | 'cache'>): Promise<CachedSettings> {
  return cache.get(SETTINGS_CACHE_KEY, async () => ({
    row: await prisma.paymentSetting.findUnique({ where: { id: SETTINGS_ID }, select: settingsSelect }),
    opened: new Map(),
  }));
}

function environmentOf(row: SettingsRow | null): TBarionEnvironment {
  return row?.barionEnvironment === 'live' ? 'live' : 'test';
}

/** The saved POS key in clear; null when none is saved; 'unreadable' when this server's key cannot open it. */
function openedPosKey(settings: CachedSettings, encryptionKey: Buffer | null): string | null | 'unreadable' {
  const sealed = settings.row?.barionPosKeyEncrypted;
  if (!sealed) return null;
  if (!encryptionKey) return 'unreadable';
  const fingerprint = keyFingerprint(encryptionKey);
  if (!settings.opened.has(fingerprint)) settings.opened.set(fingerprint, open(encryptionKey, sealed));
  return settings.opened.get(fingerprint) ?? 'unreadable';
}

function fallbackSource({ fallback }: BarionSetup): TBarionSource {
  if (!fallback) return 'none';
  return fallback.posKey === BARION_STAND_IN_POS_KEY ? 'stand_in' : 'environment';
}

type ResolvedBarion = {
  config: BarionConfig;
  source: TBarionSource;
  environment: TBarionEnvironment | null;
  /** The admin saved a key this server cannot open. */
  unreadable: boolean;
};

async function resolveBarion(deps: Deps): Promise<ResolvedBarion> {
  const settings = await loadSettings(deps);
  const posKey = openedPosKey(settings, deps.barionSetup.encryptionKey);
  if (posKey === null) {
    return {
      config: deps.barionSetup.fallback ?? BARION_NOT_SET_UP,
      source: fallbackSource(deps.barionSetup),
      environment: null,
      unreadable: false,
    };
  }
  const environment = environmentOf(settings.row);
  return {
    // An unreadable key still names the admin's account: Barion refuses the empty key, so no payment
    // silently goes to another account (the settings screen asks for the key again).
    config: {
      apiUrl: deps.barionSetup.hosts[environment],
      posKey: posKey === 'unreadable' ? '' : posKey,
      payee: settings.row?.barionPayee ?? '',
    },
    source: 'admin',
    environment,
    unreadable: posKey === 'unreadable',
  };
}

/** The Barion account card payments use now (rule 1). Served from memory; cheap enough for every request. */
export async function resolveBarionConfig(deps: Deps): Promise<BarionConfig> {
  return (await resolveBarion(deps)).config;
}

/**
 * Whether card payments go to the project's stand-in now: the server mounts it only then, so it is
 * gone as soon as an admin saves a POS key (read from the settings in memory, cheap per request).
 */
export async function usesBarionStandIn(deps: Deps): Promise<boolean> {
  return (await resolveBarion(deps)).source === 'stand_in';
}

/** The shop's bank account for transfers, as order e-mails state it; null until the admin saves one. */
export type BankDetails = { holder: string; bankName: string | null; account: string };

export async function getShopBankDetails(deps: Pick<Deps, 'prisma' | 'cache'>): Promise<BankDetails | null> {
  const { row } = await loadSettings(deps);
  if (!row?.bankAccountNumber) return null;
  return { holder: row.bankAccountName ?? '', bankName: row.bankName, account: row.bankAccountNumber };
}

async function readRow(prisma: PrismaClient): Promise<SettingsRow | null> {
  return prisma.paymentSetting.findUnique({ where: { id: SETTINGS_ID }, select: settingsSelect });
}

function toDto(row: SettingsRow | null, deps: Deps, resolved: ResolvedBarion): TPaymentSettings {
  const posKey = openedPosKey({ row, opened: new Map() }, deps.barionSetup.encryptionKey);
  const readable = typeof posKey === 'string' && posKey !== 'unreadable';
  return {
    barionPosKeySet: posKey !== null,
    barionPosKeyLast4: readable ? posKey.slice(-4) : null,
    barionPosKeyReadable: posKey === null || readable,
    barionPayee: row?.barionPayee ?? null,
    barionEnvironment: environmentOf(row),
    barionSource: resolved.source,
    canStorePosKey: deps.barionSetup.encryptionKey !== null,
    bankAccountHolder: row?.bankAccountName ?? null,
    bankName: row?.bankName ?? null,
    bankAccountNumber: row?.bankAccountNumber ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getPaymentSettings(deps: Deps): Promise<TPaymentSettings> {
  return toDto(await readRow(deps.prisma), deps, await resolveBarion(deps));
}

/**
 * Replaces the settings. `barionPosKey` left out keeps the saved key, null removes it, a GUID replaces it
 * (sealed, rule 2). A saved key needs the wallet's e-mail; a bank account number needs its holder.
 */
export async function updatePaymentSettings(
  deps: Deps,
  { barionPosKey, ...input }: TPaymentSettingsUpdate,
): Promise<TPaymentSettings> {
  const { encryptionKey } = deps.barionSetup;
  if (typeof barionPosKey === 'string' && !encryptionKey) {
    throw new DomainError('conflict', ENCRYPTION_KEY_MISSING, [
      { path: 'barionPosKey', message: ENCRYPTION_KEY_MISSING },
    ]);
  }
  const sealedKey =
    barionPosKey === undefined
      ? undefined
      : barionPosKey === null || !encryptionKey
        ? null
        : seal(encryptionKey, barionPosKey);

  await deps.prisma.$transaction(async (tx) => {
    const current = await tx.paymentSetting.findUnique({
      where: { id: SETTINGS_ID },
      select: { barionPosKeyEncrypted: true },
    });
    const keySaved = sealedKey === undefined ? Boolean(current?.barionPosKeyEncrypted) : sealedKey !== null;
    if (keySaved && !input.barionPayee) {
      throw new DomainError('invalid_input', `Hibás adat: barionPayee – ${PAYEE_REQUIRED}`, [
        { path: 'barionPayee', message: PAYEE_REQUIRED },
      ]);
    }
    if (input.bankAccountNumber && !input.bankAccountHolder) {
      throw new DomainError('invalid_input', `Hibás adat: bankAccountHolder – ${HOLDER_REQUIRED}`, [
        { path: 'bankAccountHolder', message: HOLDER_REQUIRED },
      ]);
    }
    const data = {
      barionPayee: input.barionPayee,
      barionEnvironment: input.barionEnvironment,
      bankAccountName: input.bankAccountHolder,
      bankName: input.bankName,
      bankAccountNumber: input.bankAccountNumber,
      ...(sealedKey === undefined ? {} : { barionPosKeyEncrypted: sealedKey }),
    };
    await tx.paymentSetting.upsert({
      where: { id: SETTINGS_ID },
      create: { id: SETTINGS_ID, ...data },
      update: data,
      select: { id: true },
    });
    await bumpCacheVersion(tx, SETTINGS_CACHE_KEY);
  });
  deps.cache.invalidate(SETTINGS_CACHE_KEY);
  return getPaymentSettings(deps);
}

const SOURCE_NAMES: Record<TBarionSource, string> = {
  admin: 'a mentett Barion-fiók',
  environment: 'a szerver BARION_* környezeti változóiban megadott Barion-fiók',
  stand_in: 'a beépített Barion-helyettesítő, valódi pénz nélkül',
  none: 'nincs beállított Barion-fiók',
};
const ENVIRONMENT_NAMES: Record<TBarionEnvironment, string> = {
  test: 'teszt környezet',
  live: 'éles környezet',
};

function describe(source: TBarionSource, environment: TBarionEnvironment | null): string {
  return environment ? `${SOURCE_NAMES[source]}, ${ENVIRONMENT_NAMES[environment]}` : SOURCE_NAMES[source];
}

/** What Barion's answer to a state query of a payment that does not exist says about the key. */
function verdict(error: unknown, target: string): { ok: boolean; message: string } {
  if (!(error instanceof BarionError)) throw error;
  if (error.errorCodes.includes('AuthenticationFailed')) {
    return {
      ok: false,
      message: `A Barion nem fogadta el a POS-kulcsot (${target}). Ellenőrizd a kulcsot és a környezetet: a tesztkörnyezet kulcsa az éles rendszerben nem működik, és fordítva.`,
    };
  }
  // The key was accepted; Barion only did not find the made-up payment.
  if (error.errorCodes.includes('NotExistingPaymentId') || error.httpStatus === 404) {
    return { ok: true, message: `A kapcsolat működik: a Barion elfogadta a POS-kulcsot (${target}).` };
  }
  if (error.httpStatus === null) {
    return {
      ok: false,
      message: `A Barion nem érhető el (${target}). Ellenőrizd a szerver internetkapcsolatát, és próbáld újra később.`,
    };
  }
  if (error.httpStatus === 429) {
    return {
      ok: false,
      message: 'A Barion most túl sok kérést kapott. Próbáld újra néhány másodperc múlva.',
    };
  }
  const codes = error.errorCodes.length > 0 ? `: ${error.errorCodes.join(', ')}` : '';
  return {
    ok: false,
    message: `A Barion váratlan választ adott (${target}, HTTP ${error.httpStatus}${codes}).`,
  };
}

/**
 * "Test connection": asks Barion the state of a payment id that cannot exist, with the given key (before
 * saving it) or the account in use. `AuthenticationFailed` means a wrong key; "no such payment" means
 * Barion accepted the key. Nothing is paid or changed.
 */
export async function testBarionConnection(
  deps: Deps,
  input: TPaymentSettingsTestInput,
): Promise<TPaymentSettingsTestOutput> {
  const resolved = await resolveBarion(deps);
  let config: BarionConfig;
  let source: TBarionSource;
  let environment: TBarionEnvironment | null;
  if (input.barionPosKey) {
    const settings = await loadSettings(deps);
    environment = input.barionEnvironment ?? environmentOf(settings.row);
    config = { apiUrl: deps.barionSetup.hosts[environment], posKey: input.barionPosKey, payee: '' };
    source = 'admin';
  } else {
    source = resolved.source;
    environment = resolved.source === 'admin' ? (input.barionEnvironment ?? resolved.environment) : null;
    if (resolved.unreadable) {
      return {
        ok: false,
        message:
          'A mentett POS-kulcs ezen a szerveren nem olvasható (a titkosítási kulcs megváltozott vagy hiányzik). Add meg újra a POS-kulcsot.',
        source,
        environment,
      };
    }
    if (source === 'none') {
      return { ok: false, message: BARION_NOT_SET_UP_MESSAGE, source, environment };
    }
    config = environment
      ? { ...resolved.config, apiUrl: deps.barionSetup.hosts[environment] }
      : resolved.config;
  }
  const target = describe(source, environment);
  const probeId = randomBytes(16).toString('hex');
  try {
    await getBarionPaymentState(config, probeId);
    return {
      ok: true,
      message: `A kapcsolat működik: a Barion elfogadta a POS-kulcsot (${target}).`,
      source,
      environment,
    };
  } catch (error) {
    return { ...verdict(error, target), source, environment };
  }
}
