import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError } from '../../errors';
import { type EncodedImage, encodeImage, saveImage } from '../media';
import { readPdfPageCount, renderFirstPagePng, UnreadablePdfError } from '../pdf/pdf-document';

const PDF_NOT_FOUND = 'A kiválasztott PDF nem található a médiatárban.';
const PDF_UNREADABLE = 'A kiválasztott PDF nem nyitható meg.';

export type StoredPdf = { id: number; name: string; bytes: Uint8Array };

/** The PDF a catalogue points at, from the media library; a 400 on `file` when it is not a PDF there. */
export async function loadCataloguePdf(
  prisma: Pick<PrismaClient, 'media'>,
  fileId: number,
): Promise<StoredPdf> {
  const media = await prisma.media.findFirst({
    where: { id: fileId, mimeType: 'application/pdf' },
    select: {
      id: true,
      originalName: true,
      variants: { where: { name: 'original' }, select: { data: true } },
    },
  });
  const data = media?.variants[0]?.data;
  if (!media || !data)
    throw new DomainError('invalid_input', PDF_NOT_FOUND, [{ path: 'file', message: PDF_NOT_FOUND }]);
  return { id: media.id, name: media.originalName, bytes: data };
}

function unreadable(error: unknown): never {
  if (!(error instanceof UnreadablePdfError)) throw error;
  throw new DomainError('invalid_input', PDF_UNREADABLE, [{ path: 'file', message: PDF_UNREADABLE }], {
    cause: error,
  });
}

export function pageCountOf(pdf: StoredPdf): Promise<number> {
  return readPdfPageCount(pdf.bytes).catch(unreadable);
}

/**
 * A cover drawn from the PDF's first page and encoded in every size, not stored yet: rendering and
 * encoding take seconds on a busy server, so they happen before the transaction opens.
 */
export type RenderedCover = { image: EncodedImage; pageCount: number; fileName: string };

export async function renderCover(pdf: StoredPdf): Promise<RenderedCover> {
  const { png, pageCount } = await renderFirstPagePng(pdf.bytes).catch(unreadable);
  return {
    image: await encodeImage(png, 'image/png'),
    pageCount,
    fileName: `${pdf.name.replace(/\.pdf$/i, '')}-borito.png`,
  };
}

/** Stores a rendered cover as an image of the media library, with the same variants as an upload. */
export async function storeCover(
  tx: Pick<Prisma.TransactionClient, 'media'>,
  cover: RenderedCover,
  alt: string,
): Promise<number> {
  const media = await saveImage(tx, cover.image, { fileName: cover.fileName, alt });
  return media.id;
}

/**
 * Catalogues that have a PDF but no cover get one drawn from the PDF's first page. The demo seed
 * stores PDFs without covers (it cannot render: pdf.js lives here, not in the database package),
 * so the server fills them in at start. Each cover is claimed with a conditional update, so servers
 * starting together never store two.
 */
export async function renderMissingCatalogueCovers(prisma: PrismaClient): Promise<number> {
  const missing = await prisma.catalogue.findMany({
    where: { imageId: null, fileId: { not: null } },
    select: {
      id: true,
      fileId: true,
      descriptions: { select: { title: true }, take: 1, orderBy: { id: 'asc' } },
    },
  });
  let rendered = 0;
  for (const catalogue of missing) {
    if (catalogue.fileId === null) continue;
    const cover = await renderCover(await loadCataloguePdf(prisma, catalogue.fileId));
    const claimed = await prisma.$transaction(async (tx) => {
      const imageId = await storeCover(tx, cover, catalogue.descriptions[0]?.title ?? cover.fileName);
      const updated = await tx.catalogue.updateMany({
        where: { id: catalogue.id, imageId: null },
        data: { imageId, pageCount: cover.pageCount },
      });
      if (updated.count === 0) await tx.media.delete({ where: { id: imageId } });
      return updated.count === 1;
    });
    if (claimed) rendered += 1;
  }
  return rendered;
}
