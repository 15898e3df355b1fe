-- AlterEnum
ALTER TYPE "PromotionKind" ADD VALUE 'gift';

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "gift" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Promotion" ADD COLUMN     "giftProductId" INTEGER;

-- AddForeignKey
ALTER TABLE "Promotion" ADD CONSTRAINT "Promotion_giftProductId_fkey" FOREIGN KEY ("giftProductId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;
