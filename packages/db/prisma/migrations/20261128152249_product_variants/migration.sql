-- DropIndex
DROP INDEX "CartLine_cartId_productId_key";

-- DropIndex
DROP INDEX "StockNotification_productId_email_key";

-- AlterTable
ALTER TABLE "CartLine" ADD COLUMN     "variantId" INTEGER;

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "variantId" INTEGER;

-- AlterTable
ALTER TABLE "PropertyValue" ADD COLUMN     "swatch" VARCHAR(7);

-- AlterTable
ALTER TABLE "StockNotification" ADD COLUMN     "variantId" INTEGER;

-- CreateTable
CREATE TABLE "ProductOption" (
    "productId" INTEGER NOT NULL,
    "propertyId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProductOption_pkey" PRIMARY KEY ("productId","propertyId")
);

-- CreateTable
CREATE TABLE "ProductVariant" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "kutiId" TEXT,
    "ean" VARCHAR(14),
    "stock" INTEGER NOT NULL DEFAULT 0,
    "grossPrice" INTEGER,
    "weightGrams" INTEGER,
    "mediaId" INTEGER,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductVariant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductVariantValue" (
    "variantId" INTEGER NOT NULL,
    "propertyValueId" INTEGER NOT NULL,

    CONSTRAINT "ProductVariantValue_pkey" PRIMARY KEY ("variantId","propertyValueId")
);

-- CreateIndex
CREATE INDEX "ProductOption_propertyId_idx" ON "ProductOption"("propertyId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductVariant_kutiId_key" ON "ProductVariant"("kutiId");

-- CreateIndex
CREATE INDEX "ProductVariant_productId_position_idx" ON "ProductVariant"("productId", "position");

-- CreateIndex
CREATE INDEX "ProductVariantValue_propertyValueId_idx" ON "ProductVariantValue"("propertyValueId");

-- CreateIndex
-- NULLS NOT DISTINCT (hand-written, Prisma cannot say it): a product sold as itself keeps one line per cart.
CREATE UNIQUE INDEX "CartLine_cartId_productId_variantId_key" ON "CartLine"("cartId", "productId", "variantId") NULLS NOT DISTINCT;

-- CreateIndex
CREATE INDEX "OrderLine_variantId_idx" ON "OrderLine"("variantId");

-- CreateIndex
-- NULLS NOT DISTINCT (hand-written): one request per product, or per variant, and address.
CREATE UNIQUE INDEX "StockNotification_productId_variantId_email_key" ON "StockNotification"("productId", "variantId", "email") NULLS NOT DISTINCT;

-- AddForeignKey
ALTER TABLE "ProductOption" ADD CONSTRAINT "ProductOption_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductOption" ADD CONSTRAINT "ProductOption_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "Media"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductVariantValue" ADD CONSTRAINT "ProductVariantValue_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductVariantValue" ADD CONSTRAINT "ProductVariantValue_propertyValueId_fkey" FOREIGN KEY ("propertyValueId") REFERENCES "PropertyValue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockNotification" ADD CONSTRAINT "StockNotification_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: a product code is unique across products and variants, so sync by code addresses one
-- sellable item. Each table's own unique index covers itself, and these triggers check the other table and
-- answer as a unique index would (23505), naming the code. Function bodies are E-strings that write
-- each semicolon as \073, since Prisma's pg adapter splits a migration at every semicolon.
CREATE FUNCTION shop_product_code_free() RETURNS trigger
LANGUAGE plpgsql
AS E'
BEGIN
  IF NEW."kutiId" IS NOT NULL AND (
    (TG_TABLE_NAME = ''Product'' AND EXISTS (SELECT 1 FROM "ProductVariant" WHERE "kutiId" = NEW."kutiId"))
    OR (TG_TABLE_NAME = ''ProductVariant'' AND EXISTS (SELECT 1 FROM "Product" WHERE "kutiId" = NEW."kutiId"))
  ) THEN
    RAISE EXCEPTION ''shop:duplicate-code %'', NEW."kutiId" USING ERRCODE = ''23505''\073
  END IF\073
  RETURN NEW\073
END
';

CREATE TRIGGER product_code_free BEFORE INSERT OR UPDATE OF "kutiId" ON "Product"
FOR EACH ROW EXECUTE FUNCTION shop_product_code_free();

CREATE TRIGGER variant_code_free BEFORE INSERT OR UPDATE OF "kutiId" ON "ProductVariant"
FOR EACH ROW EXECUTE FUNCTION shop_product_code_free();
