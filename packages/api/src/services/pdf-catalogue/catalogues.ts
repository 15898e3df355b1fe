import type { Prisma, PrismaClient } from '@shop/db';
import { DomainError, MESSAGES } from '../../errors';
import { mediaUrl, type TCatalogue, type TCatalogueCreateInput, type TCatalogueUpdate } from '../../schemas';
import { assertImages } from '../banner/banner-image';
import {
  descriptionSelect,
  descriptionUpsertArgs,
  primaryDescription,
  saveDescriptions,
  slugTitleOf,
  sortDescriptions,
  toDescriptionDto,
} from '../description';
import { loadCataloguePdf, pageCountOf, type RenderedCover, renderCover, storeCover } from './cover';

const catalogueSelect = {
  id: true,
  position: true,
  enabled: true,
  validFrom: true,
  validTo: true,
  pageCount: true,
  updatedAt: true,
  file: { select: { id: true, originalName: true, sizeBytes: true } },
  image: { select: { id: true } },
  descriptions: { select: descriptionSelect },
} as const satisfies Prisma.CatalogueSelect;

type CatalogueRow = Prisma.CatalogueGetPayload<{ select: typeof catalogueSelect }>;

/**
 * What shoppers see at `now`: enabled, with its PDF, inside its validity window. The end is
 * exclusive, as a banner's: a catalogue "until 2027-02-01T00:00" is gone at midnight.
 */
function currentWhere(now: Date): Prisma.CatalogueWhereInput {
  return {
    enabled: true,
    fileId: { not: null },
    AND: [
      { OR: [{ validFrom: null }, { validFrom: { lte: now } }] },
      { OR: [{ validTo: null }, { validTo: { gt: now } }] },
    ],
  };
}

function isCurrent(row: CatalogueRow, now: Date): boolean {
  return (
    row.enabled &&
    row.file !== null &&
    (row.validFrom === null || row.validFrom <= now) &&
    (row.validTo === null || row.validTo > now)
  );
}

function toCatalogueDto(row: CatalogueRow, now: Date): TCatalogue {
  const primary = primaryDescription(row.descriptions);
  return {
    id: row.id,
    title: primary?.title ?? '',
    body: primary?.body ?? null,
    descriptions: sortDescriptions(row.descriptions).map(toDescriptionDto),
    position: row.position,
    enabled: row.enabled,
    current: isCurrent(row, now),
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    file: row.file
      ? {
          id: row.file.id,
          name: row.file.originalName,
          sizeBytes: row.file.sizeBytes,
          url: mediaUrl(row.file.id, 'original'),
        }
      : null,
    pageCount: row.pageCount,
    cover: row.image
      ? { id: row.image.id, thumb: mediaUrl(row.image.id, 'thumb'), card: mediaUrl(row.image.id, 'card') }
      : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ORDER = [
  { position: 'asc' },
  { id: 'asc' },
] as const satisfies Prisma.CatalogueOrderByWithRelationInput[];

/** GET /api/catalogue: shoppers get the current catalogues, an admin every one. */
export async function listCatalogues(
  prisma: PrismaClient,
  includeAll: boolean,
  now = new Date(),
): Promise<TCatalogue[]> {
  const rows = await prisma.catalogue.findMany({
    where: includeAll ? {} : currentWhere(now),
    orderBy: [...ORDER],
    select: catalogueSelect,
  });
  return rows.map((row) => toCatalogueDto(row, now));
}

export async function getCatalogue(
  prisma: PrismaClient,
  id: number,
  includeAll: boolean,
  now = new Date(),
): Promise<TCatalogue> {
  const row = await prisma.catalogue.findFirst({
    where: includeAll ? { id } : { id, ...currentWhere(now) },
    select: catalogueSelect,
  });
  if (!row) throw new DomainError('not_found', MESSAGES.notFound);
  return toCatalogueDto(row, now);
}

/** The cover to store: drawn from the PDF when none is chosen; the page count is read either way. */
async function preparePdf(
  prisma: PrismaClient,
  fileId: number,
  renderNewCover: boolean,
): Promise<{ pageCount: number; cover: RenderedCover | null }> {
  const pdf = await loadCataloguePdf(prisma, fileId);
  if (!renderNewCover) return { pageCount: await pageCountOf(pdf), cover: null };
  const cover = await renderCover(pdf);
  return { pageCount: cover.pageCount, cover };
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

export async function createCatalogue(
  prisma: PrismaClient,
  input: TCatalogueCreateInput,
): Promise<TCatalogue> {
  // pdf.js works before the transaction opens: rendering a page may take a while.
  const prepared = await preparePdf(prisma, input.file, input.image == null);
  const row = await prisma.$transaction(async (tx) => {
    await assertImages(tx, { image: input.image });
    const imageId = prepared.cover
      ? await storeCover(tx, prepared.cover, slugTitleOf(input.descriptions))
      : (input.image ?? null);
    return tx.catalogue.create({
      data: {
        fileId: input.file,
        pageCount: prepared.pageCount,
        imageId,
        position: input.position ?? 0,
        enabled: input.enabled ?? true,
        validFrom: toDate(input.validFrom),
        validTo: toDate(input.validTo),
        descriptions: {
          create: input.descriptions.map((description) => descriptionUpsertArgs(description).create),
        },
      },
      select: catalogueSelect,
    });
  });
  return toCatalogueDto(row, new Date());
}

/**
 * Fields left out keep their value. A new PDF without a chosen cover, or `image: null`, draws the
 * cover from the (new) PDF's first page; the validity window is checked as it will be stored.
 */
export async function updateCatalogue(prisma: PrismaClient, input: TCatalogueUpdate): Promise<TCatalogue> {
  const existing = await prisma.catalogue.findUnique({
    where: { id: input.id },
    select: { fileId: true, validFrom: true, validTo: true },
  });
  if (!existing) throw new DomainError('not_found', MESSAGES.notFound);
  const fileId = input.file ?? existing.fileId;
  const fileChanged = input.file !== undefined && input.file !== existing.fileId;
  const wantsRenderedCover = input.image === null || (fileChanged && input.image === undefined);
  const prepared =
    fileId !== null && (fileChanged || wantsRenderedCover)
      ? await preparePdf(prisma, fileId, wantsRenderedCover)
      : null;

  const validFrom = input.validFrom === undefined ? existing.validFrom : toDate(input.validFrom);
  const validTo = input.validTo === undefined ? existing.validTo : toDate(input.validTo);
  if (validFrom && validTo && validTo <= validFrom) {
    const message = 'Az érvényesség vége legyen a kezdete után.';
    throw new DomainError('invalid_input', message, [{ path: 'validTo', message }]);
  }

  const row = await prisma.$transaction(async (tx) => {
    await assertImages(tx, { image: input.image });
    if (input.descriptions) await saveDescriptions(tx, { catalogueId: input.id }, input.descriptions);
    let imageId: number | null | undefined = input.image;
    if (prepared?.cover) {
      const title = await tx.description.findFirst({
        where: { catalogueId: input.id },
        orderBy: { id: 'asc' },
        select: { title: true },
      });
      imageId = await storeCover(tx, prepared.cover, title?.title ?? prepared.cover.fileName);
    } else if (wantsRenderedCover) {
      imageId = null;
    }
    // Always touches the row, so updatedAt also moves when only the description changed.
    return tx.catalogue.update({
      where: { id: input.id },
      data: {
        updatedAt: new Date(),
        ...(input.file !== undefined ? { fileId: input.file } : {}),
        ...(prepared ? { pageCount: prepared.pageCount } : {}),
        ...(imageId !== undefined ? { imageId } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        validFrom,
        validTo,
      },
      select: catalogueSelect,
    });
  });
  return toCatalogueDto(row, new Date());
}

/**
 * Deletes the catalogue and its PDF when no other catalogue uses it: the media library lists only
 * pictures, so an orphan PDF could never be reached or removed. The cover stays in the library.
 */
export async function deleteCatalogue(prisma: PrismaClient, id: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const catalogue = await tx.catalogue.findUnique({ where: { id }, select: { fileId: true } });
    if (!catalogue) throw new DomainError('not_found', MESSAGES.notFound);
    await tx.catalogue.delete({ where: { id } });
    if (catalogue.fileId !== null) {
      await tx.media.deleteMany({
        where: { id: catalogue.fileId, catalogueFiles: { none: {} } },
      });
    }
  });
}
