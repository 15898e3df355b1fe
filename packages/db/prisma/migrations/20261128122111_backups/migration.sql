-- CreateEnum
CREATE TYPE "BackupTrigger" AS ENUM ('daily', 'manual');

-- CreateEnum
CREATE TYPE "BackupStatus" AS ENUM ('running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "Backup" (
    "id" SERIAL NOT NULL,
    "trigger" "BackupTrigger" NOT NULL,
    "day" TEXT,
    "status" "BackupStatus" NOT NULL DEFAULT 'running',
    "host" TEXT NOT NULL,
    "directory" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "sizeBytes" BIGINT,
    "error" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Backup_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Backup_day_key" ON "Backup"("day");

-- CreateIndex
CREATE INDEX "Backup_startedAt_idx" ON "Backup"("startedAt");
