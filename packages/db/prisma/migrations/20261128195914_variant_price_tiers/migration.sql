-- CreateTable
CREATE TABLE "ProductVariantPriceTier" (
    "id" SERIAL NOT NULL,
    "variantId" INTEGER NOT NULL,
    "minQuantity" INTEGER NOT NULL,
    "grossPrice" INTEGER NOT NULL,

    CONSTRAINT "ProductVariantPriceTier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductVariantGroupPrice" (
    "variantId" INTEGER NOT NULL,
    "groupId" INTEGER NOT NULL,
    "grossPrice" INTEGER NOT NULL,

    CONSTRAINT "ProductVariantGroupPrice_pkey" PRIMARY KEY ("variantId","groupId")
);

-- CreateIndex
CREATE UNIQUE INDEX "ProductVariantPriceTier_variantId_minQuantity_key" ON "ProductVariantPriceTier"("variantId", "minQuantity");

-- CreateIndex
CREATE INDEX "ProductVariantGroupPrice_groupId_idx" ON "ProductVariantGroupPrice"("groupId");

-- AddForeignKey
ALTER TABLE "ProductVariantPriceTier" ADD CONSTRAINT "ProductVariantPriceTier_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductVariantGroupPrice" ADD CONSTRAINT "ProductVariantGroupPrice_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductVariantGroupPrice" ADD CONSTRAINT "ProductVariantGroupPrice_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "CustomerGroup"("id") ON DELETE CASCADE ON UPDATE CASCADE;
