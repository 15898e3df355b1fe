import type { PrismaClient } from '@shop/db';
import type { VersionedCache } from '../cache';
import type { TShopDetails, TShopDetailsSaved } from '../schemas/shop-setting';
import { bumpCatalogue, invalidateCatalogue } from './catalogue/in-memory-index';

/** The shop's own details; the Barion Pixel ID in the same row belongs to services/barion-pixel.ts. */
const detailsSelect = {
  shopName: true,
  companyName: true,
  address: true,
  taxNumber: true,
  registrationNumber: true,
  email: true,
  phone: true,
  phoneHours: true,
  mapUrl: true,
  vatExempt: true,
} as const;

const EMPTY: TShopDetails = {
  shopName: '',
  companyName: '',
  address: '',
  taxNumber: '',
  registrationNumber: '',
  email: '',
  phone: '',
  phoneHours: '',
  mapUrl: null,
  vatExempt: false,
};

/** Read on each request (one indexed row), so an edit shows on every server at once. */
export async function getShopDetails(prisma: PrismaClient): Promise<TShopDetails> {
  const row = await prisma.shopSetting.findUnique({ where: { id: 1 }, select: detailsSelect });
  return row ?? EMPTY;
}

/**
 * Saves the details. Turning "alanyi adómentes" on or off changes the class every line is sold at, which
 * the in-memory catalogue carries (in-memory-index.ts), so it is rebuilt on every server like after a price change.
 */
export async function saveShopDetails(
  deps: { prisma: PrismaClient; cache: VersionedCache },
  data: TShopDetailsSaved,
): Promise<TShopDetails> {
  const { vatExempt, ...details } = data;
  const saved = await deps.prisma.$transaction(async (tx) => {
    const before = await tx.shopSetting.findUnique({ where: { id: 1 }, select: { vatExempt: true } });
    const row = await tx.shopSetting.upsert({
      where: { id: 1 },
      create: { id: 1, ...details, vatExempt: vatExempt ?? false },
      update: { ...details, ...(vatExempt !== undefined ? { vatExempt } : {}) },
      select: detailsSelect,
    });
    const vatChanged = row.vatExempt !== (before?.vatExempt ?? false);
    if (vatChanged) await bumpCatalogue(tx);
    return { row, vatChanged };
  });
  if (saved.vatChanged) invalidateCatalogue(deps.cache);
  return saved.row;
}
