-- AlterTable
ALTER TABLE "User" ADD COLUMN     "staffRoleId" INTEGER,
ADD COLUMN     "suspendedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "StaffRole" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "builtIn" TEXT,
    "permissions" TEXT[],
    "refundLimit" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StaffRole_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StaffRole_name_key" ON "StaffRole"("name");

-- CreateIndex
CREATE UNIQUE INDEX "StaffRole_builtIn_key" ON "StaffRole"("builtIn");

-- CreateIndex
CREATE INDEX "User_staffRoleId_idx" ON "User"("staffRoleId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_staffRoleId_fkey" FOREIGN KEY ("staffRoleId") REFERENCES "StaffRole"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: the ready-made roles (issue 28), which the owner may edit. Their keys in "builtIn" let
-- the code and the seed find them whatever the owner renames them to.
INSERT INTO "StaffRole" ("name", "builtIn", "permissions", "refundLimit", "updatedAt") VALUES
  ('Raktár', 'warehouse',
    ARRAY['orders:read', 'orders:write', 'shipping:write', 'stock:write', 'catalogue:read'], NULL, CURRENT_TIMESTAMP),
  ('Ügyfélszolgálat', 'customer_service',
    ARRAY['orders:write', 'customers:write', 'refunds:write', 'inquiries:write', 'shipping:read', 'catalogue:read'],
    50000, CURRENT_TIMESTAMP),
  ('Tartalomszerkesztő', 'content_editor',
    ARRAY['content:write', 'media:write', 'catalogue:read'], NULL, CURRENT_TIMESTAMP),
  ('Könyvelő', 'accountant',
    ARRAY['orders:read', 'invoices:write', 'refunds:write', 'customers:read', 'catalogue:read', 'promotions:read'],
    NULL, CURRENT_TIMESTAMP);
