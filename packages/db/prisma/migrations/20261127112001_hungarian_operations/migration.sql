-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('pending', 'issued', 'failed');

-- AlterTable
ALTER TABLE "Address" ADD COLUMN     "euVatNumber" TEXT;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "billingEuVatNumber" TEXT,
ADD COLUMN     "pickupPoint" JSONB;

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "unit" TEXT NOT NULL DEFAULT 'db',
ADD COLUMN     "vatClass" VARCHAR(3) NOT NULL DEFAULT '27';

-- Existing lines keep the rate they were sold at: a 0 percent line was tax exempt (TAM)
UPDATE "OrderLine" SET "vatClass" = CASE WHEN "vatRate" = 0 THEN 'TAM' ELSE "vatRate"::text END;

-- AlterTable (the VAT class replaces the percent, which is derived from it from now on)
ALTER TABLE "Product" ADD COLUMN     "netQuantity" DOUBLE PRECISION,
ADD COLUMN     "netQuantityUnit" VARCHAR(2),
ADD COLUMN     "vatClass" VARCHAR(3) NOT NULL DEFAULT '27';

UPDATE "Product" SET "vatClass" = CASE WHEN "vatRate" = 0 THEN 'TAM' ELSE "vatRate"::text END;

ALTER TABLE "Product" DROP COLUMN "vatRate";

-- AlterTable
ALTER TABLE "ShippingMethod" ADD COLUMN     "pickupCarrier" VARCHAR(16);

-- AlterTable
ALTER TABLE "ShopSetting" ADD COLUMN     "vatExempt" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "InvoiceSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "provider" VARCHAR(16) NOT NULL DEFAULT 'szamlazz',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "agentKeyEncrypted" TEXT,
    "prefix" VARCHAR(16) NOT NULL DEFAULT 'KBB',
    "eInvoice" BOOLEAN NOT NULL DEFAULT true,
    "sendToBuyer" BOOLEAN NOT NULL DEFAULT true,
    "offlineIssueOn" VARCHAR(16) NOT NULL DEFAULT 'completed',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InvoiceSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "kind" VARCHAR(8) NOT NULL DEFAULT 'invoice',
    "externalId" TEXT NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'pending',
    "provider" VARCHAR(16) NOT NULL,
    "number" TEXT,
    "providerId" TEXT,
    "netTotal" INTEGER,
    "grossTotal" INTEGER,
    "pdf" BYTEA,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "issuedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PickupPoint" (
    "id" SERIAL NOT NULL,
    "carrier" VARCHAR(16) NOT NULL,
    "externalId" TEXT NOT NULL,
    "kind" TEXT,
    "name" TEXT NOT NULL,
    "postcode" VARCHAR(10) NOT NULL,
    "city" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "hours" JSONB NOT NULL DEFAULT '[]',
    "findMe" TEXT,
    "searchText" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "seenAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PickupPoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PickupPointFeed" (
    "carrier" VARCHAR(16) NOT NULL,
    "lastStartedAt" TIMESTAMP(3),
    "lastImportedAt" TIMESTAMP(3),
    "pointCount" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PickupPointFeed_pkey" PRIMARY KEY ("carrier")
);

-- CreateTable
CREATE TABLE "CarrierSetting" (
    "carrier" VARCHAR(16) NOT NULL,
    "username" TEXT,
    "passwordEncrypted" TEXT,
    "apiKeyEncrypted" TEXT,
    "environment" VARCHAR(8) NOT NULL DEFAULT 'test',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CarrierSetting_pkey" PRIMARY KEY ("carrier")
);

-- CreateTable
CREATE TABLE "Parcel" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "carrier" VARCHAR(16) NOT NULL,
    "parcelNumber" TEXT NOT NULL,
    "trackingUrl" TEXT NOT NULL,
    "label" BYTEA,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Parcel_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_externalId_key" ON "Invoice"("externalId");

-- CreateIndex
CREATE INDEX "Invoice_status_nextAttemptAt_idx" ON "Invoice"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_orderId_kind_key" ON "Invoice"("orderId", "kind");

-- CreateIndex
CREATE INDEX "PickupPoint_carrier_active_postcode_idx" ON "PickupPoint"("carrier", "active", "postcode");

-- CreateIndex
CREATE UNIQUE INDEX "PickupPoint_carrier_externalId_key" ON "PickupPoint"("carrier", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Parcel_orderId_key" ON "Parcel"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Parcel_parcelNumber_key" ON "Parcel"("parcelNumber");

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Parcel" ADD CONSTRAINT "Parcel_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
