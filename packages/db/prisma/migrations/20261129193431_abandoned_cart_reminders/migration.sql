-- CreateTable
CREATE TABLE "AbandonedCartSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "delayHours" INTEGER NOT NULL DEFAULT 4,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AbandonedCartSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GuestCartSnapshot" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GuestCartSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AbandonedCartReminder" (
    "id" SERIAL NOT NULL,
    "cartKey" TEXT NOT NULL,
    "userId" INTEGER,
    "email" TEXT NOT NULL,
    "lines" JSONB NOT NULL,
    "tokenHash" VARCHAR(64) NOT NULL,
    "remindedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "restoredAt" TIMESTAMP(3),

    CONSTRAINT "AbandonedCartReminder_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GuestCartSnapshot_email_key" ON "GuestCartSnapshot"("email");

-- CreateIndex
CREATE UNIQUE INDEX "AbandonedCartReminder_cartKey_key" ON "AbandonedCartReminder"("cartKey");

-- CreateIndex
CREATE UNIQUE INDEX "AbandonedCartReminder_tokenHash_key" ON "AbandonedCartReminder"("tokenHash");

-- CreateIndex
CREATE INDEX "AbandonedCartReminder_userId_idx" ON "AbandonedCartReminder"("userId");

-- CreateIndex
CREATE INDEX "AbandonedCartReminder_email_idx" ON "AbandonedCartReminder"("email");

-- AddForeignKey
ALTER TABLE "AbandonedCartReminder" ADD CONSTRAINT "AbandonedCartReminder_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
