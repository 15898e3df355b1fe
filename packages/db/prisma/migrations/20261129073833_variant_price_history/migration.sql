-- AlterTable
ALTER TABLE "ProductPriceHistory" ADD COLUMN     "variantId" INTEGER;

-- AlterTable
ALTER TABLE "ProductVariant" ADD COLUMN     "lowestPrice30d" INTEGER;

-- CreateIndex
CREATE INDEX "ProductPriceHistory_variantId_validFrom_idx" ON "ProductPriceHistory"("variantId", "validFrom");

-- AddForeignKey
ALTER TABLE "ProductPriceHistory" ADD CONSTRAINT "ProductPriceHistory_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A variant that already has a list price of its own starts its history with it, from when it was made
-- (the best known, as its sales so far were not recorded). The hourly refresh fills lowestPrice30d.
INSERT INTO "ProductPriceHistory" ("productId", "variantId", "grossPrice", "validFrom")
SELECT "productId", "id", "grossPrice", "createdAt" FROM "ProductVariant" WHERE "grossPrice" IS NOT NULL;
