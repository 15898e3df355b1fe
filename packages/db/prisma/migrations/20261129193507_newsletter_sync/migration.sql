-- CreateEnum
CREATE TYPE "NewsletterSyncProvider" AS ENUM ('none', 'mailerlite', 'mailchimp');

-- CreateEnum
CREATE TYPE "NewsletterSyncWanted" AS ENUM ('subscribed', 'unsubscribed');

-- CreateEnum
CREATE TYPE "NewsletterSyncState" AS ENUM ('pending', 'sent', 'failed');

-- CreateTable
CREATE TABLE "NewsletterSyncSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "provider" "NewsletterSyncProvider" NOT NULL DEFAULT 'none',
    "apiKeyEncrypted" TEXT,
    "listId" VARCHAR(64),
    "generation" INTEGER NOT NULL DEFAULT 0,
    "lastRunAt" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "lastError" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NewsletterSyncSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NewsletterSyncItem" (
    "id" SERIAL NOT NULL,
    "generation" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "wanted" "NewsletterSyncWanted" NOT NULL,
    "sentWanted" "NewsletterSyncWanted",
    "version" INTEGER NOT NULL DEFAULT 1,
    "status" "NewsletterSyncState" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NewsletterSyncItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "NewsletterSyncItem_status_nextAttemptAt_idx" ON "NewsletterSyncItem"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSyncItem_generation_email_key" ON "NewsletterSyncItem"("generation", "email");
