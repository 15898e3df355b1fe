-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "ean" VARCHAR(14),
ADD COLUMN     "feedExcluded" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ProductImport" (
    "id" SERIAL NOT NULL,
    "fileName" TEXT NOT NULL,
    "format" VARCHAR(4) NOT NULL,
    "file" BYTEA NOT NULL,
    "pictures" BYTEA,
    "preset" VARCHAR(16),
    "headers" JSONB NOT NULL,
    "mapping" JSONB,
    "status" VARCHAR(12) NOT NULL DEFAULT 'uploaded',
    "totalRows" INTEGER NOT NULL DEFAULT 0,
    "processedRows" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "changed" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "refused" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ProductImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductImportRow" (
    "importId" INTEGER NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "sku" TEXT,
    "name" TEXT,
    "outcome" VARCHAR(10) NOT NULL,
    "changes" JSONB,
    "message" TEXT,
    "productId" INTEGER,

    CONSTRAINT "ProductImportRow_pkey" PRIMARY KEY ("importId","rowNumber")
);

-- CreateTable
CREATE TABLE "ProductImportMapping" (
    "headerKey" TEXT NOT NULL,
    "mapping" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductImportMapping_pkey" PRIMARY KEY ("headerKey")
);

-- CreateIndex
CREATE INDEX "ProductImport_status_nextAttemptAt_idx" ON "ProductImport"("status", "nextAttemptAt");

-- AddForeignKey
ALTER TABLE "ProductImportRow" ADD CONSTRAINT "ProductImportRow_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ProductImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
