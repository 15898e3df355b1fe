import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import type { TNewsletterSyncSettings, TNewsletterSyncSettingsInput } from '../../schemas/newsletter-sync';
import { open, seal } from '../payments/secret-box';
import { MAILERLITE_API_URL, mailchimpApiUrl, mailchimpDataCenter, type SyncTarget } from './sync-providers';

/**
 * The newsletter sync's settings (one NewsletterSyncSetting row) and where its calls go.
 *
 * 1. The API key is sealed (AES-256-GCM, payments/secret-box.ts) with the server's encryption key before
 *    it is written, like the Barion POS key, and never leaves the server: reads say only whether one is
 *    saved and its last four characters. Without an encryption key a key is refused, never kept in clear.
 * 2. A saved key goes to the real provider (MailerLite's API, or Mailchimp's data center the key names).
 *    With no key saved, the calls go to the project's stand-in at the shop's own address, but only while
 *    stand-ins are on (demo and tests: STAND_INS); a real shop never has them on, so there nothing is
 *    sent until a key is saved. The server mounts a stand-in only while this says it is used.
 * 3. Changing the provider, the key or the list starts a new `generation`: the whole list is sent anew,
 *    and every address the queue already knows moves into it, so an unsubscribe the earlier target never
 *    got (its key was refused, the sync was off for a while) still reaches the new one.
 */

const SETTINGS_ID = 1;

/** Where the shop's server mounts the stand-ins while stand-ins are on. */
export const MAILERLITE_STAND_IN_PATH = '/_mailerlite';
export const MAILCHIMP_STAND_IN_PATH = '/_mailchimp';
/** The credentials the shop sends to a stand-in, and the only ones the mounted stand-ins accept. */
export const MAILERLITE_STAND_IN_TOKEN = 'kekbogre-mailerlite-helyettesito-token';
export const MAILCHIMP_STAND_IN_KEY = '6b6f6b6f6b6f6b6f6b6f6b6f6b6f6b6f-us21';
/** The audience the Mailchimp stand-in is used with when the admin named none. */
export const MAILCHIMP_STAND_IN_LIST = 'kekbogre01';

export const SYNC_KEY_ENCRYPTION_MISSING =
  'Az API-kulcs nem menthető, mert a szerveren nincs titkosítási kulcs, titkosítatlanul pedig nem tároljuk. ' +
  'Állítsd be a SETTINGS_ENCRYPTION_KEY környezeti változót (32 bájt, például: openssl rand -hex 32), indítsd újra a szervert, majd mentsd újra.';

export type NewsletterSyncSetup = {
  /** Opens the saved key; null: none configured, so no key could have been saved. */
  encryptionKey: Buffer | null;
  /** The shop's own address while stand-ins are on (the stand-ins are mounted there); null: off. */
  standInBase: string | null;
  /** The real APIs (tests point them at a stand-in's port). */
  mailerliteUrl: string;
  mailchimpUrl: (dataCenter: string) => string;
};

export function newsletterSyncSetupFor(options: {
  publicUrl: string;
  standIns: boolean;
  encryptionKey: Buffer | null;
}): NewsletterSyncSetup {
  return {
    encryptionKey: options.encryptionKey,
    standInBase: options.standIns ? options.publicUrl.replace(/\/+$/, '') : null,
    mailerliteUrl: MAILERLITE_API_URL,
    mailchimpUrl: mailchimpApiUrl,
  };
}

const settingsSelect = {
  provider: true,
  apiKeyEncrypted: true,
  listId: true,
  generation: true,
  lastRunAt: true,
  lastSuccessAt: true,
  lastError: true,
} as const satisfies Prisma.NewsletterSyncSettingSelect;
export type SyncSettingsRow = Prisma.NewsletterSyncSettingGetPayload<{ select: typeof settingsSelect }>;

type Db = PrismaClient | Prisma.TransactionClient;

export function readSyncSettings(db: Db): Promise<SyncSettingsRow | null> {
  return db.newsletterSyncSetting.findUnique({ where: { id: SETTINGS_ID }, select: settingsSelect });
}

function openedKey(row: SyncSettingsRow | null, encryptionKey: Buffer | null): string | null {
  if (!row?.apiKeyEncrypted || !encryptionKey) return null;
  return open(encryptionKey, row.apiKeyEncrypted);
}

export const NO_KEY_SAVED =
  'Nincs mentett API-kulcs, ezért a szinkronizálás nem indul el. Add meg a szolgáltató API-kulcsát.';
const KEY_UNREADABLE =
  'A mentett API-kulcs ezzel a titkosítási kulccsal nem nyitható (a SETTINGS_ENCRYPTION_KEY megváltozott?). Mentsd el újra a kulcsot.';
const LIST_MISSING = 'A Mailchimp-szinkronhoz add meg a lista azonosítóját (Audience ID).';

/** Where the sync's calls go now (rule 2); a string: why nothing can be sent, in Hungarian. */
export function resolveSyncTarget(
  row: SyncSettingsRow | null,
  setup: NewsletterSyncSetup,
): SyncTarget | string | null {
  if (!row || row.provider === 'none') return null;
  const provider = row.provider;
  if (row.apiKeyEncrypted) {
    const apiKey = openedKey(row, setup.encryptionKey);
    if (!apiKey) return KEY_UNREADABLE;
    if (provider === 'mailerlite')
      return { provider, baseUrl: setup.mailerliteUrl.replace(/\/+$/, ''), apiKey, listId: row.listId };
    const dataCenter = mailchimpDataCenter(apiKey);
    if (!dataCenter) return MAILCHIMP_KEY_SHAPE;
    if (!row.listId) return LIST_MISSING;
    return {
      provider,
      baseUrl: setup.mailchimpUrl(dataCenter).replace(/\/+$/, ''),
      apiKey,
      listId: row.listId,
    };
  }
  if (!setup.standInBase) return NO_KEY_SAVED;
  return provider === 'mailerlite'
    ? {
        provider,
        baseUrl: `${setup.standInBase}${MAILERLITE_STAND_IN_PATH}`,
        apiKey: MAILERLITE_STAND_IN_TOKEN,
        listId: row.listId,
      }
    : {
        provider,
        baseUrl: `${setup.standInBase}${MAILCHIMP_STAND_IN_PATH}`,
        apiKey: MAILCHIMP_STAND_IN_KEY,
        listId: row.listId ?? MAILCHIMP_STAND_IN_LIST,
      };
}

/** Rule 2 for the server: a stand-in answers only while no real key is saved (the sync then uses it). */
export async function usesNewsletterStandIn(prisma: PrismaClient): Promise<boolean> {
  const row = await prisma.newsletterSyncSetting.findUnique({
    where: { id: SETTINGS_ID },
    select: { apiKeyEncrypted: true },
  });
  return !row?.apiKeyEncrypted;
}

const MAILCHIMP_KEY_SHAPE =
  'A Mailchimp API-kulcs végén ott az adatközpont kötőjellel (például …-us21): másold be a kulcsot teljes egészében.';

export async function getNewsletterSyncSettings(
  prisma: PrismaClient,
  setup: NewsletterSyncSetup,
): Promise<TNewsletterSyncSettings> {
  const row = await readSyncSettings(prisma);
  const counts = row
    ? await prisma.newsletterSyncItem.groupBy({
        by: ['status'],
        where: { generation: row.generation },
        _count: { _all: true },
      })
    : [];
  const count = (status: 'pending' | 'sent' | 'failed') =>
    counts.find((entry) => entry.status === status)?._count._all ?? 0;
  const key = openedKey(row, setup.encryptionKey);
  return {
    provider: row?.provider ?? 'none',
    listId: row?.listId ?? null,
    apiKeySet: Boolean(row?.apiKeyEncrypted),
    apiKeyLast4: key ? key.slice(-4) : null,
    canStoreApiKey: setup.encryptionKey !== null,
    usesStandIn: Boolean(row && row.provider !== 'none' && !row.apiKeyEncrypted && setup.standInBase),
    lastRunAt: row?.lastRunAt?.toISOString() ?? null,
    lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
    synced: count('sent'),
    waiting: count('pending'),
    failed: count('failed'),
  };
}

/**
 * Saves the settings (rule 1 for the key, rule 3 for the queue). `apiKey` left out keeps the saved key,
 * null removes it, a value replaces it. A Mailchimp key must name its data center.
 */
export async function updateNewsletterSyncSettings(
  prisma: PrismaClient,
  setup: NewsletterSyncSetup,
  input: TNewsletterSyncSettingsInput,
): Promise<TNewsletterSyncSettings> {
  const { provider, listId, apiKey } = input;
  if (typeof apiKey === 'string' && !setup.encryptionKey) {
    throw new DomainError('conflict', SYNC_KEY_ENCRYPTION_MISSING, [
      { path: 'apiKey', message: SYNC_KEY_ENCRYPTION_MISSING },
    ]);
  }
  await prisma.$transaction(async (tx) => {
    const current = await readSyncSettings(tx);
    const keptKey = apiKey === undefined ? openedKey(current, setup.encryptionKey) : apiKey;
    if (provider === 'mailchimp' && typeof keptKey === 'string' && !mailchimpDataCenter(keptKey)) {
      throw new DomainError('invalid_input', MAILCHIMP_KEY_SHAPE, [
        { path: 'apiKey', message: MAILCHIMP_KEY_SHAPE },
      ]);
    }
    if (provider === 'mailchimp' && !listId && (keptKey || !setup.standInBase)) {
      throw new DomainError('invalid_input', LIST_MISSING, [{ path: 'listId', message: LIST_MISSING }]);
    }
    const keyData =
      apiKey === undefined
        ? {}
        : { apiKeyEncrypted: apiKey && setup.encryptionKey ? seal(setup.encryptionKey, apiKey) : null };
    const targetChanged =
      !current ||
      current.provider !== provider ||
      (current.listId ?? null) !== listId ||
      (apiKey !== undefined && apiKey !== openedKey(current, setup.encryptionKey));
    const generation = (current?.generation ?? 0) + (targetChanged ? 1 : 0);
    const data = {
      provider,
      listId,
      ...keyData,
      generation,
      ...(targetChanged ? { lastError: null } : {}),
    };
    await tx.newsletterSyncSetting.upsert({
      where: { id: SETTINGS_ID },
      create: { id: SETTINGS_ID, ...data },
      update: data,
      select: { id: true },
    });
    // Every address the queue knows goes again to the new target, an unsubscribe not yet delivered (a
    // refused key, a week on "none") included: dropping those rows would leave the provider mailing
    // people who withdrew. The next run brings each row's wish up to the list before sending.
    if (targetChanged) {
      await tx.newsletterSyncItem.updateMany({
        where: { generation: { not: generation } },
        data: {
          generation,
          status: 'pending',
          version: { increment: 1 },
          attempts: 0,
          nextAttemptAt: new Date(),
          lastError: null,
          sentWanted: null,
        },
      });
    }
  });
  return getNewsletterSyncSettings(prisma, setup);
}
