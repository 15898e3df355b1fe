import type { Database, PrismaClient } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_VERSION } from '../src/schemas';
import { sendNewsletter } from '../src/services/newsletter/marketing-mail';

const SHOP = 'https://bolt.example.hu';

let db: Database;
let counter = 0;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.close());

async function confirmedSubscribers(count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, () => `folytatas-${++counter}-${Date.now()}@example.hu`);
  const now = new Date();
  await db.prisma.newsletterSubscription.createMany({
    data: emails.map((email) => ({
      email,
      status: 'confirmed' as const,
      source: 'footer' as const,
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      requestedAt: now,
      confirmedAt: now,
    })),
  });
  return emails;
}

/** The client whose `failAt`-th transaction fails before it starts: a send cut off between two chunks. */
function failingAtTransaction(failAt: number): PrismaClient {
  let transactions = 0;
  return new Proxy(db.prisma, {
    get(target, property, receiver) {
      if (property !== '$transaction') return Reflect.get(target, property, receiver);
      return (...args: Parameters<PrismaClient['$transaction']>) => {
        transactions += 1;
        if (transactions === failAt) return Promise.reject(new Error('A kapcsolat megszakadt.'));
        return (target.$transaction as (...a: typeof args) => unknown)(...args);
      };
    },
  });
}

async function newsletterRecipients(subject: string): Promise<string[]> {
  const rows = await db.prisma.emailOutbox.findMany({ where: { subject }, select: { to: true } });
  return rows.map((row) => row.to).sort();
}

describe('a newsletter send cut off between chunks', () => {
  it('is finished by sending it again, and nobody gets it twice', async () => {
    const added = await confirmedSubscribers(5);
    const all = await db.prisma.newsletterSubscription.count({ where: { status: 'confirmed' } });
    const newsletter = { subject: 'Folytatott küldés', bodyHtml: '<p>Téli akció</p>' };

    await expect(sendNewsletter(failingAtTransaction(2), newsletter, SHOP, 2)).rejects.toThrow(
      'A kapcsolat megszakadt.',
    );
    const firstChunk = await newsletterRecipients(newsletter.subject);
    expect(firstChunk).toHaveLength(2);

    const { queued } = await sendNewsletter(db.prisma, newsletter, SHOP, 2);
    expect(queued).toBe(all - 2);
    const recipients = await newsletterRecipients(newsletter.subject);
    expect(recipients).toHaveLength(all);
    expect(new Set(recipients).size).toBe(all);
    for (const email of added) expect(recipients).toContain(email);

    // Sent a third time, it finds everyone served.
    expect(await sendNewsletter(db.prisma, newsletter, SHOP, 2)).toEqual({ queued: 0 });
    expect(await newsletterRecipients(newsletter.subject)).toHaveLength(all);
  });

  it('tells newsletters apart by subject and body: another one goes to everyone', async () => {
    await confirmedSubscribers(3);
    const all = await db.prisma.newsletterSubscription.count({ where: { status: 'confirmed' } });
    const send = (subject: string, bodyHtml: string) =>
      sendNewsletter(db.prisma, { subject, bodyHtml }, SHOP, 2);
    expect(await send('Hírlevél', '<p>Első</p>')).toEqual({ queued: all });
    expect(await send('Hírlevél', '<p>Második</p>')).toEqual({ queued: all });
    // A body that only starts like an earlier one is another newsletter too, even after a rule of its own.
    expect(await send('Hírlevél', '<p>Első</p><p>És még valami</p>')).toEqual({ queued: all });
    expect(await send('Hírlevél', '<p>Első</p><hr><p>Utóirat</p>')).toEqual({ queued: all });
    expect(await send('Másik tárgy', '<p>Első</p>')).toEqual({ queued: all });
    expect(await send('Hírlevél', '<p>Első</p>')).toEqual({ queued: 0 });
  });

  it('sends again the copies that never left, once the mail server works', async () => {
    await confirmedSubscribers(2);
    const all = await db.prisma.newsletterSubscription.count({ where: { status: 'confirmed' } });
    const newsletter = { subject: 'Elakadt küldés', bodyHtml: '<p>Karácsonyi akció</p>' };
    expect(await sendNewsletter(db.prisma, newsletter, SHOP, 2)).toEqual({ queued: all });
    // The SMTP server refused every copy for good.
    await db.prisma.emailOutbox.updateMany({
      where: { subject: newsletter.subject },
      data: { status: 'failed' },
    });
    expect(await sendNewsletter(db.prisma, newsletter, SHOP, 2)).toEqual({ queued: all });
  });
});
