-- CreateTable
CREATE TABLE "FoxpostStandInParcel" (
    "id" SERIAL NOT NULL,
    "clFoxId" TEXT NOT NULL,
    "uniqueBarcode" TEXT,
    "sendType" VARCHAR(3) NOT NULL,
    "request" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FoxpostStandInParcel_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FoxpostStandInParcel_clFoxId_key" ON "FoxpostStandInParcel"("clFoxId");

-- CreateIndex
CREATE UNIQUE INDEX "FoxpostStandInParcel_uniqueBarcode_key" ON "FoxpostStandInParcel"("uniqueBarcode");
