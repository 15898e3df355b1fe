-- CreateEnum
CREATE TYPE "PromotionKind" AS ENUM ('percent', 'amount', 'free_shipping', 'second_half');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "discountTotal" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "discount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Promotion" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "automatic" BOOLEAN NOT NULL DEFAULT false,
    "kind" "PromotionKind" NOT NULL,
    "value" INTEGER NOT NULL DEFAULT 0,
    "minCartValue" INTEGER,
    "categoryIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "productIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "propertyValueIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "customerGroupIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "firstOrderOnly" BOOLEAN NOT NULL DEFAULT false,
    "combines" BOOLEAN NOT NULL DEFAULT false,
    "startsAt" TIMESTAMP(3),
    "endsAt" TIMESTAMP(3),
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "usageLimit" INTEGER,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "perCustomerLimit" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Promotion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CouponCode" (
    "id" SERIAL NOT NULL,
    "promotionId" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "usageLimit" INTEGER,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CouponCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PromotionCustomerUse" (
    "promotionId" INTEGER NOT NULL,
    "customer" TEXT NOT NULL,
    "uses" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PromotionCustomerUse_pkey" PRIMARY KEY ("promotionId","customer")
);

-- CreateTable
CREATE TABLE "OrderDiscount" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "promotionId" INTEGER,
    "couponCodeId" INTEGER,
    "code" TEXT,
    "label" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "shipping" BOOLEAN NOT NULL DEFAULT false,
    "customer" TEXT NOT NULL,
    "releasedAt" TIMESTAMP(3),

    CONSTRAINT "OrderDiscount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Promotion_automatic_paused_idx" ON "Promotion"("automatic", "paused");

-- CreateIndex
CREATE UNIQUE INDEX "CouponCode_code_key" ON "CouponCode"("code");

-- CreateIndex
CREATE INDEX "CouponCode_promotionId_idx" ON "CouponCode"("promotionId");

-- CreateIndex
CREATE INDEX "OrderDiscount_orderId_idx" ON "OrderDiscount"("orderId");

-- CreateIndex
CREATE INDEX "OrderDiscount_promotionId_idx" ON "OrderDiscount"("promotionId");

-- AddForeignKey
ALTER TABLE "CouponCode" ADD CONSTRAINT "CouponCode_promotionId_fkey" FOREIGN KEY ("promotionId") REFERENCES "Promotion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PromotionCustomerUse" ADD CONSTRAINT "PromotionCustomerUse_promotionId_fkey" FOREIGN KEY ("promotionId") REFERENCES "Promotion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderDiscount" ADD CONSTRAINT "OrderDiscount_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderDiscount" ADD CONSTRAINT "OrderDiscount_promotionId_fkey" FOREIGN KEY ("promotionId") REFERENCES "Promotion"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderDiscount" ADD CONSTRAINT "OrderDiscount_couponCodeId_fkey" FOREIGN KEY ("couponCodeId") REFERENCES "CouponCode"("id") ON DELETE SET NULL ON UPDATE CASCADE;
