import { Writable } from 'node:stream';
import { runOutboxOnce } from '@shop/api';
import { type SmtpSink, startSmtpSink } from '@shop/api/testing';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createMugShop,
  createUser,
  guestOrder,
  signIn,
  startSellingServer,
  startTestServer,
  type TestServer,
} from './test-server';

type Placed = { order: { id: number }; accessKey: string | null };
type OutboxItem = { id: number; to: string; templateKey: string | null; status: string };
type OutboxMessage = OutboxItem & { html: string; text: string | null };

/** Every line the server logged, as text. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), text: () => lines.join('') };
}

describe('order keys and quote tokens in the request log', () => {
  it('never reach it from a tRPC GET input, a batch, a REST query, a quote page or an unsubscribe link', async () => {
    const log = capturedLog();
    const server = await startTestServer({ logger: log.logger });
    try {
      const orderKey = 'RendelesKulcs_0123456789abcdefghij';
      const quoteToken = 'ArajanlatToken_0123456789abcdefghijklmnopq';
      const input = encodeURIComponent(JSON.stringify({ id: 1, key: orderKey }));
      await fetch(`${server.url}/trpc/order.byId?input=${input}`);
      const batch = encodeURIComponent(
        JSON.stringify({ 0: { token: quoteToken }, 1: { id: 1, key: orderKey } }),
      );
      await fetch(`${server.url}/trpc/quote.view,order.byId?batch=1&input=${batch}`);
      await fetch(`${server.url}/api/order/1?key=${orderKey}`);
      await fetch(`${server.url}/quote/${quoteToken}`);
      const oneClickToken = 'HirlevelToken_0123456789abcdefghijklmnop';
      await fetch(`${server.url}/api/newsletter/one-click/${oneClickToken}`, { method: 'POST' });
      const optOutToken = 'ab'.repeat(32);
      await fetch(`${server.url}/review-request/unsubscribe?token=${optOutToken}`);

      const text = log.text();
      expect(text).toContain('/trpc/order.byId?input=[elrejtve]');
      expect(text).toContain('/trpc/quote.view,order.byId?batch=1&input=[elrejtve]');
      expect(text).toContain('/quote/[elrejtve]');
      expect(text).toContain('/api/newsletter/one-click/[elrejtve]');
      expect(text).toContain('/review-request/unsubscribe?token=[elrejtve]');
      expect(text).not.toContain(orderKey);
      expect(text).not.toContain(quoteToken);
      expect(text).not.toContain(oneClickToken);
      expect(text).not.toContain(optOutToken);
    } finally {
      await server.close();
    }
  });
});

describe('live links in the outbox an admin reads', () => {
  let server: TestServer;
  let sink: SmtpSink;
  let adminToken: string;

  beforeAll(async () => {
    ({ server } = await startSellingServer());
    sink = await startSmtpSink();
    adminToken = await signIn(server, await createUser(server.database, 'admin'));
  });
  afterAll(async () => {
    await sink?.close();
    await server?.close();
  });

  async function outboxMessage(to: string, templateKey: string): Promise<OutboxMessage> {
    const list = await api<{ items: OutboxItem[] }>(server, 'POST', '/api/email/outbox', {
      token: adminToken,
      body: { search: to },
    });
    const item = list.body.items.find((entry) => entry.templateKey === templateKey);
    if (!item) throw new Error(`Nincs ${templateKey} levél a kimenőben: ${JSON.stringify(list.body)}`);
    const message = await api<OutboxMessage>(server, 'GET', `/api/email/outbox/${item.id}`, {
      token: adminToken,
    });
    expect(message.status).toBe(200);
    return message.body;
  }

  it('show an order confirmation without its order key, before and after sending, while the shopper gets the link', async () => {
    const { mug, courier, cod } = await createMugShop(server, adminToken);
    const placed = await api<Placed>(server, 'POST', '/api/cart/order', {
      body: guestOrder({ product: mug, shippingMethod: courier, paymentMethod: cod }),
    });
    expect(placed.status).toBe(200);
    const key = placed.body.accessKey;
    if (!key) throw new Error('A vendégrendelés nem kapott kulcsot.');

    const queued = await outboxMessage('vevo@example.hu', 'order_confirmation');
    expect(queued.status).toBe('pending');
    expect(queued.html).toContain(`/order/${placed.body.order.id}?key=[elrejtve]`);
    expect(JSON.stringify(queued)).not.toContain(key);

    await server.database.prisma.emailSetting.upsert({
      where: { id: 1 },
      create: { id: 1, smtpHost: sink.host, smtpPort: sink.port, senderEmail: 'bolt@example.hu' },
      update: { smtpHost: sink.host, smtpPort: sink.port, senderEmail: 'bolt@example.hu' },
    });
    await runOutboxOnce(server.database.prisma, { publicUrl: server.url });
    const delivered = await sink.waitForMessage((mail) => mail.to.includes('vevo@example.hu'));
    expect(delivered.html).toContain(`/order/${placed.body.order.id}?key=${key}`);

    const sent = await outboxMessage('vevo@example.hu', 'order_confirmation');
    expect(sent.status).toBe('sent');
    expect(JSON.stringify(sent)).not.toContain(key);
    // Nor does the stored row keep it, for whoever reads the database or a backup.
    const row = await server.database.prisma.emailOutbox.findUniqueOrThrow({ where: { id: sent.id } });
    expect(`${row.html}${row.text}`).not.toContain(key);

    // The link in the mailbox still opens the order.
    const opened = await api(server, 'GET', `/api/order/${placed.body.order.id}?key=${key}`);
    expect(opened.status).toBe(200);
  });

  it('show a review request without its opt-out token, as a newsletter without its own', async () => {
    const optOut = 'cd'.repeat(32);
    const oneClick = 'HirlevelToken_abcdefghijklmnop0123456789';
    const to = 'velemeny@example.hu';
    await server.database.prisma.emailOutbox.create({
      data: {
        to,
        subject: 'Hogy tetszett?',
        templateKey: 'review_request',
        html: `<a href="${server.url}/review-request/unsubscribe?token=${optOut}">Leiratkozás</a> <a href="${server.url}/api/newsletter/one-click/${oneClick}">x</a>`,
        text: `Leiratkozás: ${server.url}/review-request/unsubscribe?token=${optOut}`,
      },
    });
    const shown = await outboxMessage(to, 'review_request');
    expect(shown.html).toContain('/review-request/unsubscribe?token=[elrejtve]');
    expect(shown.text).toContain('/review-request/unsubscribe?token=[elrejtve]');
    expect(shown.html).toContain('/api/newsletter/one-click/[elrejtve]');
    expect(JSON.stringify(shown)).not.toContain(optOut);
    expect(JSON.stringify(shown)).not.toContain(oneClick);
  });

  it('show a sent quote without its token', async () => {
    const customer = await createUser(server.database, 'customer');
    const mug = await server.database.prisma.product.findFirstOrThrow({ select: { id: true } });
    const request = await server.database.prisma.offerRequest.create({
      data: {
        name: 'Kovács Anna',
        email: customer.email,
        lines: { create: [{ productId: mug.id, productTitle: 'Kék bögre', quantity: 5 }] },
      },
    });
    const validUntil = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const created = await api<{ id: number }>(server, 'POST', '/api/quote', {
      token: adminToken,
      body: {
        offerRequestId: request.id,
        lines: [{ product: mug.id, quantity: 5, unitPrice: 3000 }],
        validUntil,
      },
    });
    expect(created.status).toBe(200);
    await api(server, 'POST', '/api/quote/send', { token: adminToken, body: { id: created.body.id } });
    const row = await server.database.prisma.emailOutbox.findFirstOrThrow({
      where: { to: customer.email, templateKey: 'quote_sent' },
    });
    const token = /\/quote\/([A-Za-z0-9_-]{16,})/.exec(row.html)?.[1];
    if (!token) throw new Error('A levélben nincs árajánlat-link.');

    const shown = await outboxMessage(customer.email, 'quote_sent');
    expect(shown.html).toContain('/quote/[elrejtve]');
    expect(JSON.stringify(shown)).not.toContain(token);
  });
});
