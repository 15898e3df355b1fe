import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type {
  TInvoiceSettings,
  TInvoiceSettingsTestOutput,
  TInvoiceSettingsUpdate,
  TInvoiceSource,
  TOfflineIssueOn,
} from '../../schemas/invoice';
import { open, seal } from '../payments/secret-box';
import { InvoicingError, type InvoicingPort } from './invoicing-port';
import { createSzamlazzAgent, SZAMLAZZ_AGENT_URL } from './szamlazz-agent';

/**
 * The shop's invoicing settings (one InvoiceSetting row):
 * 1. Which account invoices go to: Számlázz.hu with the Agent key an admin saved here; without one, the
 *    project's stand-in this server mounts (`SZAMLAZZ_STAND_IN_PATH`), so a fresh demo shop invoices
 *    offline; with stand-ins off, none: invoices wait in the queue until a key is saved.
 * 2. The Agent key is sealed with the same secret box and key as the Barion POS key before it is written;
 *    reads say only whether one is saved and its last 4 characters. Without an encryption key a key is
 *    refused, never stored in clear.
 * 3. `enabled` switches the automatic invoices off (an admin can still issue one by hand);
 *    `offlineIssueOn` says when transfer and cash-on-delivery orders are invoiced.
 */

/** Where the shop server mounts the Számla Agent stand-in (its `/szamla/` below this). */
export const SZAMLAZZ_STAND_IN_PATH = '/_szamlazz';
/** The stand-in's Agent key: not a secret, it keeps the stand-in's login check honest. */
export const SZAMLAZZ_STAND_IN_AGENT_KEY = 'kekbogrehelyettesitoszamlaagentkulcs2026';

/** How this server reaches the Agent, besides what the admin saved. */
export type InvoicingSetup = {
  /** The stand-in's base (`${publicUrl}/_szamlazz`), or in tests one on its own port; null: no stand-in. */
  standInUrl: string | null;
  /** Számlázz.hu's base for a saved key (tests point it at a stand-in). */
  agentUrl: string;
  encryptionKey: Buffer | null;
};

export function defaultInvoicingSetup(publicUrl: string, encryptionKey: Buffer | null): InvoicingSetup {
  return {
    standInUrl: `${publicUrl.replace(/\/+$/, '')}${SZAMLAZZ_STAND_IN_PATH}`,
    agentUrl: SZAMLAZZ_AGENT_URL,
    encryptionKey,
  };
}

export const AGENT_KEY_ENCRYPTION_MISSING =
  'A Számla Agent kulcs nem menthető, mert a szerveren nincs titkosítási kulcs, titkosítatlanul pedig nem tároljuk. ' +
  'Állítsd be a SETTINGS_ENCRYPTION_KEY környezeti változót (32 bájt, például: openssl rand -hex 32), indítsd újra a szervert, majd mentsd újra.';

const SETTINGS_ID = 1;
const settingsSelect = {
  provider: true,
  enabled: true,
  agentKeyEncrypted: true,
  prefix: true,
  eInvoice: true,
  sendToBuyer: true,
  offlineIssueOn: true,
  updatedAt: true,
} as const satisfies Prisma.InvoiceSettingSelect;
type SettingsRow = Prisma.InvoiceSettingGetPayload<{ select: typeof settingsSelect }>;

/** The settings as the invoicing code uses them (defaults while no row exists). */
export type InvoiceConfig = {
  enabled: boolean;
  prefix: string;
  eInvoice: boolean;
  sendToBuyer: boolean;
  offlineIssueOn: TOfflineIssueOn;
};

type Db = Pick<PrismaClient, 'invoiceSetting'> | Prisma.TransactionClient;

function readRow(db: Db): Promise<SettingsRow | null> {
  return db.invoiceSetting.findUnique({ where: { id: SETTINGS_ID }, select: settingsSelect });
}

function configOf(row: SettingsRow | null): InvoiceConfig {
  return {
    enabled: row?.enabled ?? true,
    prefix: row?.prefix ?? 'KBB',
    eInvoice: row?.eInvoice ?? true,
    sendToBuyer: row?.sendToBuyer ?? true,
    offlineIssueOn: row?.offlineIssueOn === 'paid' ? 'paid' : 'completed',
  };
}

export async function loadInvoiceConfig(db: Db): Promise<InvoiceConfig> {
  return configOf(await readRow(db));
}

/** The saved key in clear; null when none is saved; 'unreadable' when this server cannot open it. */
function openedKey(row: SettingsRow | null, encryptionKey: Buffer | null): string | null | 'unreadable' {
  if (!row?.agentKeyEncrypted) return null;
  if (!encryptionKey) return 'unreadable';
  return open(encryptionKey, row.agentKeyEncrypted) ?? 'unreadable';
}

export type ResolvedInvoicing = {
  port: InvoicingPort;
  provider: string;
  source: TInvoiceSource;
  config: InvoiceConfig;
};

export const INVOICING_NOT_SET_UP =
  'Nincs beállított számlázó fiók: a számlák sorban várnak, amíg a Számlázás beállításainál meg nem adod a Számlázz.hu Számla Agent kulcsát.';

/** A port that only says why it cannot be used (the worker leaves the queue alone for 'none'). */
function refusingPort(message: string, retryable: boolean): InvoicingPort {
  const refuse = async (): Promise<never> => {
    throw new InvoicingError(message, null, retryable);
  };
  return { issue: refuse, storno: refuse, pdf: refuse, findByExternalId: refuse };
}

function sourceOf(key: string | null, setup: InvoicingSetup): TInvoiceSource {
  if (key !== null) return 'admin';
  return setup.standInUrl === null ? 'none' : 'stand_in';
}

/** Rule 1: the provider in use now. A key this server cannot open fails every call with a clear message. */
export async function resolveInvoicing(
  prisma: PrismaClient,
  setup: InvoicingSetup,
): Promise<ResolvedInvoicing> {
  const row = await readRow(prisma);
  const key = openedKey(row, setup.encryptionKey);
  const config = configOf(row);
  if (key === null) {
    return setup.standInUrl === null
      ? { port: refusingPort(INVOICING_NOT_SET_UP, true), provider: 'szamlazz', source: 'none', config }
      : {
          port: createSzamlazzAgent({ url: setup.standInUrl, agentKey: SZAMLAZZ_STAND_IN_AGENT_KEY }),
          provider: 'szamlazz',
          source: 'stand_in',
          config,
        };
  }
  if (key === 'unreadable') {
    return {
      port: refusingPort(
        'A mentett Számla Agent kulcs ezen a szerveren nem olvasható (a titkosítási kulcs megváltozott vagy hiányzik). Add meg újra a kulcsot a Számlázás beállításainál.',
        false,
      ),
      provider: row?.provider ?? 'szamlazz',
      source: 'admin',
      config,
    };
  }
  return {
    port: createSzamlazzAgent({ url: setup.agentUrl, agentKey: key }),
    provider: row?.provider ?? 'szamlazz',
    source: 'admin',
    config,
  };
}

function toDto(row: SettingsRow | null, setup: InvoicingSetup): TInvoiceSettings {
  const key = openedKey(row, setup.encryptionKey);
  const readable = typeof key === 'string' && key !== 'unreadable';
  return {
    provider: 'szamlazz',
    ...configOf(row),
    agentKeySet: key !== null,
    agentKeyLast4: readable ? key.slice(-4) : null,
    agentKeyReadable: key === null || readable,
    source: sourceOf(key, setup),
    canStoreAgentKey: setup.encryptionKey !== null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Whether the shop invoices through the project's stand-in (no Agent key saved): the server mounts it only then. */
export async function usesSzamlazzStandIn(prisma: PrismaClient): Promise<boolean> {
  const row = await prisma.invoiceSetting.findUnique({
    where: { id: SETTINGS_ID },
    select: { agentKeyEncrypted: true },
  });
  return !row?.agentKeyEncrypted;
}

export async function getInvoiceSettings(
  prisma: PrismaClient,
  setup: InvoicingSetup,
): Promise<TInvoiceSettings> {
  return toDto(await readRow(prisma), setup);
}

export async function updateInvoiceSettings(
  prisma: PrismaClient,
  setup: InvoicingSetup,
  { agentKey, ...input }: TInvoiceSettingsUpdate,
): Promise<TInvoiceSettings> {
  if (typeof agentKey === 'string' && !setup.encryptionKey) {
    throw new DomainError('conflict', AGENT_KEY_ENCRYPTION_MISSING, [
      { path: 'agentKey', message: AGENT_KEY_ENCRYPTION_MISSING },
    ]);
  }
  const sealed =
    agentKey === undefined
      ? {}
      : {
          agentKeyEncrypted:
            agentKey === null || !setup.encryptionKey ? null : seal(setup.encryptionKey, agentKey),
        };
  const data = { ...input, ...sealed };
  const row = await prisma.invoiceSetting.upsert({
    where: { id: SETTINGS_ID },
    create: { id: SETTINGS_ID, ...data },
    update: data,
    select: settingsSelect,
  });
  return toDto(row, setup);
}

/**
 * "Kapcsolat próbája": asks the Agent for a document by an external id that cannot exist. "Unknown
 * document" (7) means the key was accepted; 3 means a wrong key. Nothing is issued.
 */
export async function testInvoicingConnection(
  prisma: PrismaClient,
  setup: InvoicingSetup,
  input: { agentKey?: string | undefined },
): Promise<TInvoiceSettingsTestOutput> {
  const resolved = await resolveInvoicing(prisma, setup);
  const source = input.agentKey ? 'admin' : resolved.source;
  const port = input.agentKey
    ? createSzamlazzAgent({ url: setup.agentUrl, agentKey: input.agentKey })
    : resolved.port;
  if (source === 'none') return { ok: false, message: INVOICING_NOT_SET_UP, source };
  const target =
    source === 'admin'
      ? 'Számlázz.hu, a megadott Számla Agent kulccsal'
      : 'a beépített Számla Agent helyettesítő';
  try {
    await port.findByExternalId(`kapcsolat-proba-${randomBytes(8).toString('hex')}`);
    return { ok: true, message: `A kapcsolat működik (${target}).`, source };
  } catch (error) {
    if (!(error instanceof InvoicingError)) throw error;
    if (error.code === '3') {
      return {
        ok: false,
        message: `A Számlázz.hu nem fogadta el a Számla Agent kulcsot (${target}). Ellenőrizd a kulcsot a Számlázz.hu fiókban.`,
        source,
      };
    }
    return { ok: false, message: `${error.message} (${target})`, source };
  }
}
