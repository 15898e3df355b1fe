import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../passwords';
import { createTestDatabase, type Database } from '../testing';
import {
  DEFAULT_ADMIN_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  EMAIL_TEMPLATES,
  type SeedResult,
  seedDemoData,
} from '.';
import { ACCESSIBILITY_STATEMENT } from './content/accessibility-statement';
import { REVIEW_POLICY_PAGE } from './reviews';

const STATIC_PAGE_SLUGS = [
  'adatkezelesi-tajekoztato',
  'altalanos-szerzodesi-feltetelek',
  'bevasarlolista',
  'cegadatok',
  'cegunk-filozofiaja',
  'cookie-tajekoztato',
  'impresszum',
  'katalogusok',
  'szallitasi-informaciok',
];

let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await db?.close();
});

/** Row count of every table, so "changes nothing" covers tables a test did not think of. */
async function countEveryTable(): Promise<Record<string, number>> {
  const tables = await db.prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await db.prisma.$queryRawUnsafe<{ count: bigint }[]>(
      `SELECT count(*) AS count FROM "${name}"`,
    );
    counts[name] = Number(row?.count);
  }
  return counts;
}

describe('seedDemoData', () => {
  it('refuses a too short admin password before writing anything', async () => {
    await expect(seedDemoData(db.prisma, { adminPassword: 'rövid' })).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await db.prisma.customerGroup.count()).toBe(0);
  });

  it('fails loudly and leaves nothing half-seeded when the last step fails', async () => {
    // The admin comes last; a shopper already holding its address makes that step fail.
    const shopper = await db.prisma.user.create({
      data: { email: DEFAULT_ADMIN_EMAIL, passwordHash: 'x', firstName: 'Teszt', lastName: 'Elek' },
    });
    await expect(seedDemoData(db.prisma)).rejects.toThrow(DEFAULT_ADMIN_EMAIL);
    expect(await db.prisma.product.count()).toBe(0);
    expect(await db.prisma.category.count()).toBe(0);
    expect(await db.prisma.page.count()).toBe(0);
    expect(await db.prisma.media.count()).toBe(0);
    await db.prisma.user.delete({ where: { id: shopper.id } });
  });

  describe('on an empty database', () => {
    let result: SeedResult;
    const log: string[] = [];

    beforeAll(async () => {
      result = await seedDemoData(db.prisma, { log: (message) => log.push(message) });
    }, 120_000);

    it('creates the first admin with a generated password it reports once', async () => {
      expect(result.admin?.email).toBe(DEFAULT_ADMIN_EMAIL);
      const password = result.admin?.generatedPassword ?? '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      const admin = await db.prisma.user.findUniqueOrThrow({ where: { email: DEFAULT_ADMIN_EMAIL } });
      expect(admin.role).toBe('admin');
      expect(admin.passwordHash).not.toContain(password);
      expect(await verifyPassword(admin.passwordHash, password)).toBe(true);
      expect(log.join('\n')).not.toContain(password);
    });

    it('loads at least 300 products', async () => {
      expect(await db.prisma.product.count()).toBeGreaterThanOrEqual(300);
    });

    it('builds a category tree at least three levels deep with accent-free slugs', async () => {
      const categories = await db.prisma.category.findMany({
        select: {
          id: true,
          parentId: true,
          slug: true,
          descriptions: { select: { language: true, title: true } },
        },
      });
      const parentOf = new Map(categories.map((c) => [c.id, c.parentId]));
      const depth = (id: number): number => {
        const parentId = parentOf.get(id);
        return parentId == null ? 1 : 1 + depth(parentId);
      };
      expect(Math.max(...categories.map((c) => depth(c.id)))).toBeGreaterThanOrEqual(3);
      expect(categories.length).toBeGreaterThanOrEqual(25);
      for (const category of categories) {
        expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(category.descriptions).toEqual([{ language: 'hu', title: expect.any(String) }]);
      }
      const cups = categories.find((c) => c.slug === 'porcelan-bogrek');
      expect(cups && depth(cups.id)).toBe(3);
    });

    it('carries approved reviews of one product and one waiting for moderation, each from a delivered order', async () => {
      const reviews = await db.prisma.review.findMany({
        select: { productId: true, status: true, order: { select: { completedAt: true } } },
      });
      const approved = reviews.filter((review) => review.status === 'approved');
      expect(new Set(approved.map((review) => review.productId)).size).toBe(1);
      expect(approved.length).toBeGreaterThanOrEqual(2);
      expect(reviews.filter((review) => review.status === 'pending')).toHaveLength(1);
      for (const review of reviews) expect(review.order?.completedAt).toBeInstanceOf(Date);
    });

    it('creates the nine static pages of the spec by exact slug, the accessibility statement and the review policy, in Hungarian', async () => {
      const pages = await db.prisma.page.findMany({
        select: { slug: true, descriptions: { select: { language: true, title: true, body: true } } },
        orderBy: { slug: 'asc' },
      });
      expect(pages.map((p) => p.slug)).toEqual(
        [...STATIC_PAGE_SLUGS, ACCESSIBILITY_STATEMENT.slug, REVIEW_POLICY_PAGE.slug].sort(),
      );
      for (const page of pages) {
        expect(page.descriptions).toHaveLength(1);
        expect(page.descriptions[0]?.language).toBe('hu');
        expect(page.descriptions[0]?.body).toContain('<h2>');
      }
      const terms = pages.find((p) => p.slug === 'altalanos-szerzodesi-feltetelek');
      expect(terms?.descriptions[0]?.body).toContain('45/2014. (II. 26.) Korm. rendelet');
    });

    it('gives every enabled product a Hungarian description, an image and a positive price', async () => {
      const products = await db.prisma.product.findMany({
        where: { enabled: true },
        select: {
          grossPrice: true,
          lowestPrice30d: true,
          descriptions: { select: { language: true, title: true, body: true, metaDescription: true } },
          _count: { select: { images: true } },
          categories: { select: { primary: true } },
        },
      });
      for (const product of products) {
        expect(product.descriptions[0]?.language).toBe('hu');
        // As a form or an import would save it (trimmed, at most 160), so an unchanged export imports as no change.
        const meta = product.descriptions[0]?.metaDescription ?? '';
        expect(meta.length).toBeLessThanOrEqual(160);
        expect(meta).toBe(meta.trim());
        expect(product.descriptions[0]?.body?.length).toBeGreaterThan(50);
        expect(product._count.images).toBeGreaterThanOrEqual(1);
        expect(product.grossPrice).toBeGreaterThan(0);
        expect(product.grossPrice % 100).toBe(90);
        expect(product.lowestPrice30d).toBeLessThanOrEqual(product.grossPrice);
        expect(product.categories.filter((c) => c.primary)).toHaveLength(1);
      }
    });

    it('puts one product on a sale running now, from yesterday for a week, with the sale price in its history', async () => {
      const now = Date.now();
      const onSale = await db.prisma.product.findMany({
        where: { salePrice: { not: null } },
        select: { id: true, grossPrice: true, salePrice: true, saleStartsAt: true, saleEndsAt: true },
      });
      expect(onSale).toHaveLength(1);
      const [sale] = onSale;
      expect(sale!.salePrice).toBeLessThan(sale!.grossPrice);
      expect(sale!.saleStartsAt!.getTime()).toBeLessThan(now - 23 * 60 * 60 * 1000);
      expect(sale!.saleEndsAt!.getTime()).toBeGreaterThan(now + 6 * 24 * 60 * 60 * 1000);
      const history = await db.prisma.productPriceHistory.findMany({
        where: { productId: sale!.id },
        orderBy: { validFrom: 'asc' },
      });
      expect(history.slice(-2).map((entry) => entry.grossPrice)).toEqual([sale!.salePrice, sale!.grossPrice]);
    });

    it('stores the product pictures as SVG media', async () => {
      const variant = await db.prisma.mediaVariant.findFirstOrThrow({ where: { name: 'original' } });
      expect(variant.mimeType).toBe('image/svg+xml');
      expect(new TextDecoder().decode(variant.data)).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
      );
    });

    it('sells a T-shirt in S–XL and three colours with one sold out, and a mug in four colours, each colour with its picture', async () => {
      const withVariants = await db.prisma.product.findMany({
        where: { variants: { some: {} } },
        orderBy: { id: 'asc' },
        select: {
          stock: true,
          descriptions: { select: { title: true } },
          images: { select: { mediaId: true } },
          options: { orderBy: { position: 'asc' }, select: { property: { select: { code: true } } } },
          variants: {
            orderBy: { position: 'asc' },
            select: {
              kutiId: true,
              ean: true,
              stock: true,
              mediaId: true,
              values: { select: { propertyValue: { select: { swatch: true, descriptions: true } } } },
            },
          },
        },
      });
      const [shirt, mug] = withVariants;
      expect(withVariants.map((p) => p.descriptions[0]?.title)).toEqual(['Póló', 'Színes zománcbögre']);
      expect(shirt?.options.map((o) => o.property.code)).toEqual(['szin', 'meret']);
      expect(shirt?.variants).toHaveLength(12);
      expect(shirt?.variants.filter((v) => v.stock === 0).map((v) => v.kutiId)).toEqual(['KT-POLO-KEK-XL']);
      expect(mug?.variants).toHaveLength(4);
      for (const product of [shirt, mug]) {
        expect(product?.stock).toBe(product?.variants.reduce((sum, v) => sum + v.stock, 0));
        const pictures = new Set(product?.images.map((image) => image.mediaId));
        // Each colour its own picture, one of the product's.
        expect(new Set(product?.variants.map((v) => v.mediaId)).size).toBe(product?.images.length);
        for (const variant of product?.variants ?? []) {
          expect(pictures.has(variant.mediaId ?? 0)).toBe(true);
          expect(variant.ean).toMatch(/^599\d{10}$/);
          expect(variant.values.some((v) => /^#[0-9a-f]{6}$/.test(v.propertyValue.swatch ?? ''))).toBe(true);
        }
      }
    });

    it('gives every demo blog post a cover and the products it recommends, in order', async () => {
      const posts = await db.prisma.blogPost.findMany({
        select: { imageId: true, products: { orderBy: { position: 'asc' }, select: { position: true } } },
      });
      expect(posts.length).toBeGreaterThanOrEqual(5);
      for (const post of posts) {
        expect(post.imageId).not.toBeNull();
        expect(post.products.map((link) => link.position)).toEqual(post.products.map((_, index) => index));
        expect(post.products.length).toBeGreaterThanOrEqual(2);
      }
    });

    it('has quantity tiers whose unit price falls as the quantity grows', async () => {
      const products = await db.prisma.product.findMany({
        where: { priceTiers: { some: {} } },
        select: { grossPrice: true, priceTiers: { orderBy: { minQuantity: 'asc' } } },
      });
      expect(products.length).toBeGreaterThan(50);
      expect(products.some((p) => p.priceTiers.length >= 3)).toBe(true);
      for (const product of products) {
        let previous = product.grossPrice;
        for (const tier of product.priceTiers) {
          expect(tier.minQuantity).toBeGreaterThan(1);
          expect(tier.grossPrice).toBeLessThan(previous);
          previous = tier.grossPrice;
        }
      }
    });

    it('names mugs with accents and slugs them without', async () => {
      const mugs = await db.prisma.description.findMany({
        where: { productId: { not: null }, title: { contains: 'bögre' } },
        select: { product: { select: { slug: true } } },
      });
      expect(mugs.length).toBeGreaterThanOrEqual(5);
      for (const mug of mugs) expect(mug.product?.slug).toContain('bogre');
    });

    it('sets up checkout, customer groups, e-mail and a shopper who can sign in', async () => {
      expect(await db.prisma.shippingMethod.count()).toBe(4);
      expect(await db.prisma.paymentMethod.count()).toBe(3);
      const groups = await db.prisma.customerGroup.findMany({ orderBy: { discountPercent: 'asc' } });
      expect(groups.map((g) => [g.name, g.discountPercent])).toEqual([
        ['Általános', 0],
        ['Törzsvásárló', 5],
        ['Viszonteladó', 15],
      ]);
      const templates = await db.prisma.emailTemplate.findMany({ select: { key: true } });
      expect(templates.map((t) => t.key).sort()).toEqual([
        'abandoned_cart',
        'back_in_stock',
        'contact_message',
        'contact_received',
        'email_changed',
        'newsletter_confirmation',
        'offer_received',
        'offer_request',
        'order_cancelled',
        'order_completed',
        'order_confirmation',
        'order_packed',
        'order_payment_failed',
        'order_processing',
        'order_ready_for_pickup',
        'order_shipped',
        'order_status_change',
        'order_tracking_changed',
        'password_reset',
        'payment_succeeded',
        'quote_sent',
        'refund_issued',
        'registration',
        'review_request',
        'staff_invite',
        'withdrawal_receipt',
      ]);
      const setting = await db.prisma.emailSetting.findUniqueOrThrow({ where: { id: 1 } });
      expect(setting.smtpHost).toBeNull();
      const shopper = await db.prisma.user.findFirstOrThrow({ where: { role: 'customer' } });
      expect(await verifyPassword(shopper.passwordHash, DEMO_CUSTOMER_PASSWORD)).toBe(true);
    });

    it('says demo customers exist and where their password is, without logging the password', () => {
      const text = log.join('\n');
      expect(text).not.toContain(DEMO_CUSTOMER_PASSWORD);
      expect(text).toMatch(/demó vásárló.*README/);
    });
  });

  describe('run again', () => {
    it('adds and changes nothing', async () => {
      const before = await countEveryTable();
      const pageBefore = await db.prisma.description.findFirstOrThrow({
        where: { page: { slug: 'impresszum' } },
      });
      await db.prisma.description.update({
        where: { id: pageBefore.id },
        data: { title: 'Saját impresszum' },
      });

      const again = await seedDemoData(db.prisma, {
        adminEmail: 'masik@example.hu',
        adminPassword: 'Hosszu-Jelszo-1',
      });

      expect(again.admin).toBeNull();
      expect(await countEveryTable()).toEqual(before);
      const pageAfter = await db.prisma.description.findUniqueOrThrow({ where: { id: pageBefore.id } });
      expect(pageAfter.title).toBe('Saját impresszum');
      expect(await db.prisma.user.findUnique({ where: { email: 'masik@example.hu' } })).toBeNull();
    });

    it('creates the admin from the given e-mail and password once none exists', async () => {
      await db.prisma.user.deleteMany({ where: { role: 'admin' } });

      const again = await seedDemoData(db.prisma, {
        adminEmail: ' Fonok@Example.hu ',
        adminPassword: 'Hosszu-Jelszo-1',
      });

      expect(again.admin).toEqual({ email: 'fonok@example.hu' });
      const admin = await db.prisma.user.findUniqueOrThrow({ where: { email: 'fonok@example.hu' } });
      expect(admin.role).toBe('admin');
      expect(await verifyPassword(admin.passwordHash, 'Hosszu-Jelszo-1')).toBe(true);
    });
  });
});

describe('seedDemoData without demo data', () => {
  let bare: Database;
  const log: string[] = [];

  beforeAll(async () => {
    bare = await createTestDatabase();
    await seedDemoData(bare.prisma, { demoData: false, log: (message) => log.push(message) });
  }, 120_000);

  afterAll(async () => {
    await bare?.close();
  });

  it('creates what a real shop needs: admin, groups, checkout, the static pages, e-mail templates and settings', async () => {
    expect(await bare.prisma.user.count({ where: { role: 'admin' } })).toBe(1);
    expect(await bare.prisma.customerGroup.count()).toBe(3);
    expect(await bare.prisma.shippingMethod.count()).toBe(4);
    expect(await bare.prisma.paymentMethod.count()).toBe(3);
    const pages = await bare.prisma.page.findMany({ select: { slug: true }, orderBy: { slug: 'asc' } });
    // The review policy too: the product pages' review lists link to it in every shop.
    expect(pages.map((page) => page.slug)).toEqual(
      [...STATIC_PAGE_SLUGS, ACCESSIBILITY_STATEMENT.slug, REVIEW_POLICY_PAGE.slug].sort(),
    );
    expect(await bare.prisma.emailTemplate.count()).toBe(EMAIL_TEMPLATES.length);
    expect(await bare.prisma.emailSetting.count()).toBe(1);
  });

  it('creates no demo products, categories, content or customers', async () => {
    expect(await bare.prisma.product.count()).toBe(0);
    expect(await bare.prisma.category.count()).toBe(0);
    expect(await bare.prisma.blogPost.count()).toBe(0);
    expect(await bare.prisma.hero.count()).toBe(0);
    expect(await bare.prisma.user.count({ where: { role: 'customer' } })).toBe(0);
    expect(log.join('\n')).not.toContain(DEMO_CUSTOMER_PASSWORD);
  });

  it('stays idempotent', async () => {
    const pages = await bare.prisma.page.count();
    await seedDemoData(bare.prisma, { demoData: false });
    expect(await bare.prisma.page.count()).toBe(pages);
    expect(await bare.prisma.user.count()).toBe(1);
  });

  it('gives a shop seeded by an earlier version the templates added since, and keeps edited ones', async () => {
    const added = ['order_shipped', 'order_completed', 'order_payment_failed', 'email_changed'];
    await bare.prisma.emailTemplate.deleteMany({ where: { key: { in: added } } });
    await bare.prisma.emailTemplate.update({
      where: { key: 'order_confirmation' },
      data: { subject: 'Saját tárgy' },
    });
    await seedDemoData(bare.prisma, { demoData: false });
    const keys = (await bare.prisma.emailTemplate.findMany({ select: { key: true } })).map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(added));
    expect(keys).toHaveLength(EMAIL_TEMPLATES.length);
    const confirmation = await bare.prisma.emailTemplate.findUniqueOrThrow({
      where: { key: 'order_confirmation' },
    });
    expect(confirmation.subject).toBe('Saját tárgy');
  });
});
