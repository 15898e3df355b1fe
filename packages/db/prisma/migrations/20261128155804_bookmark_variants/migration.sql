-- AlterTable
ALTER TABLE "Bookmark" DROP CONSTRAINT "Bookmark_pkey",
ADD COLUMN     "id" SERIAL NOT NULL,
ADD COLUMN     "variantId" INTEGER,
ADD CONSTRAINT "Bookmark_pkey" PRIMARY KEY ("id");

-- CreateIndex, NULLS NOT DISTINCT by hand (Prisma cannot say it): a product as a whole is bookmarked once.
CREATE UNIQUE INDEX "Bookmark_userId_productId_variantId_key" ON "Bookmark"("userId", "productId", "variantId") NULLS NOT DISTINCT;

-- AddForeignKey
ALTER TABLE "Bookmark" ADD CONSTRAINT "Bookmark_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
