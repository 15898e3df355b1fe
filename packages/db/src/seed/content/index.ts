import type { Prisma } from '../../generated/prisma/client';
import { bannerImage, idOf, PALETTES, type Shape, storeImages } from '../images';
import type { SeedContext } from '../seed-context';
import { DAY_MS, daysAgo } from '../text';
import { ACCESSIBILITY_STATEMENT } from './accessibility-statement';
import { HEROES, POPUP, SLIDERS } from './banners';
import { BLOG_POSTS } from './blog-posts';
import { seedCatalogues } from './catalogues';
import { PAGES } from './pages';

const palette = (i: number) => PALETTES[i % PALETTES.length]!;

/**
 * Static pages, and with demo data the blog, heroes, sliders, the popup and catalogues; each only
 * where none exist yet. A real shop needs the pages (terms, privacy, imprint) from the first day.
 */
export async function seedContent(
  tx: Prisma.TransactionClient,
  ctx: SeedContext,
  { demoData }: { demoData: boolean },
): Promise<void> {
  await seedPages(tx, ctx);
  if (!demoData) return;
  await seedBlogPosts(tx, ctx);
  await seedHeroes(tx, ctx);
  await seedSliders(tx, ctx);
  await seedCatalogues(tx, ctx);
  await seedPopup(tx, ctx);
}

/** A new shop's pages: the specification's nine, then the accessibility statement the law asks for. */
const SHOP_PAGES = [...PAGES, ACCESSIBILITY_STATEMENT];

async function seedPages(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.page.count()) > 0) return ctx.log('tartalom: vannak oldalak, változatlan');
  const pages = await tx.page.createManyAndReturn({
    data: SHOP_PAGES.map((p, position) => ({ slug: p.slug, position })),
    select: { id: true, slug: true },
  });
  const ids = new Map(pages.map((p) => [p.slug, p.id]));
  await tx.description.createMany({
    data: SHOP_PAGES.map((p) => ({
      language: 'hu',
      pageId: idOf(ids, p.slug),
      title: p.title,
      body: p.body,
      metaTitle: p.title,
      metaDescription: p.metaDescription,
    })),
  });
  ctx.log(`tartalom: ${pages.length} statikus oldal`);
}

async function seedBlogPosts(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.blogPost.count()) > 0) return ctx.log('tartalom: vannak blogbejegyzések, változatlan');
  const images = await storeImages(
    tx,
    BLOG_POSTS.map((post, i) =>
      bannerImage({
        fileName: `blog-${post.slug}.svg`,
        title: post.title,
        subtitle: 'Kék Bögre blog',
        shapes: post.shapes,
        palette: palette(i + 2),
        width: 1200,
        height: 630,
      }),
    ),
  );
  const posts = await tx.blogPost.createManyAndReturn({
    data: BLOG_POSTS.map((post) => ({
      slug: post.slug,
      author: post.author,
      publishedAt: daysAgo(ctx.now, post.daysAgo),
      imageId: idOf(images, `blog-${post.slug}.svg`),
    })),
    select: { id: true, slug: true },
  });
  const ids = new Map(posts.map((p) => [p.slug, p.id]));
  await tx.description.createMany({
    data: BLOG_POSTS.map((post) => ({
      language: 'hu',
      blogPostId: idOf(ids, post.slug),
      title: post.title,
      body: post.body,
      metaTitle: post.title,
    })),
  });
  const links = await relatedProductLinks(tx, ids);
  await tx.blogPostProduct.createMany({ data: links });
  ctx.log(`tartalom: ${posts.length} blogbejegyzés, ${links.length} kapcsolt termékkel`);
}

/** Each post's recommended products: the first enabled demo product whose Hungarian name starts as listed. */
async function relatedProductLinks(tx: Prisma.TransactionClient, postIds: Map<string, number>) {
  const links: { blogPostId: number; productId: number; position: number }[] = [];
  for (const post of BLOG_POSTS) {
    const blogPostId = idOf(postIds, post.slug);
    for (const [position, prefix] of post.products.entries()) {
      const product = await tx.product.findFirst({
        where: { enabled: true, descriptions: { some: { language: 'hu', title: { startsWith: prefix } } } },
        orderBy: { id: 'asc' },
        select: { id: true },
      });
      if (!product)
        throw new Error(`The demo blog post "${post.slug}" recommends an unknown product "${prefix}"`);
      links.push({ blogPostId, productId: product.id, position });
    }
  }
  return links;
}

async function seedHeroes(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.hero.count()) > 0) return ctx.log('tartalom: vannak hero elemek, változatlan');
  // Pictures without words: the shop writes each hero's title, text and button over its picture.
  const images = await storeImages(
    tx,
    HEROES.flatMap((hero, i) => [
      bannerPicture(`hero-${i + 1}.svg`, hero, palette(i), 1600, 600),
      bannerPicture(`hero-${i + 1}-telefon.svg`, hero, palette(i), 800, 600),
    ]),
  );
  for (const [i, hero] of HEROES.entries()) {
    await tx.hero.create({
      data: {
        position: i,
        link: hero.link,
        buttonLabel: hero.buttonLabel ?? null,
        imageId: idOf(images, `hero-${i + 1}.svg`),
        mobileImageId: idOf(images, `hero-${i + 1}-telefon.svg`),
        descriptions: { create: { language: 'hu', title: hero.title, body: hero.body } },
      },
    });
  }
  ctx.log(`tartalom: ${HEROES.length} hero elem`);
}

/** A banner's picture: its drawings on its palette, with no text (the shop sets the text over it). */
function bannerPicture(
  fileName: string,
  banner: { shapes: readonly Shape[] },
  colours: (typeof PALETTES)[number],
  width: number,
  height: number,
) {
  return bannerImage({
    fileName,
    title: '',
    subtitle: '',
    shapes: banner.shapes,
    palette: colours,
    width,
    height,
  });
}

async function seedSliders(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.slider.count()) > 0) return ctx.log('tartalom: vannak sliderek, változatlan');
  const images = await storeImages(
    tx,
    SLIDERS.flatMap((slider, i) => [
      bannerPicture(`slider-${i + 1}.svg`, slider, palette(i + 4), 1920, 640),
      bannerPicture(`slider-${i + 1}-telefon.svg`, slider, palette(i + 4), 800, 600),
    ]),
  );
  const at = (days: number | undefined) =>
    days === undefined ? null : new Date(ctx.now.getTime() + days * DAY_MS);
  for (const [i, slider] of SLIDERS.entries()) {
    await tx.slider.create({
      data: {
        position: i,
        link: slider.link,
        activeFrom: at(slider.activeFromDays),
        activeTo: at(slider.activeToDays),
        imageId: idOf(images, `slider-${i + 1}.svg`),
        mobileImageId: idOf(images, `slider-${i + 1}-telefon.svg`),
        descriptions: { create: { language: 'hu', title: slider.title, body: slider.body } },
      },
    });
  }
  ctx.log(`tartalom: ${SLIDERS.length} slider`);
}

async function seedPopup(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if (await tx.popup.findUnique({ where: { id: 1 }, select: { id: true } })) {
    return ctx.log('tartalom: a felugró ablak már létezik, változatlan');
  }
  // Disabled: a demo shop should not greet every visitor with a popup.
  await tx.popup.create({ data: { id: 1, enabled: false, ...POPUP } });
  ctx.log('tartalom: felugró ablak (kikapcsolva)');
}
