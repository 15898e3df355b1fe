import { createServer } from 'node:net';
import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueTemplatedEmail } from '../src/services/email/outbox';
import {
  backoffMs,
  MAX_ATTEMPTS,
  OUTBOX_RETENTION_MS,
  runOutboxOnce,
  startOutboxWorker,
} from '../src/services/email/outbox-worker';
import { enqueuePasswordResetEmail, REDACTED_RESET_BODY } from '../src/services/email/password-reset-mail';
import { hashToken } from '../src/services/session';
import { type SmtpSink, startSmtpSink } from '../src/testing';
import { resetTokenIn } from './account-fixtures';
import { createBuiltInEmailTemplates, saveSmtpSettings } from './email-fixtures';
import { createUser } from './factories';

let db: Database;
let sink: SmtpSink;

beforeAll(async () => {
  db = await createTestDatabase();
  await createBuiltInEmailTemplates(db.prisma);
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
  await db?.close();
});
beforeEach(async () => {
  await db.prisma.emailOutbox.deleteMany();
  sink.clear();
  await saveSmtpSettings(db.prisma, { host: sink.host, port: sink.port });
});

const PUBLIC_URL = 'https://bolt.example.hu';

function queueMail(to: string, marker = 'abc123') {
  return enqueueTemplatedEmail(db.prisma, {
    templateKey: 'registration',
    to,
    variables: { firstName: 'Anna', shopUrl: `${PUBLIC_URL}/${marker}` },
  });
}

/** A port nobody listens on: bound once to learn a free number, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('Nem sikerült szabad portot találni.');
  return address.port;
}

const outboxRow = (id: number) => db.prisma.emailOutbox.findUniqueOrThrow({ where: { id } });

describe('outbox delivery', () => {
  it('delivers a queued message over SMTP with the shop as sender and its values in both parts', async () => {
    const queued = await queueMail('anna@example.hu');

    expect(await runOutboxOnce(db.prisma)).toEqual({ sent: 1, failed: 0 });

    const message = await sink.waitForMessage((mail) => mail.to.includes('anna@example.hu'));
    expect(message).toMatchObject({
      fromName: 'Teszt Bolt',
      fromAddress: 'bolt@example.hu',
      to: ['anna@example.hu'],
      subject: 'Értesítés (registration)',
    });
    expect(message.from).toBe('"Teszt Bolt" <bolt@example.hu>');
    expect(message.html).toContain('shopUrl: https://bolt.example.hu/abc123');
    expect(message.text).toContain('shopUrl: https://bolt.example.hu/abc123');

    const row = await outboxRow(queued.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // A sent message is kept, and never sent again.
    expect(await runOutboxOnce(db.prisma)).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages).toHaveLength(1);
  });

  it('writes a fresh reset link into the message at send time and never stores it', async () => {
    const user = await createUser(db.prisma);
    await enqueuePasswordResetEmail(db.prisma, user.email);
    const queued = await db.prisma.emailOutbox.findFirstOrThrow({ where: { to: user.email } });
    expect(queued).toMatchObject({ templateKey: 'password_reset', text: REDACTED_RESET_BODY });
    expect(await db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);

    expect(await runOutboxOnce(db.prisma, { publicUrl: PUBLIC_URL })).toEqual({ sent: 1, failed: 0 });
    const mail = await sink.waitForMessage((message) => message.to.includes(user.email));
    const token = resetTokenIn(mail.html);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/newpassword/${token}"`);
    expect(mail.text).toContain(`${PUBLIC_URL}/newpassword/${token}`);
    expect(mail.subject).toBe('Új jelszó beállítása');
    const stored = await db.prisma.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).toBe(hashToken(token));

    const row = await outboxRow(queued.id);
    expect(row).toMatchObject({ status: 'sent', subject: 'Új jelszó beállítása', text: REDACTED_RESET_BODY });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('sends nothing, and keeps nothing, for a reset queued to an address without an account', async () => {
    await enqueuePasswordResetEmail(db.prisma, 'senki@example.hu');
    expect(await runOutboxOnce(db.prisma, { publicUrl: PUBLIC_URL })).toEqual({ sent: 0, failed: 0 });
    expect(await db.prisma.emailOutbox.count({ where: { to: 'senki@example.hu' } })).toBe(0);
    expect(sink.messages).toHaveLength(0);
  });

  it('drops the token of a reset message that could not be handed over', async () => {
    await saveSmtpSettings(db.prisma, { host: '127.0.0.1', port: await closedPort() });
    const user = await createUser(db.prisma);
    await enqueuePasswordResetEmail(db.prisma, user.email);
    expect(await runOutboxOnce(db.prisma, { publicUrl: PUBLIC_URL })).toEqual({ sent: 0, failed: 1 });
    expect(await db.prisma.passwordResetToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses to queue a reset message through the generic path, where a link would be stored', async () => {
    await expect(
      enqueueTemplatedEmail(db.prisma, {
        templateKey: 'password_reset',
        to: 'anna@example.hu',
        variables: { resetLink: `${PUBLIC_URL}/newpassword/elo-token` },
      }),
    ).rejects.toThrow(/küldéskor/);
    expect(await db.prisma.emailOutbox.count()).toBe(0);
  });

  it('deletes sent and failed messages after the retention period, and nothing younger or pending', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const old = new Date(now.getTime() - OUTBOX_RETENTION_MS - 60_000);
    const recent = new Date(now.getTime() - OUTBOX_RETENTION_MS + 60_000);
    const base = { to: 'regi@example.hu', subject: 'Régi', html: '<p>régi</p>' };
    const oldSent = await db.prisma.emailOutbox.create({
      data: { ...base, status: 'sent', sentAt: old, createdAt: old },
    });
    const oldFailed = await db.prisma.emailOutbox.create({
      data: { ...base, status: 'failed', createdAt: old },
    });
    const recentSent = await db.prisma.emailOutbox.create({
      data: { ...base, status: 'sent', sentAt: recent, createdAt: old },
    });
    const oldPending = await db.prisma.emailOutbox.create({
      data: { ...base, createdAt: old, nextAttemptAt: new Date(now.getTime() + 60_000) },
    });

    await runOutboxOnce(db.prisma, { now: () => now });

    const left = (await db.prisma.emailOutbox.findMany({ select: { id: true } })).map((row) => row.id);
    expect(left).not.toContain(oldSent.id);
    expect(left).not.toContain(oldFailed.id);
    expect(left).toEqual(expect.arrayContaining([recentSent.id, oldPending.id]));
  });

  it('keeps messages pending and untried while no SMTP host is set (the demo)', async () => {
    await saveSmtpSettings(db.prisma, { host: null });
    const queued = await queueMail('demo@example.hu');

    expect(await runOutboxOnce(db.prisma)).toEqual({ sent: 0, failed: 0 });

    expect(await outboxRow(queued.id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect(sink.messages).toHaveLength(0);
  });

  it('retries with back-off while the SMTP server is down, then delivers once it is up', async () => {
    const port = await closedPort();
    await saveSmtpSettings(db.prisma, { host: '127.0.0.1', port });
    const queued = await queueMail('ujra@example.hu', 'tok-retry');

    const firstTry = new Date('2030-01-01T10:00:00.000Z');
    expect(await runOutboxOnce(db.prisma, { now: () => firstTry })).toEqual({ sent: 0, failed: 1 });
    let row = await outboxRow(queued.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.lastError?.length).toBeLessThanOrEqual(500);
    expect(row.nextAttemptAt.toISOString()).toBe('2030-01-01T10:01:00.000Z');

    // Not yet due: nothing is tried.
    const early = new Date('2030-01-01T10:00:30.000Z');
    expect(await runOutboxOnce(db.prisma, { now: () => early })).toEqual({ sent: 0, failed: 0 });
    expect((await outboxRow(queued.id)).attempts).toBe(1);

    const secondTry = new Date('2030-01-01T10:01:00.000Z');
    expect(await runOutboxOnce(db.prisma, { now: () => secondTry })).toEqual({ sent: 0, failed: 1 });
    row = await outboxRow(queued.id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.toISOString()).toBe('2030-01-01T10:03:00.000Z');

    // The server comes up on that very port.
    const revived = await startSmtpSink({ port });
    try {
      const thirdTry = new Date('2030-01-01T10:03:00.000Z');
      expect(await runOutboxOnce(db.prisma, { now: () => thirdTry })).toEqual({ sent: 1, failed: 0 });
      const message = await revived.waitForMessage();
      expect(message.to).toEqual(['ujra@example.hu']);
      expect(message.text).toContain('https://bolt.example.hu/tok-retry');
      expect(await outboxRow(queued.id)).toMatchObject({ status: 'sent', attempts: 3 });
    } finally {
      await revived.close();
    }
  });

  it('doubles the pause up to half an hour, and marks the message failed only after about three days of tries', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((attempt) => backoffMs(attempt) / 60_000)).toEqual([
      1, 2, 4, 8, 16, 30, 30, 30,
    ]);
    await saveSmtpSettings(db.prisma, { host: '127.0.0.1', port: await closedPort() });
    const queued = await queueMail('vegleg@example.hu');
    await db.prisma.emailOutbox.update({ where: { id: queued.id }, data: { attempts: MAX_ATTEMPTS - 1 } });

    expect(await runOutboxOnce(db.prisma)).toEqual({ sent: 0, failed: 1 });
    expect(await outboxRow(queued.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    // A failed message is not tried again by later runs.
    await saveSmtpSettings(db.prisma, { host: sink.host, port: sink.port });
    expect(await runOutboxOnce(db.prisma)).toEqual({ sent: 0, failed: 0 });
    expect(sink.messages).toHaveLength(0);
  });

  it('keeps mail queued through a day-long SMTP outage, at most half an hour apart, and sends it when SMTP is back', async () => {
    const port = await closedPort();
    await saveSmtpSettings(db.prisma, { host: '127.0.0.1', port });
    const queued = await queueMail('kitarto@example.hu', 'tok-outage');

    // The worker runs every 30 seconds; the clock jumps to each due time instead.
    let clock = new Date('2030-01-01T10:00:00.000Z');
    const outageEnds = new Date('2030-01-02T10:00:00.000Z');
    while (clock < outageEnds) {
      expect(await runOutboxOnce(db.prisma, { now: () => clock })).toEqual({ sent: 0, failed: 1 });
      const row = await outboxRow(queued.id);
      expect(row.status).toBe('pending');
      expect(row.nextAttemptAt.getTime() - clock.getTime()).toBeLessThanOrEqual(30 * 60_000);
      clock = row.nextAttemptAt;
    }
    expect((await outboxRow(queued.id)).lastError).toMatch(/ECONNREFUSED/);

    const revived = await startSmtpSink({ port });
    try {
      expect(await runOutboxOnce(db.prisma, { now: () => clock })).toEqual({ sent: 1, failed: 0 });
      expect((await revived.waitForMessage()).text).toContain('https://bolt.example.hu/tok-outage');
      expect(await outboxRow(queued.id)).toMatchObject({ status: 'sent' });
    } finally {
      await revived.close();
    }
  });

  it('retries a 4xx answer, and gives up at once on a 5xx refusal of the recipient', async () => {
    const refusing = await startSmtpSink({
      refuseRecipient: (address) =>
        address.startsWith('nincs')
          ? { responseCode: 550, message: 'No such user' }
          : address.startsWith('tele')
            ? { responseCode: 452, message: 'Mailbox full, try later' }
            : null,
    });
    try {
      await saveSmtpSettings(db.prisma, { host: refusing.host, port: refusing.port });
      const unknown = await queueMail('nincs@example.hu');
      const full = await queueMail('tele@example.hu');

      expect(await runOutboxOnce(db.prisma)).toEqual({ sent: 0, failed: 2 });

      const refused = await outboxRow(unknown.id);
      expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
      expect(refused.lastError).toMatch(/550/);
      expect(await outboxRow(full.id)).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await refusing.close();
    }
  });

  it('never sends a message twice when runs of several servers overlap', async () => {
    const recipients = Array.from({ length: 25 }, (_, index) => `vevo${index}@example.hu`);
    for (const to of recipients) await queueMail(to);

    const results = await Promise.all([
      runOutboxOnce(db.prisma, { batchSize: 3 }),
      runOutboxOnce(db.prisma, { batchSize: 3 }),
      runOutboxOnce(db.prisma, { batchSize: 4 }),
    ]);

    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(recipients.length);
    const delivered = sink.messages.flatMap((message) => message.to).sort();
    expect(delivered).toEqual([...recipients].sort());
    expect(await db.prisma.emailOutbox.count({ where: { status: 'sent', attempts: 1 } })).toBe(
      recipients.length,
    );
  });
});

describe('startOutboxWorker', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('sends on its own right after start, and runOnce delivers later messages on demand', async () => {
    const first = await queueMail('elso@example.hu');
    const worker = startOutboxWorker({ prisma: db.prisma, intervalMs: 60_000, publicUrl: PUBLIC_URL });
    stop = worker.stop;

    await sink.waitForMessage((mail) => mail.to.includes('elso@example.hu'));
    await expect.poll(async () => (await outboxRow(first.id)).status).toBe('sent');

    await queueMail('masodik@example.hu');
    const [a, b] = await Promise.all([worker.runOnce(), worker.runOnce()]);
    expect(a.sent + b.sent).toBe(1);
    expect(sink.messages.map((message) => message.to[0])).toEqual(['elso@example.hu', 'masodik@example.hu']);
  });

  it('stops: no run after stop() resolves', async () => {
    const worker = startOutboxWorker({ prisma: db.prisma, intervalMs: 10, publicUrl: PUBLIC_URL });
    await worker.runOnce();
    await worker.stop();
    await queueMail('leallitva@example.hu');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.messages).toHaveLength(0);
  });
});
