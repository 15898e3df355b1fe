import { createHash } from 'node:crypto';

/**
 * The two providers' HTTP APIs as the newsletter sync uses them: one call per address, each an upsert,
 * so sending the same change twice leaves the provider as once.
 *
 * - MailerLite (connect.mailerlite.com): `POST /api/subscribers` with `Authorization: Bearer <token>`
 *   and `{ email, status: "active" | "unsubscribed", groups? }` creates or updates the subscriber.
 * - Mailchimp Marketing API v3 (https://<dc>.api.mailchimp.com, the data center is the key's ending
 *   such as `-us21`): `PUT /3.0/lists/{list_id}/members/{MD5 of the lower-cased address}` with HTTP
 *   Basic auth (any user name, the key as password) and `{ email_address, status_if_new, status }`.
 *
 * A refusal becomes a NewsletterSyncError in Hungarian: `retryable` for network failures, 429 and 5xx;
 * `account` when the key or the list is wrong, so the run stops instead of sending every address into
 * the same refusal.
 */

export type SyncProvider = 'mailerlite' | 'mailchimp';
export type SyncWanted = 'subscribed' | 'unsubscribed';

export const PROVIDER_NAMES: Record<SyncProvider, string> = {
  mailerlite: 'MailerLite',
  mailchimp: 'Mailchimp',
};

export const MAILERLITE_API_URL = 'https://connect.mailerlite.com';
export const mailchimpApiUrl = (dataCenter: string): string => `https://${dataCenter}.api.mailchimp.com`;

const REQUEST_TIMEOUT_MS = 15_000;

export class NewsletterSyncError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly account = false,
  ) {
    super(message);
    this.name = 'NewsletterSyncError';
  }
}

/** The data center a Mailchimp key names at its end (`…-us21` → `us21`); null when it names none. */
export function mailchimpDataCenter(apiKey: string): string | null {
  return /-([a-z]{2,4}[0-9]{1,3})$/.exec(apiKey.trim())?.[1] ?? null;
}

/** Mailchimp's member id: the MD5 of the lower-cased address. */
export const subscriberHash = (email: string): string =>
  createHash('md5').update(email.trim().toLowerCase()).digest('hex');

export type SyncTarget = {
  provider: SyncProvider;
  /** The API's base without a trailing slash: the provider's, or a stand-in speaking its API. */
  baseUrl: string;
  apiKey: string;
  /** Mailchimp: the audience id (required). MailerLite: the group id, or null for none. */
  listId: string | null;
};

/** What the provider said, in its own words: MailerLite `message`, Mailchimp `title: detail`. */
function providerMessage(text: string): string {
  try {
    const parsed = JSON.parse(text) as {
      message?: unknown;
      title?: unknown;
      detail?: unknown;
      errors?: unknown;
    };
    if (typeof parsed.title === 'string')
      return typeof parsed.detail === 'string' ? `${parsed.title}: ${parsed.detail}` : parsed.title;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the start of the answer is the message.
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

function refusal(target: SyncTarget, status: number, text: string): NewsletterSyncError {
  const name = PROVIDER_NAMES[target.provider];
  const said = providerMessage(text);
  const quoted = said ? ` (${said})` : '';
  if (status === 401 || status === 403)
    return new NewsletterSyncError(
      `A ${name} nem fogadta el az API-kulcsot (HTTP ${status})${quoted}. Ellenőrizd a kulcsot, és mentsd újra.`,
      false,
      true,
    );
  if (status === 404 && target.provider === 'mailchimp')
    return new NewsletterSyncError(
      `A Mailchimp nem találja a megadott listát (Audience ID: ${target.listId ?? '–'})${quoted}. Ellenőrizd a lista azonosítóját.`,
      false,
      true,
    );
  if (status === 429 || status >= 500)
    return new NewsletterSyncError(
      `A ${name} átmenetileg nem fogadta a kérést (HTTP ${status})${quoted}; később újra próbáljuk.`,
      true,
    );
  if (status === 422 && target.provider === 'mailerlite' && /group/i.test(text))
    return new NewsletterSyncError(
      `A MailerLite nem találja a megadott csoportot (${target.listId ?? '–'})${quoted}. Ellenőrizd a csoport azonosítóját.`,
      false,
      true,
    );
  return new NewsletterSyncError(`A ${name} elutasította a címet (HTTP ${status})${quoted}.`, false);
}

function requestFor(
  target: SyncTarget,
  email: string,
  wanted: SyncWanted,
): { url: string; init: RequestInit } {
  if (target.provider === 'mailerlite') {
    return {
      url: `${target.baseUrl}/api/subscribers`,
      init: {
        method: 'POST',
        headers: {
          authorization: `Bearer ${target.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          email,
          status: wanted === 'subscribed' ? 'active' : 'unsubscribed',
          // Only a subscribe joins the group: an unsubscribe changes the status alone.
          ...(wanted === 'subscribed' && target.listId ? { groups: [target.listId] } : {}),
        }),
      },
    };
  }
  const credentials = Buffer.from(`shop:${target.apiKey}`).toString('base64');
  return {
    url: `${target.baseUrl}/3.0/lists/${encodeURIComponent(target.listId ?? '')}/members/${subscriberHash(email)}`,
    init: {
      method: 'PUT',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ email_address: email, status_if_new: wanted, status: wanted }),
    },
  };
}

/** The technical reason of a failed request, for the admin to pass on: the system's code when there is one. */
function networkDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === 'string'
    ? cause.code
    : error.name === 'TimeoutError'
      ? 'timeout'
      : error.message;
}

/** Tells the provider one address's state; resolves when it accepted it, else throws NewsletterSyncError. */
export async function pushMember(
  target: SyncTarget,
  email: string,
  wanted: SyncWanted,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const { url, init } = requestFor(target, email, wanted);
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new NewsletterSyncError(
      `A ${PROVIDER_NAMES[target.provider]} nem érhető el (hálózati hiba vagy időtúllépés: ${networkDetail(error)}); később újra próbáljuk.`,
      true,
    );
  }
  const text = await response.text().catch(() => '');
  if (response.ok) return;
  throw refusal(target, response.status, text);
}
