import { MAILCHIMP_STAND_IN_PATH, MAILERLITE_STAND_IN_PATH, usesNewsletterStandIn } from '@shop/api';
import { createMailchimpStandIn, createMailerLiteStandIn } from '@shop/api/stand-ins/newsletter';
import type { PrismaClient } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { mountStandIn } from './stand-in-mount';

/**
 * Mounts the project's MailerLite and Mailchimp stand-ins under /_mailerlite and /_mailchimp (only while
 * stand-ins are on, STAND_INS), which the newsletter sync uses while no API key is saved. Once an admin
 * saves a key, the sync goes to the real provider and these paths are not found. They only answer: they
 * call and redirect nowhere, and the addresses they keep are not readable over HTTP.
 */
export function mountNewsletterStandIns(app: FastifyInstance, prisma: PrismaClient): void {
  const active = () => usesNewsletterStandIn(prisma);
  mountStandIn(app, createMailerLiteStandIn({ basePath: MAILERLITE_STAND_IN_PATH }), {
    serves: (path) => path.startsWith(`${MAILERLITE_STAND_IN_PATH}/`),
    active,
    failure: {
      log: 'A MailerLite-helyettesítő hibát jelzett',
      answer: (res) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Server Error' }));
      },
    },
  });
  mountStandIn(app, createMailchimpStandIn({ basePath: MAILCHIMP_STAND_IN_PATH }), {
    serves: (path) => path.startsWith(`${MAILCHIMP_STAND_IN_PATH}/`),
    active,
    failure: {
      log: 'A Mailchimp-helyettesítő hibát jelzett',
      answer: (res) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/problem+json' });
        res.end(
          JSON.stringify({
            type: 'https://mailchimp.com/developer/marketing/docs/errors/',
            title: 'Internal Server Error',
            status: 500,
            detail: 'An unexpected internal error has occurred.',
          }),
        );
      },
    },
  });
}
