import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAILERLITE_STAND_IN_TOKEN } from '../../services/newsletter/sync-settings';
import { normalizeBasePath, type StandInHandler } from '../serve';
import {
  BodyTooLarge,
  escapeForPattern,
  type FailureSwitch,
  looksLikeEmail,
  readBody,
  sendJson,
} from './http';

/**
 * A stand-in for MailerLite's API (connect.mailerlite.com/api), for tests and the demo. It speaks the
 * paths, auth and JSON the shop uses: `POST /api/subscribers` creates or updates a subscriber by e-mail
 * (201 when created, 200 when updated, `{ data: subscriber }`), `GET /api/subscribers/{id or e-mail}`
 * reads one. It checks what the real API refuses: no or an unknown Bearer token (401
 * `{ message: "Unauthenticated." }`), a missing or malformed e-mail, an unknown status or group (422
 * `{ message, errors: { field: [..] } }`). Like the real upsert, fields left out are left as they were and
 * groups given are added to. The subscribers live in memory and are not readable over HTTP: the list
 * names real people's addresses in the demo.
 */

export const MAILERLITE_STATUSES = ['active', 'unsubscribed', 'unconfirmed', 'bounced', 'junk'] as const;
export type MailerLiteStatus = (typeof MAILERLITE_STATUSES)[number];

export type MailerLiteSubscriber = {
  id: string;
  email: string;
  status: MailerLiteStatus;
  groups: string[];
  subscribedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type MailerLiteStandIn = StandInHandler & {
  /** The subscribers by lower-cased e-mail, copies. */
  subscribers(): Map<string, MailerLiteSubscriber>;
  /** How many upserts were accepted (tests of "sent once"). */
  upserts(): number;
  /** Answer the next `count` requests with HTTP `status` (tests of retries). */
  failNext(count: number, status: number): void;
};

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** MailerLite writes times as `2022-05-12 09:29:10` (UTC). */
const mailerLiteTime = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ');

const invalid = (field: string, message: string) => new ApiError(422, message, { [field]: [message] });

export function createMailerLiteStandIn(
  options: {
    basePath?: string;
    tokens?: string[];
    /** The account's group ids; left out: any numeric id is taken as an existing group. */
    groups?: string[];
  } = {},
): MailerLiteStandIn {
  const base = normalizeBasePath(options.basePath);
  const tokens = new Set(options.tokens ?? [MAILERLITE_STAND_IN_TOKEN]);
  const groupExists = (id: string) =>
    options.groups ? options.groups.includes(id) : /^[0-9]{1,20}$/.test(id);
  const members = new Map<string, MailerLiteSubscriber>();
  let nextId = 98_000_000_000_000_001n;
  let accepted = 0;
  let failures: FailureSwitch = { count: 0, status: 500 };
  const subscribersPath = new RegExp(`^${escapeForPattern(base)}/api/subscribers/?$`);
  const subscriberPath = new RegExp(`^${escapeForPattern(base)}/api/subscribers/([^/]+)$`);

  function authenticate(req: IncomingMessage): void {
    const match = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization ?? '').trim());
    if (!match?.[1] || !tokens.has(match[1])) throw new ApiError(401, 'Unauthenticated.');
  }

  function upsert(body: Record<string, unknown>): { created: boolean; subscriber: MailerLiteSubscriber } {
    const email = body.email;
    if (email === undefined || email === null || email === '')
      throw invalid('email', 'The email field is required.');
    if (typeof email !== 'string' || !looksLikeEmail(email.trim()))
      throw invalid('email', 'The email must be a valid email address.');
    const status = body.status;
    if (status !== undefined && !MAILERLITE_STATUSES.includes(status as MailerLiteStatus))
      throw invalid('status', 'The selected status is invalid.');
    const groups = body.groups ?? [];
    if (!Array.isArray(groups)) throw invalid('groups', 'The groups must be an array.');
    groups.forEach((group, index) => {
      if (typeof group !== 'string' || !groupExists(group))
        throw invalid(`groups.${index}`, `The selected groups.${index} is invalid.`);
    });
    const key = email.trim().toLowerCase();
    const now = mailerLiteTime(new Date());
    const existing = members.get(key);
    const nextStatus = (status as MailerLiteStatus | undefined) ?? existing?.status ?? 'active';
    const subscriber: MailerLiteSubscriber = {
      id: existing?.id ?? String(nextId++),
      email: key,
      status: nextStatus,
      groups: [...new Set([...(existing?.groups ?? []), ...(groups as string[])])],
      subscribedAt:
        nextStatus === 'active' && existing?.status !== 'active' ? now : (existing?.subscribedAt ?? null),
      unsubscribedAt:
        nextStatus === 'unsubscribed' && existing?.status !== 'unsubscribed'
          ? now
          : (existing?.unsubscribedAt ?? null),
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    members.set(key, subscriber);
    accepted++;
    return { created: !existing, subscriber };
  }

  const wire = (subscriber: MailerLiteSubscriber) => ({
    id: subscriber.id,
    email: subscriber.email,
    status: subscriber.status,
    source: 'api',
    sent: 0,
    opens_count: 0,
    clicks_count: 0,
    open_rate: 0,
    click_rate: 0,
    ip_address: null,
    subscribed_at: subscriber.subscribedAt,
    unsubscribed_at: subscriber.unsubscribedAt,
    created_at: subscriber.createdAt,
    updated_at: subscriber.updatedAt,
    fields: {},
    groups: subscriber.groups.map((id) => ({ id, name: `Csoport ${id}` })),
    opted_in_at: null,
    optin_ip: null,
  });

  async function answer(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const single = subscriberPath.exec(path);
    if (!subscribersPath.test(path) && !single) return false;
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      await readBody(req).catch(() => '');
      throw new ApiError(failures.status, failures.status === 429 ? 'Too Many Attempts.' : 'Server Error');
    }
    authenticate(req);
    // The shop never reads a subscriber back, and the demo's token is no secret: answering a lookup here
    // would tell anyone whether an address is on a demo shop's list.
    if (single) throw new ApiError(405, 'The method is not supported for this route.');
    if (req.method !== 'POST') throw new ApiError(405, 'The method is not supported for this route.');
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof BodyTooLarge) throw new ApiError(413, 'Request Entity Too Large');
      body = null;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw invalid('email', 'The email field is required.');
    const { created, subscriber } = upsert(body as Record<string, unknown>);
    sendJson(res, created ? 201 : 200, { data: wire(subscriber) });
    return true;
  }

  return {
    async handle(req, res) {
      const path = (req.url ?? '').split('?')[0] ?? '';
      try {
        return await answer(req, res, path);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        sendJson(
          res,
          error.status,
          error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
        );
        return true;
      }
    },
    subscribers: () =>
      new Map([...members].map(([key, value]) => [key, { ...value, groups: [...value.groups] }])),
    upserts: () => accepted,
    failNext(count, status) {
      failures = { count, status };
    },
  };
}
