import type { Prisma, PrismaClient } from '@shop/db';
import sharp, { type Sharp } from 'sharp';
import { DomainError } from '../errors';
import {
  MEDIA_MAX_BYTES,
  MEDIA_PDF_MAX_BYTES,
  MEDIA_PDF_TOO_LARGE,
  MEDIA_VARIANTS,
  mediaUrl,
  type TMedia,
  type TMediaUploadInput,
  type TMediaVariantName,
} from '../schemas';
import { readPdfPageCount, UnreadablePdfError } from './pdf/pdf-document';

/** Layout sizes (width in CSS pixels × 2 would be wasteful for a shop grid; these fit the layout). */
const RESIZED_VARIANTS = [
  { name: 'thumb', width: 160 },
  { name: 'card', width: 480 },
  { name: 'full', width: 1200 },
] as const;
const WEBP_QUALITY = 80;
/** The original stays close to what was uploaded; it is re-encoded only to shed its metadata. */
const ORIGINAL_QUALITY = 92;
/** A small file that decodes into a huge picture (a "decompression bomb") is refused. */
const MAX_INPUT_PIXELS = 40_000_000;

export const MEDIA_NOT_IMAGE = 'Csak JPEG, PNG, WebP vagy GIF kép, vagy PDF tölthető fel.';
export const MEDIA_NOT_PDF = 'A fájl nem olvasható PDF.';
const PDF_TYPE = 'application/pdf';
export const MEDIA_TOO_LARGE = 'A kép legfeljebb 8 MB lehet.';
export const MEDIA_NOT_FOUND = 'A keresett kép nem található.';

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** Re-encodes in the uploaded format; sharp writes no metadata unless asked to. */
function encodeOriginal(image: Sharp, type: SniffedType): Sharp {
  if (type === 'image/jpeg') return image.jpeg({ quality: ORIGINAL_QUALITY });
  if (type === 'image/png') return image.png();
  if (type === 'image/gif') return image.gif();
  return image.webp({ quality: ORIGINAL_QUALITY });
}

/**
 * The type the bytes really are; the declared MIME type and the file name are not trusted.
 * SVG is refused: it is a document that can carry scripts, and sanitising it safely is
 * more than a shop needs (the demo's own SVG pictures are stored by the seed, not uploaded).
 */
export function sniffMediaType(bytes: Uint8Array): SniffedType | typeof PDF_TYPE | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'image/gif';
  }
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 5) === '%PDF-') return PDF_TYPE;
  return null;
}

function decodeBase64(data: string): Buffer {
  const payload = data.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) {
    throw new DomainError('invalid_input', 'Hibás adat: dataBase64 – A fájl tartalma nem érvényes base64.', [
      { path: 'dataBase64', message: 'A fájl tartalma nem érvényes base64.' },
    ]);
  }
  return Buffer.from(payload, 'base64');
}

const mediaSelect = {
  id: true,
  originalName: true,
  mimeType: true,
  width: true,
  height: true,
  sizeBytes: true,
  alt: true,
  createdAt: true,
} as const;

function toMedia(row: {
  id: number;
  originalName: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  sizeBytes: number;
  alt: string | null;
  createdAt: Date;
}): TMedia {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    urls: {
      thumb: mediaUrl(row.id, 'thumb'),
      card: mediaUrl(row.id, 'card'),
      full: mediaUrl(row.id, 'full'),
      original: mediaUrl(row.id, 'original'),
    },
  };
}

/**
 * POST /api/media: checks the bytes, then stores an image with its WebP variants in layout sizes, or a
 * PDF as it came once pdf.js has opened it.
 */
export async function uploadMedia(prisma: PrismaClient, input: TMediaUploadInput): Promise<TMedia> {
  const bytes = decodeBase64(input.dataBase64);
  const type = sniffMediaType(bytes);
  if (type === PDF_TYPE) return storePdf(prisma, { bytes, fileName: input.fileName, alt: input.alt ?? null });
  if (bytes.byteLength > MEDIA_MAX_BYTES) throw new DomainError('payload_too_large', MEDIA_TOO_LARGE);
  if (!type) {
    throw new DomainError('invalid_input', MEDIA_NOT_IMAGE, [
      { path: 'dataBase64', message: MEDIA_NOT_IMAGE },
    ]);
  }
  return saveImage(prisma, await encodeImage(bytes, type), {
    fileName: input.fileName,
    alt: input.alt ?? null,
  });
}

type MediaWriter = Pick<Prisma.TransactionClient, 'media'>;

/** An image decoded and re-encoded in every stored size, ready to be written. */
export type EncodedImage = {
  type: SniffedType;
  sizeBytes: number;
  width: number;
  height: number;
  original: Buffer;
  variants: { name: string; data: Buffer; width: number; height: number }[];
};

/**
 * The CPU-heavy half of storing an image (an upload, or a catalogue cover rendered from a PDF), kept
 * apart from the write so a caller can do it before its transaction opens.
 */
export async function encodeImage(bytes: Buffer, type: SniffedType): Promise<EncodedImage> {
  try {
    // Every variant, the original too, is public: rotate() applies the EXIF orientation and
    // re-encoding drops the metadata, so no served file tells the camera or where it was taken.
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const meta = await source.metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    // Every frame of an animation is kept; the layout sizes are still pictures.
    const animated = (meta.pages ?? 1) > 1;
    const original = await encodeOriginal(
      animated
        ? sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: true }).rotate()
        : source.clone(),
      type,
    ).toBuffer();
    const variants = await Promise.all(
      RESIZED_VARIANTS.map(async (variant) => {
        const { data, info } = await source
          .clone()
          .resize({ width: variant.width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { name: variant.name, data, width: info.width, height: info.height };
      }),
    );
    return { type, sizeBytes: bytes.byteLength, width, height, original, variants };
  } catch (error) {
    throw new DomainError('invalid_input', `A kép nem olvasható. ${MEDIA_NOT_IMAGE}`, undefined, {
      cause: error,
    });
  }
}

/** Writes an encoded image with its variants as one medium of the library. */
export async function saveImage(
  prisma: MediaWriter,
  image: EncodedImage,
  { fileName, alt }: { fileName: string; alt: string | null },
): Promise<TMedia> {
  const { type, width, height } = image;
  const created = await prisma.media.create({
    data: {
      originalName: fileName,
      mimeType: type,
      width,
      height,
      sizeBytes: image.sizeBytes,
      alt,
      variants: {
        create: [
          { name: 'original', mimeType: type, width, height, data: new Uint8Array(image.original) },
          ...image.variants.map((variant) => ({
            name: variant.name,
            mimeType: 'image/webp',
            width: variant.width,
            height: variant.height,
            data: new Uint8Array(variant.data),
          })),
        ],
      },
    },
    select: mediaSelect,
  });
  return toMedia(created);
}

/**
 * A PDF is kept byte for byte (its one variant is the original) once pdf.js has opened it: a file
 * that only starts like a PDF is refused here, not when a catalogue is saved or its cover rendered.
 */
async function storePdf(
  prisma: MediaWriter,
  { bytes, fileName, alt }: { bytes: Buffer; fileName: string; alt: string | null },
): Promise<TMedia> {
  if (bytes.byteLength > MEDIA_PDF_MAX_BYTES) throw new DomainError('payload_too_large', MEDIA_PDF_TOO_LARGE);
  try {
    await readPdfPageCount(bytes);
  } catch (error) {
    if (!(error instanceof UnreadablePdfError)) throw error;
    throw new DomainError('invalid_input', MEDIA_NOT_PDF, [{ path: 'dataBase64', message: MEDIA_NOT_PDF }], {
      cause: error,
    });
  }
  const created = await prisma.media.create({
    data: {
      originalName: fileName,
      mimeType: PDF_TYPE,
      sizeBytes: bytes.byteLength,
      alt,
      variants: { create: [{ name: 'original', mimeType: PDF_TYPE, data: new Uint8Array(bytes) }] },
    },
    select: mediaSelect,
  });
  return toMedia(created);
}

/** The media library is a picture library: a catalogue's PDF is reached through its catalogue. */
const IMAGES_ONLY = { mimeType: { startsWith: 'image/' } } as const;

export async function listMedia(prisma: PrismaClient, page: number, pageSize: number) {
  const [total, rows] = await Promise.all([
    prisma.media.count({ where: IMAGES_ONLY }),
    prisma.media.findMany({
      where: IMAGES_ONLY,
      select: mediaSelect,
      orderBy: { id: 'desc' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
  ]);
  return { items: rows.map(toMedia), total, page, pageSize };
}

/**
 * The bytes the server sends for `/media/{id}/{variant}`. A medium without that size
 * (the seed's SVG pictures scale by themselves) answers its original. Variants never
 * change once stored, so the server may cache them for a year.
 */
export async function getMediaVariant(
  prisma: PrismaClient,
  id: number,
  variant: string,
): Promise<{ data: Uint8Array; mimeType: string; fileName: string } | null> {
  if (!(MEDIA_VARIANTS as readonly string[]).includes(variant)) return null;
  const rows = await prisma.mediaVariant.findMany({
    where: { mediaId: id, name: { in: [variant as TMediaVariantName, 'original'] } },
    select: { name: true, mimeType: true, data: true, media: { select: { originalName: true } } },
  });
  const row = rows.find((candidate) => candidate.name === variant) ?? rows[0];
  return row ? { data: row.data, mimeType: row.mimeType, fileName: row.media.originalName } : null;
}
