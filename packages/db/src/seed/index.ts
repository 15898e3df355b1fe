import type { PrismaClient } from '../generated/prisma/client';
import { seedDemoAbandonedCart } from './abandoned-carts';
import { assertAdminOptions, type SeededAdmin, seedAdmin } from './admin';
import { seedCatalogue } from './catalogue';
import { seedCheckout, seedPaymentSettings } from './checkout';
import { seedContent } from './content';
import { seedCustomerGroups, seedDemoCustomers } from './customers';
import { seedEmail } from './email';
import { seedDemoNewsletter } from './newsletter';
import { seedDemoOrders } from './orders';
import { seedPromotions } from './promotions';
import { seedDemoReviews, seedReviewPolicyPage } from './reviews';
import { seedSalePrices } from './sale-prices';
import type { SeedContext } from './seed-context';
import { seedShopSetting } from './shop-setting';

export type { SeededAdmin } from './admin';
export { DEFAULT_ADMIN_EMAIL } from './admin';
export { type CataloguePdfOptions, cataloguePdf } from './content/catalogue-pdf';
export { DEMO_CUSTOMER_PASSWORD } from './customers';
export { EMAIL_TEMPLATES } from './email';
export { DEMO_NEWSLETTER_CONSENT } from './newsletter';
export { DEMO_COUPONS } from './promotions';

export type SeedOptions = {
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  log?: (message: string) => void;
  /**
   * Demo products, categories, blog posts, banners and customers (default true). Without them the
   * seed creates only what a real shop needs: the admin, customer groups, shipping and payment
   * methods, the static pages, e-mail templates and settings.
   */
  demoData?: boolean | undefined;
};

export type SeedResult = { admin: SeededAdmin | null };

// Any constant works; it only has to be the same for every server of one shop.
const SEED_LOCK_KEY = 73_160_001;

/**
 * Hungarian demo data for an empty shop (unless `demoData` is false), plus the first admin.
 *
 * Idempotent: every domain is seeded only while its tables are empty (e-mail
 * templates per missing key), so a second run changes nothing and data an
 * admin has since edited or deleted is never brought back. Everything runs in
 * one transaction: a failure leaves nothing half-seeded and propagates to the
 * caller.
 */
export async function seedDemoData(prisma: PrismaClient, opts: SeedOptions = {}): Promise<SeedResult> {
  assertAdminOptions(opts);
  const ctx: SeedContext = { now: new Date(), log: opts.log ?? (() => {}) };
  const demoData = opts.demoData ?? true;
  const started = performance.now();
  const admin = await prisma.$transaction(
    async (tx) => {
      // Servers starting together against one PostgreSQL seed one after the other;
      // the later ones then find the data and leave it alone.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
      await seedCustomerGroups(tx, ctx);
      if (demoData) await seedCatalogue(tx, ctx);
      await seedCheckout(tx, ctx);
      if (demoData) await seedPaymentSettings(tx, ctx);
      if (demoData) await seedShopSetting(tx, ctx);
      await seedContent(tx, ctx, { demoData });
      await seedEmail(tx, ctx);
      if (demoData) await seedDemoCustomers(tx, ctx);
      if (demoData) await seedDemoNewsletter(tx, ctx);
      if (demoData) await seedDemoOrders(tx, ctx);
      if (demoData) await seedDemoAbandonedCart(tx, ctx);
      // Every shop's, demo or not: each review list links to it, and the law asks for it.
      await seedReviewPolicyPage(tx, ctx);
      if (demoData) await seedDemoReviews(tx, ctx);
      if (demoData) await seedPromotions(tx, ctx);
      if (demoData) await seedSalePrices(tx, ctx);
      return seedAdmin(tx, ctx, opts);
    },
    { maxWait: 60_000, timeout: 120_000 },
  );
  ctx.log(
    `${demoData ? 'demóadatok' : 'alapadatok (demóadatok nélkül)'} kész ${Math.round(performance.now() - started)} ms alatt`,
  );
  return { admin };
}
