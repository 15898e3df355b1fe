import type { PrismaClient } from '@shop/db';

/** An SVG that would run script if a browser opened it as a document with a lax policy. */
export const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10" fill="#1d3282"/></svg>';
/** Stand-in bytes for a WebP variant: the server sends stored bytes as they are. */
export const FAKE_WEBP = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 card');

export type CatalogueFixture = {
  svgMediaId: number;
  photoMediaId: number;
  kitchen: { id: number };
  mugs: { id: number };
  hidden: { id: number };
  mug: { id: number; pretty: string };
  soldOut: { id: number; pretty: string };
  disabled: { id: number; pretty: string };
  inHidden: { id: number; pretty: string };
};

async function category(
  prisma: PrismaClient,
  slug: string,
  title: string,
  options: { parentId?: number; enabled?: boolean; body?: string; metaDescription?: string } = {},
) {
  return prisma.category.create({
    data: {
      slug,
      parentId: options.parentId ?? null,
      enabled: options.enabled ?? true,
      descriptions: {
        create: {
          language: 'hu',
          title,
          body: options.body ?? null,
          metaDescription: options.metaDescription ?? null,
        },
      },
    },
    select: { id: true },
  });
}

async function product(
  prisma: PrismaClient,
  data: {
    slug: string;
    title: string;
    kutiId?: string;
    grossPrice: number;
    stock: number;
    enabled?: boolean;
    body?: string;
    categoryId: number;
    mediaId?: number;
  },
) {
  const created = await prisma.product.create({
    data: {
      slug: data.slug,
      kutiId: data.kutiId ?? null,
      grossPrice: data.grossPrice,
      stock: data.stock,
      enabled: data.enabled ?? true,
      descriptions: { create: { language: 'hu', title: data.title, body: data.body ?? null } },
      categories: { create: { categoryId: data.categoryId, primary: true } },
      ...(data.mediaId ? { images: { create: { mediaId: data.mediaId, position: 0 } } } : {}),
    },
    select: { id: true },
  });
  return { id: created.id, pretty: `${data.slug}-${created.id}` };
}

/** A small catalogue with every case the crawler-facing pages must tell apart. */
export async function seedCatalogue(prisma: PrismaClient): Promise<CatalogueFixture> {
  const svg = await prisma.media.create({
    data: {
      originalName: 'bogre.svg',
      mimeType: 'image/svg+xml',
      sizeBytes: HOSTILE_SVG.length,
      variants: {
        create: [
          { name: 'original', mimeType: 'image/svg+xml', data: new Uint8Array(Buffer.from(HOSTILE_SVG)) },
        ],
      },
    },
    select: { id: true },
  });
  const photo = await prisma.media.create({
    data: {
      originalName: 'foto.png',
      mimeType: 'image/png',
      sizeBytes: 100,
      variants: {
        create: [
          { name: 'original', mimeType: 'image/png', data: new Uint8Array(Buffer.from('PNG original')) },
          { name: 'card', mimeType: 'image/webp', data: new Uint8Array(FAKE_WEBP) },
          { name: 'full', mimeType: 'image/webp', data: new Uint8Array(Buffer.from('RIFF full WEBP')) },
        ],
      },
    },
    select: { id: true },
  });

  const kitchen = await category(prisma, 'konyha', 'Konyha', {
    body: '<p>Minden, ami a <strong>főzéshez</strong> kell.</p>',
  });
  const mugs = await category(prisma, 'bogrek', 'Bögrék', {
    parentId: kitchen.id,
    metaDescription: 'Porcelán és kerámia bögrék minden napra.',
  });
  const hidden = await category(prisma, 'rejtett', 'Rejtett', { enabled: false });

  const mug = await product(prisma, {
    slug: 'kek-bogre',
    title: 'Kék bögre </script><script>alert("x")</script> & társai',
    kutiId: 'KB-001',
    grossPrice: 1290,
    stock: 12,
    body: '<p>Porcelán bögre, <em>3 dl</em> &amp; mosogatógépben mosható.</p>',
    categoryId: mugs.id,
    mediaId: svg.id,
  });
  const soldOut = await product(prisma, {
    slug: 'piros-bogre',
    title: 'Piros bögre',
    grossPrice: 1490,
    stock: 0,
    categoryId: mugs.id,
  });
  const disabled = await product(prisma, {
    slug: 'regi-bogre',
    title: 'Régi bögre',
    grossPrice: 990,
    stock: 3,
    enabled: false,
    categoryId: mugs.id,
  });
  const inHidden = await product(prisma, {
    slug: 'titkos-tanyer',
    title: 'Titkos tányér',
    grossPrice: 2990,
    stock: 1,
    categoryId: hidden.id,
  });

  await prisma.page.create({
    data: {
      slug: 'szallitasi-informaciok',
      descriptions: {
        create: {
          language: 'hu',
          title: 'Szállítási információk',
          body: '<h2>Szállítás</h2><p>Futárral 2 munkanap.</p>',
          metaDescription: 'Szállítási módok, díjak és határidők.',
        },
      },
    },
  });
  await prisma.page.create({
    data: {
      slug: 'vazlat',
      published: false,
      descriptions: { create: { language: 'hu', title: 'Vázlat', body: '<p>Még nem kész.</p>' } },
    },
  });

  return {
    svgMediaId: svg.id,
    photoMediaId: photo.id,
    kitchen,
    mugs,
    hidden,
    mug,
    soldOut,
    disabled,
    inHidden,
  };
}
