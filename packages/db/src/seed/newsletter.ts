import type { Prisma } from '../generated/prisma/client';
import type { SeedContext } from './seed-context';

/**
 * The consent text and version the shop's signup forms show (packages/api/src/schemas/newsletter.ts;
 * packages/api/test/newsletter.test.ts proves the two are the same). The demo register records it.
 */
export const DEMO_NEWSLETTER_CONSENT = {
  version: '2026-11-29',
  text: 'Feliratkozom a hírlevélre: hozzájárulok, hogy a webáruház hírlevelet, ajánlatokat és akciókról szóló leveleket küldjön nekem e-mailben. A hozzájárulásomat bármikor visszavonhatom a levelekben lévő leiratkozó linkkel vagy a fiókomban.',
} as const;

/**
 * The demo customers who ticked the newsletter box are confirmed subscribers, each with the two
 * register entries a real signup leaves (asked at registration, confirmed a few minutes later), so
 * the admin's Hírlevél screen and its register show the whole story.
 */
export async function seedDemoNewsletter(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.newsletterSubscription.count()) > 0) {
    ctx.log('hírlevél: már vannak feliratkozók, változatlan');
    return;
  }
  const customers = await tx.user.findMany({
    where: { role: 'customer', newsletter: true, anonymizedAt: null },
    orderBy: { id: 'asc' },
    select: { id: true, email: true, createdAt: true },
  });
  for (const customer of customers) {
    const requestedAt = customer.createdAt;
    // A few minutes after the request, but never later than now: a fresh demo's customers were made
    // a moment ago, and a confirmation in the future would read as a mistake in the register.
    const confirmedAt = new Date(Math.min(requestedAt.getTime() + 4 * 60_000, Date.now()));
    const consent = {
      email: customer.email,
      userId: customer.id,
      source: 'registration' as const,
      consentVersion: DEMO_NEWSLETTER_CONSENT.version,
      consentText: DEMO_NEWSLETTER_CONSENT.text,
    };
    await tx.newsletterSubscription.create({
      data: {
        email: customer.email,
        userId: customer.id,
        status: 'confirmed',
        source: 'registration',
        consentVersion: DEMO_NEWSLETTER_CONSENT.version,
        requestedAt,
        confirmedAt,
      },
      select: { id: true },
    });
    await tx.newsletterConsent.createMany({
      data: [
        { ...consent, event: 'requested', createdAt: requestedAt },
        { ...consent, event: 'confirmed', createdAt: confirmedAt },
      ],
    });
  }
  ctx.log(`hírlevél: ${customers.length} megerősített feliratkozó`);
}
