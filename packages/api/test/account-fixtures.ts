import { randomBytes } from 'node:crypto';
import type { OrderStatus, PrismaClient } from '@shop/db';
import { createContext } from '../src/context';
import { createCaller } from '../src/index';
import { runOutboxOnce } from '../src/services/email/outbox-worker';
import type { RequestLimits } from '../src/services/request-limits';
import { type SmtpSink, startSmtpSink } from '../src/testing';
import { saveSmtpSettings } from './email-fixtures';
import type { Caller } from './factories';

export const PUBLIC_URL = 'https://bolt.example.hu';

/** A caller from a given client address and shop URL, built the way the HTTP layer builds one. */
export async function clientCaller(
  prisma: PrismaClient,
  options: {
    token?: string;
    ip?: string;
    publicUrl?: string;
    deviceToken?: string;
    requestLimits?: Partial<RequestLimits>;
  } = {},
): Promise<Caller> {
  const headers = new Headers({
    ...(options.token ? { token: options.token } : {}),
    ...(options.deviceToken ? { 'x-device-token': options.deviceToken } : {}),
  });
  return createCaller(
    await createContext({
      prisma,
      headers,
      ip: options.ip ?? '127.0.0.1',
      publicUrl: options.publicUrl ?? PUBLIC_URL,
      requestLimits: options.requestLimits,
    }),
  );
}

/** A placed order of the user, with the invoicing data an order keeps. */
export async function createOrder(
  prisma: PrismaClient,
  userId: number,
  options: { grandTotal?: number; status?: OrderStatus } = {},
) {
  const grandTotal = options.grandTotal ?? 12_700;
  return prisma.order.create({
    data: {
      number: `T-${randomBytes(4).toString('hex')}`,
      accessKeyHash: randomBytes(32).toString('hex'),
      termsVersion: 'altalanos-szerzodesi-feltetelek',
      userId,
      status: options.status ?? 'received',
      email: 'rendelo@example.hu',
      phone: '+36 30 123 4567',
      firstName: 'Anna',
      lastName: 'Kovács',
      billingName: 'Kovács Anna',
      billingCompanyName: 'Kovács Kft.',
      billingTaxNumber: '12345676-2-41',
      billingPostcode: '1137',
      billingCity: 'Budapest',
      billingStreet: 'Pozsonyi út 23.',
      shippingName: 'Kovács Anna',
      shippingPostcode: '1137',
      shippingCity: 'Budapest',
      shippingStreet: 'Pozsonyi út 23.',
      shippingMethodName: 'Futárszolgálat',
      shippingFee: 1490,
      paymentMethodName: 'Utánvét',
      paymentProvider: 'cash_on_delivery',
      paymentFee: 0,
      itemsTotal: grandTotal - 1490,
      vatTotal: Math.round((grandTotal * 27) / 127),
      grandTotal,
      lines: {
        create: [
          {
            productTitle: 'Bögre',
            unitPrice: grandTotal - 1490,
            vatRate: 27,
            quantity: 1,
            lineTotal: grandTotal - 1490,
          },
        ],
      },
    },
    select: { id: true, number: true },
  });
}

/** The newest e-mail queued to an address, or undefined. */
export async function lastEmailTo(prisma: PrismaClient, to: string) {
  return prisma.emailOutbox.findFirst({ where: { to }, orderBy: { id: 'desc' } });
}

/**
 * A real SMTP server the shop's outbox delivers to, as a customer's mailbox: the only place a
 * password-reset link ever exists.
 */
export type Mailbox = {
  sink: SmtpSink;
  /** Delivers the outbox and answers the token of the newest reset link sent to `to`. */
  resetTokenFor(to: string): Promise<string>;
  close(): Promise<void>;
};

export async function openMailbox(prisma: PrismaClient): Promise<Mailbox> {
  const sink = await startSmtpSink();
  await saveSmtpSettings(prisma, { host: sink.host, port: sink.port });
  return {
    sink,
    async resetTokenFor(to) {
      const earlier = new Set(sink.messages);
      await runOutboxOnce(prisma, { publicUrl: PUBLIC_URL });
      const delivered = await sink.waitForMessage(
        (message) =>
          !earlier.has(message) && message.to.includes(to) && message.html.includes('/newpassword/'),
        5000,
      );
      return resetTokenIn(delivered.html);
    },
    close: () => sink.close(),
  };
}

/** The token of the reset link in an e-mail's HTML. */
export function resetTokenIn(html: string): string {
  const token = /\/newpassword\/([A-Za-z0-9_-]+)/.exec(html)?.[1];
  if (!token) throw new Error('Az e-mailben nincs új jelszó link.');
  return token;
}
