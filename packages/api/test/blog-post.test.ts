import type { Database } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFor } from '../src/cache';
import type { TBlogPost } from '../src/schemas';
import { getSitemapData, resolveSeo } from '../src/services/seo';
import { type Caller, callerFor, createAdmin, createCustomer } from './factories';
import { expectTrpcError } from './helpers';
import { createProduct } from './order-fixtures';

const NOT_FOUND = 'A keresett tartalom nem található.';
const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let db: Database;
let admin: Caller;
let customer: Caller;
let visitor: Caller;
let cover: number;
let pdf: number;
let mug: number;
let plate: number;
let retired: number;

async function storeMedia(mimeType: string, originalName: string): Promise<number> {
  const media = await db.prisma.media.create({
    data: { originalName, mimeType, width: 1200, height: 630, sizeBytes: 10, alt: 'Bögrék a polcon' },
    select: { id: true },
  });
  return media.id;
}

const post = (title: string, extra: Record<string, unknown> = {}) =>
  admin.blogpost.create({
    descriptions: [{ language: 'hu', title, body: `<p>${title} szövege.</p>` }],
    ...extra,
  });

beforeAll(async () => {
  db = await createTestDatabase();
  admin = (await createAdmin(db.prisma)).caller;
  customer = (await createCustomer(db.prisma)).caller;
  visitor = await callerFor(db.prisma);
  cover = await storeMedia('image/png', 'bogrek.png');
  pdf = await storeMedia('application/pdf', 'katalogus.pdf');
  mug = await createProduct(db.prisma, { slug: 'kek-bogre', title: 'Kék bögre', grossPrice: 3990, stock: 5 });
  plate = await createProduct(db.prisma, { slug: 'tanyer', title: 'Tányér', grossPrice: 2490, stock: 0 });
  retired = await createProduct(db.prisma, {
    slug: 'kifutott',
    title: 'Kifutott',
    grossPrice: 990,
    stock: 1,
    enabled: false,
  });
});
afterAll(() => db?.close());

describe('blogpost writes', () => {
  let written: TBlogPost;

  it('creates a post: slug from the title, sanitised body, cover, author, products in order, published now', async () => {
    const before = Date.now();
    written = await admin.blogpost.create({
      author: ' Kovács Eszter ',
      imageId: cover,
      productIds: [plate, retired, mug],
      descriptions: [
        {
          language: 'hu',
          title: 'Hogyan válasszunk bögrét?',
          body: '<h2>Anyag</h2><p onclick="x()">Porcelán <b>vagy</b> kerámia</p><script>alert(1)</script>',
        },
      ],
    });
    expect(written).toMatchObject({
      slug: 'hogyan-valasszunk-bogret',
      title: 'Hogyan válasszunk bögrét?',
      author: 'Kovács Eszter',
      published: true,
      status: 'published',
      excerpt: 'Anyag Porcelán vagy kerámia',
      image: {
        id: cover,
        alt: 'Bögrék a polcon',
        full: `/media/${cover}/full`,
        card: `/media/${cover}/card`,
      },
    });
    expect(written.body).not.toMatch(/script|onclick/);
    expect(written.body).toContain('<h2>Anyag</h2>');
    expect(Date.parse(written.publishedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // The admin sees every linked product, hidden ones too, in the author's order.
    expect(written.products.map((product) => product.id)).toEqual([plate, retired, mug]);
  });

  it('refuses strangers (401) and shoppers (403) on every write', async () => {
    const input = { descriptions: [{ language: 'hu', title: 'Tilos' }] };
    await expectTrpcError(visitor.blogpost.create(input), 'UNAUTHORIZED');
    await expectTrpcError(customer.blogpost.create(input), 'FORBIDDEN');
    await expectTrpcError(customer.blogpost.update({ id: written.id, author: 'Más' }), 'FORBIDDEN');
    await expectTrpcError(visitor.blogpost.delete({ id: written.id }), 'UNAUTHORIZED');
    await expectTrpcError(customer.blogpost.delete({ id: written.id }), 'FORBIDDEN');
    expect((await visitor.blogpost.byId({ id: written.id })).author).toBe('Kovács Eszter');
  });

  it('refuses a taken slug (409), a cover that is not an image or missing, and unknown products (400)', async () => {
    await expectTrpcError(post('Más', { slug: written.slug }), 'CONFLICT', /URL-név már foglalt/);
    await expectTrpcError(post('PDF-borító', { imageId: pdf }), 'BAD_REQUEST', 'A borító csak kép lehet.');
    await expectTrpcError(
      post('Nincs kép', { imageId: 999_999 }),
      'BAD_REQUEST',
      'A borítókép nem található a médiatárban.',
    );
    await expectTrpcError(
      post('Nincs termék', { productIds: [mug, 999_999] }),
      'BAD_REQUEST',
      'Nincs ilyen azonosítójú termék: 999999.',
    );
    await expectTrpcError(post('Kétszer', { productIds: [mug, mug] }), 'BAD_REQUEST', /csak egyszer/);
    await expectTrpcError(
      post('Rossz idő', { publishedAt: 'holnap reggel' }),
      'BAD_REQUEST',
      /ISO 8601 időpont/,
    );
    expect((await admin.blogpost.list({ search: 'Nincs' })).total).toBe(0);
  });

  it('updates only what is sent: another language is added, products replaced, cover removed', async () => {
    const updated = await admin.blogpost.update({
      id: written.id,
      imageId: null,
      productIds: [mug],
      descriptions: [{ language: 'en', title: 'Choosing a mug', body: '<p>Porcelain or ceramic</p>' }],
    });
    expect(updated).toMatchObject({
      title: 'Hogyan válasszunk bögrét?',
      image: null,
      author: 'Kovács Eszter',
    });
    expect(updated.descriptions.map((description) => description.language)).toEqual(['hu', 'en']);
    expect(updated.products.map((product) => product.id)).toEqual([mug]);
    expect(updated.publishedAt).toBe(written.publishedAt);
    await expectTrpcError(admin.blogpost.update({ id: 999_999, author: 'x' }), 'NOT_FOUND', NOT_FOUND);
  });

  it('deletes a post; a second delete is 404', async () => {
    const doomed = await post('Törlendő');
    expect(await admin.blogpost.delete({ id: doomed.id })).toEqual({ ok: true });
    await expectTrpcError(admin.blogpost.delete({ id: doomed.id }), 'NOT_FOUND', NOT_FOUND);
    await expectTrpcError(visitor.blogpost.bySlug({ slug: doomed.slug }), 'NOT_FOUND', NOT_FOUND);
  });
});

describe('blogpost reads', () => {
  let oldest: TBlogPost;
  let middle: TBlogPost;
  let newest: TBlogPost;
  let scheduled: TBlogPost;
  let draft: TBlogPost;

  beforeAll(async () => {
    await db.prisma.blogPost.deleteMany();
    oldest = await post('Befőzés alapjai', { publishedAt: daysFromNow(-30), author: 'Nagy Irén' });
    middle = await post('Gyertyák', { publishedAt: daysFromNow(-10), productIds: [retired, plate, mug] });
    newest = await post('Karácsonyi ötletek', { publishedAt: daysFromNow(-1) });
    scheduled = await post('Tavaszi újdonságok', { publishedAt: daysFromNow(3) });
    draft = await post('Félkész gondolatok', { published: false });
  });

  it('lists to shoppers only what has appeared, newest first, paged', async () => {
    const first = await visitor.blogpost.list({ pageSize: 2 });
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((item) => item.slug)).toEqual([newest.slug, middle.slug]);
    const second = await visitor.blogpost.list({ pageSize: 2, page: 2 });
    expect(second.items.map((item) => item.slug)).toEqual([oldest.slug]);
    expect(second.items[0]).toMatchObject({ excerpt: 'Befőzés alapjai szövege.', author: 'Nagy Irén' });
    expect(second.items[0]).not.toHaveProperty('body');
    // A shopper cannot ask for drafts: the status filter is the admin's.
    const asked = await customer.blogpost.list({ status: 'draft' });
    expect(asked.items.map((item) => item.slug)).toEqual([newest.slug, middle.slug, oldest.slug]);
  });

  it('lists every post to an admin, with status, filters, search and title order', async () => {
    const all = await admin.blogpost.list({});
    expect(all.total).toBe(5);
    expect(Object.fromEntries(all.items.map((item) => [item.slug, item.status]))).toEqual({
      [scheduled.slug]: 'scheduled',
      [newest.slug]: 'published',
      [middle.slug]: 'published',
      [oldest.slug]: 'published',
      [draft.slug]: 'draft',
    });
    expect((await admin.blogpost.list({ status: 'scheduled' })).items.map((item) => item.id)).toEqual([
      scheduled.id,
    ]);
    expect((await admin.blogpost.list({ status: 'draft' })).items.map((item) => item.id)).toEqual([draft.id]);
    expect((await admin.blogpost.list({ search: 'irén' })).items.map((item) => item.id)).toEqual([oldest.id]);
    expect((await admin.blogpost.list({ search: 'GYERTY' })).items.map((item) => item.id)).toEqual([
      middle.id,
    ]);
    const byTitle = await admin.blogpost.list({ sort: 'title', order: 'asc', pageSize: 2, page: 2 });
    expect(byTitle.items.map((item) => item.title)).toEqual(['Gyertyák', 'Karácsonyi ötletek']);
    expect(byTitle.total).toBe(5);
    // The last edited first (the admin list's "Módosítva" column); found by the fuzz test as a 500.
    const byUpdate = await admin.blogpost.list({ sort: 'updatedAt', order: 'desc' });
    const updatedTimes = byUpdate.items.map((item) => item.updatedAt);
    expect(updatedTimes).toEqual([...updatedTimes].sort().reverse());
    expect(byUpdate.total).toBe(5);
  });

  it('hides a scheduled post until its time and a draft always: 404 with the spec text', async () => {
    for (const hidden of [scheduled, draft]) {
      await expectTrpcError(visitor.blogpost.bySlug({ slug: hidden.slug }), 'NOT_FOUND', NOT_FOUND);
      await expectTrpcError(customer.blogpost.byId({ id: hidden.id }), 'NOT_FOUND', NOT_FOUND);
      expect((await admin.blogpost.bySlug({ slug: hidden.slug })).id).toBe(hidden.id);
    }
    await expectTrpcError(visitor.blogpost.bySlug({ slug: 'nincs-ilyen' }), 'NOT_FOUND', NOT_FOUND);

    // Its time comes: moved into the past, the post appears.
    await admin.blogpost.update({ id: scheduled.id, publishedAt: daysFromNow(-0.5) });
    expect((await visitor.blogpost.bySlug({ slug: scheduled.slug })).status).toBe('published');
    await admin.blogpost.update({ id: scheduled.id, publishedAt: daysFromNow(3) });
  });

  it('reads a post by slug with its products as the shopper may see them and its neighbours', async () => {
    const read = await visitor.blogpost.bySlug({ slug: ` ${middle.slug.toUpperCase()} ` });
    expect(read).toMatchObject({
      id: middle.id,
      title: 'Gyertyák',
      body: '<p>Gyertyák szövege.</p>',
      previous: { slug: oldest.slug, title: 'Befőzés alapjai' },
      next: { slug: newest.slug, title: 'Karácsonyi ötletek' },
    });
    // The disabled product is left out for shoppers; prices are the shopper's.
    expect(read.products.map((product) => [product.id, product.price, product.stock])).toEqual([
      [plate, 2490, null],
      [mug, 3990, null],
    ]);
    // The newest visible post has no next: the scheduled one is not shown yet.
    expect((await visitor.blogpost.byId({ id: newest.id })).next).toBeNull();
    expect((await visitor.blogpost.byId({ id: oldest.id })).previous).toBeNull();
  });

  it("writes the post's head for search engines and lists only visible posts in the sitemap", async () => {
    const deps = { prisma: db.prisma, cache: cacheFor(db.prisma) };
    const options = { publicUrl: 'https://bolt.example', siteName: 'Kék Bögre', siteDescription: 'Bolt' };
    await admin.blogpost.update({ id: middle.id, imageId: cover, author: 'Szilágyi Dóra' });
    const head = await resolveSeo(deps, `/blog/${middle.slug}`, options);
    expect(head).toMatchObject({
      kind: 'blog-post',
      status: 200,
      title: 'Gyertyák',
      description: 'Gyertyák szövege.',
      canonicalUrl: `https://bolt.example/blog/${middle.slug}`,
      image: `https://bolt.example/media/${cover}/full`,
      openGraph: { 'article:author': 'Szilágyi Dóra' },
    });
    expect(head?.jsonLd[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Gyertyák',
      author: { '@type': 'Person', name: 'Szilágyi Dóra' },
      datePublished: middle.publishedAt,
    });
    expect((await resolveSeo(deps, `/blog/${scheduled.slug}`, options))?.status).toBe(404);
    expect((await resolveSeo(deps, '/blog', options))?.canonicalUrl).toBe('https://bolt.example/blog');

    const sitemap = await getSitemapData(deps, options.publicUrl);
    const blogUrls = sitemap.main.map((url) => url.loc).filter((loc) => loc.includes('/blog'));
    expect(blogUrls).toEqual([
      'https://bolt.example/blog',
      `https://bolt.example/blog/${newest.slug}`,
      `https://bolt.example/blog/${middle.slug}`,
      `https://bolt.example/blog/${oldest.slug}`,
    ]);
    expect(sitemap.nextScheduledAt?.toISOString()).toBe(
      (await admin.blogpost.byId({ id: scheduled.id })).publishedAt,
    );
  });
});
