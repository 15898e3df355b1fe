import { Prisma, type PrismaClient } from '@shop/db';
import { createTransport } from 'nodemailer';
import { marketingMailStillWanted } from '../newsletter/send-gate';
import { claimDueRows, doublingBackoffMs } from '../queue-claim';
import { LINK_EMAIL_TTL_MS, type PreparedResetEmail, preparePasswordResetEmail } from './password-reset-mail';
import { redactSecretLinks } from './secret-links';
import { loadSmtpSettings, type SmtpSettings } from './settings';

/** The subset of pino (Fastify's logger) and console the worker writes to. */
export type OutboxLogger = {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
};

export type OutboxRunResult = { sent: number; failed: number };

export type OutboxRunOptions = {
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
  batchSize?: number;
  logger?: OutboxLogger;
  /** The shop's public base URL, for the links a message gets only at send time (password resets). */
  publicUrl?: string;
};

/**
 * A temporary failure (SMTP down, a timeout, a 4xx answer) keeps the message queued, tried again
 * at most every half hour, so mail queued during an outage goes out soon after SMTP is back. Only
 * after about three days of such failures (this many attempts) is it given up; the admin can still
 * send it again from the outbox.
 */
const MAX_BACKOFF_MS = 30 * 60_000;
export const RETRY_FOR_MS = 3 * 24 * 60 * 60_000;
export const MAX_ATTEMPTS = attemptsWithin(RETRY_FOR_MS);
/**
 * How long a claimed message stays invisible to other servers. Longer than the worst case of a
 * whole batch (timeouts below × batch size), so a message is only claimed again when its server
 * died mid-send; delivery is therefore at least once, never lost.
 */
const CLAIM_LEASE_MS = 15 * 60_000;
const DEFAULT_BATCH_SIZE = 10;
/** A run drains a backlog batch by batch, but yields to the next tick eventually. */
const MAX_BATCHES_PER_RUN = 20;
const LAST_ERROR_MAX_LENGTH = 500;

/**
 * Retention: a message sent (or given up on) this long ago is deleted by the worker. The outbox
 * is a delivery queue and a short log for the admin, not an archive of what customers were told,
 * and every row holds an address and often a name.
 */
export const OUTBOX_RETENTION_MS = 90 * 24 * 60 * 60_000;

/** Deletes the sent and failed messages older than the retention period. */
export async function purgeExpiredOutbox(prisma: PrismaClient, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - OUTBOX_RETENTION_MS);
  const { count } = await prisma.emailOutbox.deleteMany({
    where: {
      OR: [
        { status: 'sent', sentAt: { lt: before } },
        { status: 'failed', createdAt: { lt: before } },
      ],
    },
  });
  return count;
}

/** The extra headers a row carries (a marketing e-mail's List-Unsubscribe), as nodemailer takes them. */
function outboxHeaders(stored: Prisma.JsonValue): Record<string, string> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** 1, 2, 4 … minutes after the 1st, 2nd, 3rd … failure, at most half an hour. */
export function backoffMs(attempts: number): number {
  return doublingBackoffMs(attempts, MAX_BACKOFF_MS);
}

/** How many attempts the back-off spreads over `periodMs`. */
function attemptsWithin(periodMs: number): number {
  let attempts = 0;
  for (let waited = 0; waited < periodMs; waited += backoffMs(attempts)) attempts++;
  return attempts;
}

/**
 * The SMTP server refused the message itself for good (a 5xx answer to its sender, recipient or
 * content): trying again gives the same answer. A refused login (535) is the shop's setup, which an
 * admin fixes, so it is temporary like a connection failure, a timeout or a 4xx answer.
 */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

const silentLogger: OutboxLogger = { info() {}, warn() {}, error() {} };

function shortError(error: unknown): string {
  const base = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const message = typeof code === 'string' && !base.includes(code) ? `${code}: ${base}` : base;
  return message.replace(/\s+/g, ' ').trim().slice(0, LAST_ERROR_MAX_LENGTH) || 'Ismeretlen hiba';
}

function createSmtpTransport(settings: SmtpSettings) {
  return createTransport({
    pool: true,
    maxConnections: 1,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/**
 * Delivers the due messages once. With no SMTP host configured it does nothing: the messages stay
 * pending, their attempts untouched, and the admin reads them in the outbox (the demo).
 */
export async function runOutboxOnce(
  prisma: PrismaClient,
  {
    now = () => new Date(),
    batchSize = DEFAULT_BATCH_SIZE,
    logger = silentLogger,
    publicUrl,
  }: OutboxRunOptions = {},
): Promise<OutboxRunResult> {
  const purged = await purgeExpiredOutbox(prisma, now());
  if (purged) logger.info({ purged }, 'e-mail outbox retention');
  const settings = await loadSmtpSettings(prisma);
  const result: OutboxRunResult = { sent: 0, failed: 0 };
  if (!settings) return result;

  let transport: ReturnType<typeof createSmtpTransport> | undefined;
  try {
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const ids = await claimDueRows(prisma, 'EmailOutbox', {
        now: now(),
        leaseMs: CLAIM_LEASE_MS,
        batchSize,
      });
      if (ids.length === 0) break;
      const messages = await prisma.emailOutbox.findMany({
        where: { id: { in: ids } },
        orderBy: { id: 'asc' },
        select: {
          id: true,
          to: true,
          subject: true,
          html: true,
          text: true,
          attempts: true,
          templateKey: true,
          headers: true,
        },
      });
      transport ??= createSmtpTransport(settings);
      for (const message of messages) {
        const attempts = message.attempts + 1;
        let reset: PreparedResetEmail | null = null;
        try {
          if (!(await marketingMailStillWanted(prisma, message.headers))) {
            // Unsubscribed since it was queued: the withdrawal counts at once, and the unsent copy of a
            // newsletter is no record worth an address.
            await prisma.emailOutbox.deleteMany({ where: { id: message.id, status: 'pending' } });
            continue;
          }
          if (message.templateKey !== null && message.templateKey in LINK_EMAIL_TTL_MS) {
            if (!publicUrl) throw new Error('A jelszóbeállító link nem készíthető el: hiányzik a bolt címe.');
            reset = await preparePasswordResetEmail(prisma, message.to, {
              publicUrl,
              now: now(),
              templateKey: message.templateKey,
            });
            if (!reset) {
              // No live account has the address: nothing to send, and no stranger's address to keep.
              await prisma.emailOutbox.deleteMany({ where: { id: message.id, status: 'pending' } });
              continue;
            }
          }
          const body = reset ?? message;
          await transport.sendMail({
            from: { name: settings.senderName, address: settings.senderEmail },
            to: message.to,
            subject: body.subject,
            html: body.html,
            ...(body.text ? { text: body.text } : {}),
            ...(message.headers ? { headers: outboxHeaders(message.headers) } : {}),
          });
          // A reset message keeps its redacted body: the link it carried exists only in the mailbox;
          // so do the order and quote links of the others, blanked now that the shopper has them.
          await prisma.emailOutbox.updateMany({
            where: { id: message.id, status: 'pending' },
            data: {
              status: 'sent',
              sentAt: now(),
              attempts,
              lastError: null,
              ...(reset
                ? { subject: reset.subject }
                : {
                    html: redactSecretLinks(message.html),
                    text: message.text === null ? null : redactSecretLinks(message.text),
                    // The unsubscribe link in them is the subscriber's now, like the body's.
                    headers: Prisma.DbNull,
                  }),
            },
          });
          result.sent++;
        } catch (error) {
          await reset?.discard();
          const lastError = shortError(error);
          const givesUp = isPermanentSmtpFailure(error) || attempts >= MAX_ATTEMPTS;
          await prisma.emailOutbox.updateMany({
            where: { id: message.id, status: 'pending' },
            data: givesUp
              ? { status: 'failed', attempts, lastError }
              : { attempts, lastError, nextAttemptAt: new Date(now().getTime() + backoffMs(attempts)) },
          });
          result.failed++;
          logger.warn(
            { outboxId: message.id, attempts, lastError },
            givesUp ? 'e-mail delivery failed for good' : 'e-mail delivery failed, will retry',
          );
        }
      }
      if (ids.length < batchSize) break;
    }
  } finally {
    transport?.close();
  }
  if (result.sent || result.failed) logger.info({ ...result }, 'e-mail outbox run');
  return result;
}

export type OutboxWorkerOptions = {
  prisma: PrismaClient;
  logger?: OutboxLogger;
  /** Pause between runs (default 30 s). The first run starts at once. */
  intervalMs?: number;
  /** The shop's public base URL, for password-reset links. */
  publicUrl: string;
};

export type OutboxWorker = {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
  /** Runs the outbox now (also while the timer is running); runs of one worker never overlap. */
  runOnce(): Promise<OutboxRunResult>;
};

/**
 * Sends outbox messages in the background, one run after another. Safe to start on every server
 * of a shop: the claim keeps them from sending a message twice. A failing run is logged, and the
 * next one comes after the interval as usual.
 */
export function startOutboxWorker({
  prisma,
  logger = silentLogger,
  intervalMs = 30_000,
  publicUrl,
}: OutboxWorkerOptions): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<OutboxRunResult> = Promise.resolve({ sent: 0, failed: 0 });

  const runOnce = (): Promise<OutboxRunResult> => {
    running = running
      .catch(() => ({ sent: 0, failed: 0 }))
      .then(() => runOutboxOnce(prisma, { logger, publicUrl }));
    return running;
  };

  const tick = async () => {
    try {
      await runOnce();
    } catch (error) {
      logger.error({ err: error }, 'e-mail outbox run failed');
    }
    // Unref'd: the worker never keeps a process alive on its own; the server stops it on shutdown.
    if (!stopped) timer = setTimeout(tick, intervalMs).unref();
  };
  timer = setTimeout(tick, 0).unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    },
    runOnce,
  };
}
