import { enqueueMarketingEmail } from '@shop/api';
import { EMAIL_TEMPLATES } from '@shop/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.database.prisma.emailTemplate.createMany({ data: [...EMAIL_TEMPLATES], skipDuplicates: true });
});
afterAll(() => server?.close());

/** Subscribes and confirms `email` over REST, then queues one newsletter to it; answers its one-click URL. */
async function confirmedSubscriberWithMail(email: string): Promise<string> {
  const { prisma } = server.database;
  const subscribed = await api(server, 'POST', '/api/newsletter/subscribe', {
    body: { email, consent: true, consentVersion: '2026-11-29' },
  });
  expect(subscribed).toMatchObject({ status: 200, body: { ok: true } });
  const confirmation = await prisma.emailOutbox.findFirstOrThrow({
    where: { to: email, templateKey: 'newsletter_confirmation' },
  });
  const token = /megerosites\?token=([A-Za-z0-9_-]+)/.exec(confirmation.html)?.[1];
  expect(await api(server, 'POST', '/api/newsletter/confirm', { body: { token } })).toMatchObject({
    status: 200,
    body: { status: 'confirmed', email },
  });
  await prisma.$transaction((tx) =>
    enqueueMarketingEmail(
      tx,
      { to: email, subject: 'Hírek', html: '<p>Hírek</p>', kind: 'newsletter' },
      server.url,
    ),
  );
  const mail = await prisma.emailOutbox.findFirstOrThrow({ where: { to: email, templateKey: 'newsletter' } });
  const header = (mail.headers as Record<string, string>)['List-Unsubscribe'] ?? '';
  return new URL(/^<(.+)>$/.exec(header)?.[1] ?? '').pathname;
}

describe('POST /api/newsletter/one-click/{token} (RFC 8058)', () => {
  it('unsubscribes with the form body a mail client posts, and nothing else does', async () => {
    const email = 'egykattintas@example.hu';
    const path = await confirmedSubscriberWithMail(email);
    const status = async () =>
      (await server.database.prisma.newsletterSubscription.findUniqueOrThrow({ where: { email } })).status;

    // A link scanner's GET and a POST without the RFC 8058 body change nothing.
    expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    const empty = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(empty.status).toBe(400);
    expect(await status()).toBe('confirmed');

    const oneClick = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe('Leiratkoztál a hírlevélről.');
    expect(await status()).toBe('unsubscribed');
    const register = await server.database.prisma.newsletterConsent.findMany({
      where: { email },
      orderBy: { id: 'asc' },
    });
    expect(register.map((row) => [row.event, row.source])).toEqual([
      ['requested', 'footer'],
      ['confirmed', 'footer'],
      ['withdrawn', 'email'],
    ]);

    // Again, as a multipart form: the same answer, no second withdrawal.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await fetch(`${server.url}${path}`, { method: 'POST', body: form })).status).toBe(200);
    expect(await server.database.prisma.newsletterConsent.count({ where: { email } })).toBe(3);
  });

  it('answers an unknown token with a Hungarian 404', async () => {
    const response = await fetch(`${server.url}/api/newsletter/one-click/${'x'.repeat(43)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/leiratkozó link érvénytelen/);
  });
});
