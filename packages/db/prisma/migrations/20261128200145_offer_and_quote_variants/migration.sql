-- AlterTable
ALTER TABLE "OfferRequestLine" ADD COLUMN     "variantId" INTEGER;

-- AlterTable
ALTER TABLE "QuoteLine" ADD COLUMN     "variantId" INTEGER;

-- AddForeignKey
ALTER TABLE "OfferRequestLine" ADD CONSTRAINT "OfferRequestLine_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuoteLine" ADD CONSTRAINT "QuoteLine_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
