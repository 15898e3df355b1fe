import type { Prisma } from '../generated/prisma/client';
import { COMPANY } from './company';
import type { SeedContext } from './seed-context';

/** The demo company as the shop's details (shown on /contact and in the footer); no Pixel ID. */
export async function seedShopSetting(tx: Prisma.TransactionClient, ctx: SeedContext): Promise<void> {
  if (await tx.shopSetting.findUnique({ where: { id: 1 }, select: { id: true } })) {
    return ctx.log('bolt adatai: már megadva, változatlan');
  }
  await tx.shopSetting.create({
    data: {
      id: 1,
      shopName: COMPANY.shopName,
      companyName: COMPANY.name,
      address: COMPANY.address,
      taxNumber: COMPANY.taxNumber,
      registrationNumber: COMPANY.registrationNumber,
      email: COMPANY.email,
      phone: COMPANY.phone,
      phoneHours: COMPANY.phoneHours,
      mapUrl: `https://www.openstreetmap.org/search?query=${encodeURIComponent(COMPANY.address)}`,
    },
  });
  ctx.log('bolt adatai: a demó cég adatai');
}
