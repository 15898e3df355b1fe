import type { Prisma } from '../../generated/prisma/client';
import { bannerImage, idOf, PALETTES, storeImages } from '../images';
import type { SeedContext } from '../seed-context';
import { DAY_MS, daysAgo } from '../text';
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

async function seedPages(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.page.count()) > 0) return ctx.log('tartalom: vannak oldalak, változatlan');
  const pages = await tx.page.createManyAndReturn({
    data: PAGES.map((p, position) => ({ slug: p.slug, position })),
    select: { id: true, slug: true },
  });
  const ids = new Map(pages.map((p) => [p.slug, p.id]));
  await tx.description.createMany({
    data: PAGES.map((p) => ({
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
  ctx.log(`tartalom: ${posts.length} blogbejegyzés`);
}

async function seedHeroes(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.hero.count()) > 0) return ctx.log('tartalom: vannak hero elemek, változatlan');
  const images = await storeImages(
    tx,
    HEROES.map((hero, i) =>
      bannerImage({
        fileName: `hero-${i + 1}.svg`,
        title: hero.title,
        subtitle: hero.body,
        shapes: hero.shapes,
        palette: palette(i),
      }),
    ),
  );
  for (const [i, hero] of HEROES.entries()) {
    await tx.hero.create({
      data: {
        position: i,
        link: hero.link,
        imageId: idOf(images, `hero-${i + 1}.svg`),
        descriptions: { create: { language: 'hu', title: hero.title, body: hero.body } },
      },
    });
  }
  ctx.log(`tartalom: ${HEROES.length} hero elem`);
}

async function seedSliders(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if ((await tx.slider.count()) > 0) return ctx.log('tartalom: vannak sliderek, változatlan');
  const images = await storeImages(
    tx,
    SLIDERS.map((slider, i) =>
      bannerImage({
        fileName: `slider-${i + 1}.svg`,
        title: slider.title,
        subtitle: slider.body,
        shapes: slider.shapes,
        palette: palette(i + 4),
        width: 1920,
        height: 640,
      }),
    ),
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
