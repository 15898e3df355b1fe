-- CreateEnum
CREATE TYPE "PopupAudience" AS ENUM ('everyone', 'guests', 'customers');

-- CreateEnum
CREATE TYPE "PopupFrequency" AS ENUM ('once_per_visitor', 'once_per_session');

-- CreateEnum
CREATE TYPE "InquiryStatus" AS ENUM ('new', 'answered', 'closed');

-- AlterTable
ALTER TABLE "CartLine" ADD COLUMN     "quoteLineId" INTEGER;

-- AlterTable
ALTER TABLE "Catalogue" DROP COLUMN "fileUrl",
ADD COLUMN     "fileId" INTEGER,
ADD COLUMN     "pageCount" INTEGER;

-- AlterTable
ALTER TABLE "ContactMessage" DROP COLUMN "handledAt",
ADD COLUMN     "consentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "status" "InquiryStatus" NOT NULL DEFAULT 'new',
ADD COLUMN     "statusChangedAt" TIMESTAMP(3),
ADD COLUMN     "subject" TEXT;

-- AlterTable
ALTER TABLE "Hero" ADD COLUMN     "activeFrom" TIMESTAMP(3),
ADD COLUMN     "activeTo" TIMESTAMP(3),
ADD COLUMN     "buttonLabel" TEXT,
ADD COLUMN     "mobileImageId" INTEGER;

-- AlterTable
ALTER TABLE "OfferRequest" DROP COLUMN "handledAt",
DROP COLUMN "items",
DROP COLUMN "message",
ADD COLUMN     "address" TEXT,
ADD COLUMN     "city" TEXT,
ADD COLUMN     "consentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "note" TEXT,
ADD COLUMN     "postcode" TEXT,
ADD COLUMN     "status" "InquiryStatus" NOT NULL DEFAULT 'new',
ADD COLUMN     "statusChangedAt" TIMESTAMP(3),
ADD COLUMN     "taxNumber" TEXT;

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "quoteLineId" INTEGER;

-- AlterTable
ALTER TABLE "Popup" ADD COLUMN     "audience" "PopupAudience" NOT NULL DEFAULT 'everyone',
ADD COLUMN     "frequency" "PopupFrequency" NOT NULL DEFAULT 'once_per_visitor';

-- AlterTable
ALTER TABLE "Slider" ADD COLUMN     "buttonLabel" TEXT,
ADD COLUMN     "mobileImageId" INTEGER;

-- CreateTable
CREATE TABLE "BlogPostProduct" (
    "blogPostId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BlogPostProduct_pkey" PRIMARY KEY ("blogPostId","productId")
);

-- CreateTable
CREATE TABLE "OfferRequestLine" (
    "id" SERIAL NOT NULL,
    "offerRequestId" INTEGER NOT NULL,
    "productId" INTEGER,
    "productTitle" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "OfferRequestLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Quote" (
    "id" SERIAL NOT NULL,
    "offerRequestId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "userId" INTEGER,
    "tokenHash" TEXT NOT NULL,
    "validUntil" TIMESTAMP(3) NOT NULL,
    "note" TEXT,
    "sentAt" TIMESTAMP(3),
    "orderId" INTEGER,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Quote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QuoteLine" (
    "id" SERIAL NOT NULL,
    "quoteId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unitPrice" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "QuoteLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShopSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "shopName" TEXT NOT NULL DEFAULT '',
    "companyName" TEXT NOT NULL DEFAULT '',
    "address" TEXT NOT NULL DEFAULT '',
    "taxNumber" TEXT NOT NULL DEFAULT '',
    "registrationNumber" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "phone" TEXT NOT NULL DEFAULT '',
    "phoneHours" TEXT NOT NULL DEFAULT '',
    "mapUrl" TEXT,
    "barionPixelId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShopSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsentRecord" (
    "id" SERIAL NOT NULL,
    "consentId" VARCHAR(64) NOT NULL,
    "statistics" BOOLEAN NOT NULL,
    "marketing" BOOLEAN NOT NULL,
    "policyVersion" VARCHAR(32) NOT NULL,
    "userId" INTEGER,
    "userAgent" VARCHAR(300),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsentRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BlogPostProduct_productId_idx" ON "BlogPostProduct"("productId");

-- CreateIndex
CREATE INDEX "OfferRequestLine_offerRequestId_idx" ON "OfferRequestLine"("offerRequestId");

-- CreateIndex
CREATE UNIQUE INDEX "Quote_tokenHash_key" ON "Quote"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Quote_orderId_key" ON "Quote"("orderId");

-- CreateIndex
CREATE INDEX "Quote_offerRequestId_idx" ON "Quote"("offerRequestId");

-- CreateIndex
CREATE INDEX "Quote_userId_idx" ON "Quote"("userId");

-- CreateIndex
CREATE INDEX "QuoteLine_quoteId_idx" ON "QuoteLine"("quoteId");

-- CreateIndex
CREATE INDEX "ConsentRecord_consentId_idx" ON "ConsentRecord"("consentId");

-- CreateIndex
CREATE INDEX "ConsentRecord_createdAt_idx" ON "ConsentRecord"("createdAt");

-- CreateIndex
CREATE INDEX "ContactMessage_status_createdAt_idx" ON "ContactMessage"("status", "createdAt");

-- CreateIndex
CREATE INDEX "OfferRequest_status_createdAt_idx" ON "OfferRequest"("status", "createdAt");

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_quoteLineId_fkey" FOREIGN KEY ("quoteLineId") REFERENCES "QuoteLine"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_quoteLineId_fkey" FOREIGN KEY ("quoteLineId") REFERENCES "QuoteLine"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlogPostProduct" ADD CONSTRAINT "BlogPostProduct_blogPostId_fkey" FOREIGN KEY ("blogPostId") REFERENCES "BlogPost"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlogPostProduct" ADD CONSTRAINT "BlogPostProduct_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Hero" ADD CONSTRAINT "Hero_mobileImageId_fkey" FOREIGN KEY ("mobileImageId") REFERENCES "Media"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Slider" ADD CONSTRAINT "Slider_mobileImageId_fkey" FOREIGN KEY ("mobileImageId") REFERENCES "Media"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Catalogue" ADD CONSTRAINT "Catalogue_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "Media"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OfferRequestLine" ADD CONSTRAINT "OfferRequestLine_offerRequestId_fkey" FOREIGN KEY ("offerRequestId") REFERENCES "OfferRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OfferRequestLine" ADD CONSTRAINT "OfferRequestLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Quote" ADD CONSTRAINT "Quote_offerRequestId_fkey" FOREIGN KEY ("offerRequestId") REFERENCES "OfferRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Quote" ADD CONSTRAINT "Quote_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Quote" ADD CONSTRAINT "Quote_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Quote" ADD CONSTRAINT "Quote_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuoteLine" ADD CONSTRAINT "QuoteLine_quoteId_fkey" FOREIGN KEY ("quoteId") REFERENCES "Quote"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QuoteLine" ADD CONSTRAINT "QuoteLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConsentRecord" ADD CONSTRAINT "ConsentRecord_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
