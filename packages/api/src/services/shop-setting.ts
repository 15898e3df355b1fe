import type { PrismaClient } from '@shop/db';
import type { TShopDetails, TShopDetailsSaved } from '../schemas/shop-setting';

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
};

/** Read on each request (one indexed row), so an edit shows on every server at once. */
export async function getShopDetails(prisma: PrismaClient): Promise<TShopDetails> {
  const row = await prisma.shopSetting.findUnique({ where: { id: 1 }, select: detailsSelect });
  return row ?? EMPTY;
}

export async function saveShopDetails(prisma: PrismaClient, data: TShopDetailsSaved): Promise<TShopDetails> {
  return prisma.shopSetting.upsert({
    where: { id: 1 },
    create: { id: 1, ...data },
    update: data,
    select: detailsSelect,
  });
}
