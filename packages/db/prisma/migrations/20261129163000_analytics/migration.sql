-- CreateEnum
CREATE TYPE "MetaConversionStatus" AS ENUM ('pending', 'sent', 'failed');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "marketingConsentId" VARCHAR(64);

-- CreateTable
CREATE TABLE "AnalyticsSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "ga4Enabled" BOOLEAN NOT NULL DEFAULT false,
    "ga4MeasurementId" VARCHAR(20),
    "metaPixelEnabled" BOOLEAN NOT NULL DEFAULT false,
    "metaPixelId" VARCHAR(20),
    "metaCapiTokenEncrypted" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AnalyticsSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MetaConversion" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "eventId" VARCHAR(64) NOT NULL,
    "status" "MetaConversionStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MetaConversion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MetaConversion_orderId_key" ON "MetaConversion"("orderId");

-- CreateIndex
CREATE INDEX "MetaConversion_status_nextAttemptAt_idx" ON "MetaConversion"("status", "nextAttemptAt");

-- AddForeignKey
ALTER TABLE "MetaConversion" ADD CONSTRAINT "MetaConversion_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
