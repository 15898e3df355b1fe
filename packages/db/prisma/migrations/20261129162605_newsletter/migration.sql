-- CreateEnum
CREATE TYPE "NewsletterStatus" AS ENUM ('pending', 'confirmed', 'unsubscribed');

-- CreateEnum
CREATE TYPE "NewsletterSource" AS ENUM ('footer', 'checkout', 'account', 'registration', 'admin', 'email');

-- CreateEnum
CREATE TYPE "NewsletterConsentEvent" AS ENUM ('requested', 'confirmed', 'withdrawn');

-- AlterTable
ALTER TABLE "EmailOutbox" ADD COLUMN     "headers" JSONB;

-- CreateTable
CREATE TABLE "NewsletterSubscription" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "status" "NewsletterStatus" NOT NULL DEFAULT 'pending',
    "userId" INTEGER,
    "source" "NewsletterSource" NOT NULL,
    "consentVersion" VARCHAR(32) NOT NULL,
    "confirmTokenHash" TEXT,
    "confirmTokenExpiresAt" TIMESTAMP(3),
    "requestedAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "unsubscribedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NewsletterSubscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NewsletterUnsubscribeToken" (
    "tokenHash" TEXT NOT NULL,
    "subscriptionId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NewsletterUnsubscribeToken_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateTable
CREATE TABLE "NewsletterConsent" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "userId" INTEGER,
    "event" "NewsletterConsentEvent" NOT NULL,
    "source" "NewsletterSource" NOT NULL,
    "consentVersion" VARCHAR(32) NOT NULL,
    "consentText" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NewsletterConsent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSubscription_email_key" ON "NewsletterSubscription"("email");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSubscription_confirmTokenHash_key" ON "NewsletterSubscription"("confirmTokenHash");

-- CreateIndex
CREATE INDEX "NewsletterSubscription_status_createdAt_idx" ON "NewsletterSubscription"("status", "createdAt");

-- CreateIndex
CREATE INDEX "NewsletterSubscription_userId_idx" ON "NewsletterSubscription"("userId");

-- CreateIndex
CREATE INDEX "NewsletterUnsubscribeToken_subscriptionId_idx" ON "NewsletterUnsubscribeToken"("subscriptionId");

-- CreateIndex
CREATE INDEX "NewsletterConsent_email_createdAt_idx" ON "NewsletterConsent"("email", "createdAt");

-- CreateIndex
CREATE INDEX "NewsletterConsent_userId_idx" ON "NewsletterConsent"("userId");

-- CreateIndex
CREATE INDEX "NewsletterConsent_createdAt_idx" ON "NewsletterConsent"("createdAt");

-- AddForeignKey
ALTER TABLE "NewsletterSubscription" ADD CONSTRAINT "NewsletterSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterUnsubscribeToken" ADD CONSTRAINT "NewsletterUnsubscribeToken_subscriptionId_fkey" FOREIGN KEY ("subscriptionId") REFERENCES "NewsletterSubscription"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NewsletterConsent" ADD CONSTRAINT "NewsletterConsent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Accounts that ticked the newsletter box before the list existed stay subscribed: their consent is
-- recorded in the register as carried over from the account, under a version of its own, so it is
-- never mistaken for a consent confirmed by e-mail
INSERT INTO "NewsletterSubscription" ("email", "status", "userId", "source", "consentVersion", "requestedAt", "confirmedAt", "updatedAt")
SELECT lower("email"), 'confirmed', "id", 'account', 'fiok-atvett', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
FROM "User"
WHERE "newsletter" AND "anonymizedAt" IS NULL
ON CONFLICT ("email") DO NOTHING;

INSERT INTO "NewsletterConsent" ("email", "userId", "event", "source", "consentVersion", "consentText")
SELECT "email", "userId", 'confirmed', 'account', 'fiok-atvett',
  'A fiók korábbi hírlevél-beállítása (a megerősítő e-mail bevezetése előtt adott hozzájárulás, átvéve a feliratkozók listájába).'
FROM "NewsletterSubscription"
WHERE "consentVersion" = 'fiok-atvett';
