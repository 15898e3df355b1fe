-- CreateTable
CREATE TABLE "SzamlazzStandInDocument" (
    "id" SERIAL NOT NULL,
    "kind" VARCHAR(2) NOT NULL,
    "prefix" VARCHAR(16) NOT NULL,
    "year" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "externalId" TEXT,
    "orderNumber" TEXT,
    "reverses" TEXT,
    "netTotal" DECIMAL(14,2) NOT NULL,
    "vatTotal" DECIMAL(14,2) NOT NULL,
    "grossTotal" DECIMAL(14,2) NOT NULL,
    "document" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SzamlazzStandInDocument_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SzamlazzStandInDocument_number_key" ON "SzamlazzStandInDocument"("number");

-- CreateIndex
CREATE UNIQUE INDEX "SzamlazzStandInDocument_externalId_key" ON "SzamlazzStandInDocument"("externalId");

-- CreateIndex
CREATE UNIQUE INDEX "SzamlazzStandInDocument_reverses_key" ON "SzamlazzStandInDocument"("reverses");

-- CreateIndex
CREATE UNIQUE INDEX "SzamlazzStandInDocument_prefix_year_sequence_key" ON "SzamlazzStandInDocument"("prefix", "year", "sequence");
