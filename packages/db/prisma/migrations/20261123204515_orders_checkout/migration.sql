-- AlterEnum
ALTER TYPE "PaymentStatus" ADD VALUE 'expired';

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "accessKeyHash" TEXT NOT NULL,
ADD COLUMN     "idempotencyKey" TEXT,
ADD COLUMN     "rounding" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shippingDeliveryTime" TEXT,
ADD COLUMN     "termsVersion" TEXT NOT NULL;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "posTransactionId" TEXT,
ADD COLUMN     "stateCheckedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "stockChangedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ShippingMethod" ADD COLUMN     "allowedPaymentMethodIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "deliveryTime" TEXT;

-- CreateTable
CREATE TABLE "OrderNumberCounter" (
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "OrderNumberCounter_pkey" PRIMARY KEY ("year")
);

-- CreateIndex
CREATE UNIQUE INDEX "Order_idempotencyKey_key" ON "Order"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "Order_accessKeyHash_key" ON "Order"("accessKeyHash");

-- CreateIndex
CREATE INDEX "Product_stockChangedAt_idx" ON "Product"("stockChangedAt");
