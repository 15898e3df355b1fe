import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAILCHIMP_STAND_IN_KEY } from '../../services/newsletter/sync-settings';
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
 * A stand-in for the Mailchimp Marketing API v3 (https://{dc}.api.mailchimp.com/3.0), for tests and the
 * demo: `PUT /3.0/lists/{list_id}/members/{subscriber_hash}` adds or updates a member (the hash is the
 * MD5 of the lower-cased address, `status_if_new` is used for a new member and `status` for an
 * existing one), `GET` the same path reads it, `GET /3.0/ping` answers the health check. Auth is HTTP Basic
 * with any user name and the API key as the password. Errors come as the real API's problem documents
 * (`application/problem+json`: type, title, status, detail, instance): 401 "API Key Missing" / "API Key
 * Invalid", 404 "Resource Not Found" for an unknown list or member, 400 "Invalid Resource" for a body it
 * would refuse. The members live in memory and are not readable over HTTP.
 */

export const MAILCHIMP_MEMBER_STATUSES = [
  'subscribed',
  'unsubscribed',
  'cleaned',
  'pending',
  'transactional',
] as const;
export type MailchimpMemberStatus = (typeof MAILCHIMP_MEMBER_STATUSES)[number];

export type MailchimpMember = {
  listId: string;
  email: string;
  status: MailchimpMemberStatus;
  lastChanged: string;
};

export type MailchimpStandIn = StandInHandler & {
  /** The members by `listId/subscriber_hash`, copies. */
  members(): Map<string, MailchimpMember>;
  /** How many PUTs were accepted (tests of "sent once"). */
  upserts(): number;
  /** Answer the next `count` requests with HTTP `status` (tests of retries). */
  failNext(count: number, status: number): void;
};

const ERROR_DOCS = 'https://mailchimp.com/developer/marketing/docs/errors/';

class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(detail);
  }
}

const md5 = (value: string): string => createHash('md5').update(value).digest('hex');

const invalidResource = (field: string, message: string) =>
  new Problem(
    400,
    'Invalid Resource',
    "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
    [{ field, message }],
  );

/** The password of a Basic header (any user name), or the token of a Bearer one. */
function apiKeyOf(req: IncomingMessage): string | null {
  const header = String(req.headers.authorization ?? '').trim();
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : null;
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  return bearer?.[1] ?? null;
}

export function createMailchimpStandIn(
  options: {
    basePath?: string;
    apiKeys?: string[];
    /** The account's audience ids; left out: any id of 10 letters and digits is taken as one. */
    lists?: string[];
  } = {},
): MailchimpStandIn {
  const base = normalizeBasePath(options.basePath);
  const keys = new Set(options.apiKeys ?? [MAILCHIMP_STAND_IN_KEY]);
  const listExists = (id: string) =>
    options.lists ? options.lists.includes(id) : /^[0-9a-z]{10}$/i.test(id);
  const members = new Map<string, MailchimpMember>();
  let accepted = 0;
  let failures: FailureSwitch = { count: 0, status: 500 };
  const prefix = escapeForPattern(base);
  const memberPath = new RegExp(`^${prefix}/3\\.0/lists/([^/]+)/members/([^/]+)/?$`);
  const pingPath = new RegExp(`^${prefix}/3\\.0/ping/?$`);

  function authenticate(req: IncomingMessage): void {
    const key = apiKeyOf(req);
    if (!key) throw new Problem(401, 'API Key Missing', 'Your request did not include an API key.');
    if (!keys.has(key))
      throw new Problem(
        401,
        'API Key Invalid',
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );
  }

  const wire = (hash: string, member: MailchimpMember) => ({
    id: hash,
    email_address: member.email,
    unique_email_id: hash.slice(0, 10),
    contact_id: hash,
    email_type: 'html',
    status: member.status,
    merge_fields: {},
    list_id: member.listId,
    last_changed: member.lastChanged,
    tags_count: 0,
    tags: [],
  });

  async function upsert(req: IncomingMessage, res: ServerResponse, listId: string, hash: string) {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof BodyTooLarge)
        throw new Problem(413, 'Request Entity Too Large', 'The request body is too large.');
      throw new Problem(400, 'JSON Parse Error', 'We encountered an unspecified JSON parsing error.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw invalidResource('', 'Schema describes object, but the request was not an object.');
    const record = body as Record<string, unknown>;
    const email = record.email_address;
    if (typeof email !== 'string' || !looksLikeEmail(email.trim()))
      throw invalidResource('email_address', 'This value should be a valid email address.');
    if (md5(email.trim().toLowerCase()) !== hash)
      throw new Problem(
        400,
        'Invalid Resource',
        'The email address does not match the subscriber hash in the request URL.',
      );
    for (const field of ['status', 'status_if_new'] as const) {
      const value = record[field];
      if (value !== undefined && !MAILCHIMP_MEMBER_STATUSES.includes(value as MailchimpMemberStatus))
        throw invalidResource(
          field,
          `Value is not one of the allowed values: ${MAILCHIMP_MEMBER_STATUSES.join(', ')}.`,
        );
    }
    const key = `${listId}/${hash}`;
    const existing = members.get(key);
    const status = (
      existing ? (record.status ?? existing.status) : (record.status_if_new ?? record.status)
    ) as MailchimpMemberStatus | undefined;
    if (!status)
      throw invalidResource('status_if_new', 'The status_if_new field is required for a new member.');
    const member: MailchimpMember = {
      listId,
      email: email.trim(),
      status,
      lastChanged: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    };
    members.set(key, member);
    accepted++;
    sendJson(res, 200, wire(hash, member));
  }

  async function answer(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const member = memberPath.exec(path);
    const ping = pingPath.test(path);
    if (!member && !ping) return false;
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      await readBody(req).catch(() => '');
      throw failures.status === 429
        ? new Problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.')
        : new Problem(failures.status, 'Internal Server Error', 'An unexpected internal error has occurred.');
    }
    authenticate(req);
    if (ping) {
      sendJson(res, 200, { health_status: "Everything's Chimpy!" });
      return true;
    }
    const listId = decodeURIComponent(member?.[1] ?? '');
    const hash = decodeURIComponent(member?.[2] ?? '').toLowerCase();
    if (!listExists(listId))
      throw new Problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    if (req.method === 'PUT') {
      await upsert(req, res, listId, hash);
      return true;
    }
    // No GET of a member: the shop never reads one back, and the demo's key is no secret, so answering
    // it would tell anyone whether an address is on a demo shop's list.
    throw new Problem(405, 'Method Not Allowed', 'The requested method and resource are not compatible.');
  }

  return {
    async handle(req, res) {
      const path = (req.url ?? '').split('?')[0] ?? '';
      try {
        return await answer(req, res, path);
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        sendJson(
          res,
          error.status,
          {
            type: ERROR_DOCS,
            title: error.title,
            status: error.status,
            detail: error.detail,
            instance: randomUUID(),
            ...(error.errors ? { errors: error.errors } : {}),
          },
          'application/problem+json',
        );
        return true;
      }
    },
    members: () => new Map([...members].map(([key, value]) => [key, { ...value }])),
    upserts: () => accepted,
    failNext(count, status) {
      failures = { count, status };
    },
  };
}
