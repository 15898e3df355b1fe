-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "paidAt" TIMESTAMP(3),
ADD COLUMN     "paidTotal" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "idempotencyKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Payment_idempotencyKey_key" ON "Payment"("idempotencyKey");

-- Money states follow the money (issue #21, finding 3): an order's paidTotal is what was received.
-- Card orders: their succeeded Barion payments.
UPDATE "Order" o
SET "paidTotal" = paid.total,
    "paidAt" = CASE WHEN paid.total >= o."grandTotal" THEN paid.at END
FROM (
  SELECT "orderId", SUM(amount)::int AS total, MAX(COALESCE("completedAt", "updatedAt")) AS at
  FROM "Payment" WHERE provider = 'barion' AND status IN ('succeeded', 'refunded')
  GROUP BY "orderId"
) paid
WHERE paid."orderId" = o.id;

-- Cash on delivery and transfer orders placed before this counted as paid from the start. Those the shop
-- has already settled are taken as paid in full, each with one recorded payment: a delivered (completed)
-- cash-on-delivery order, whose courier collected the money, a transfer order the shop moved into
-- fulfilment, which it did once the money had arrived, and any such order refunded from, which the
-- old rules allowed only as paid. Every other one is unpaid until the shop records its money.
WITH settled AS (
  SELECT id, "paymentProvider", "grandTotal", COALESCE("completedAt", "updatedAt") AS at
  FROM "Order"
  WHERE "paidTotal" = 0 AND "grandTotal" > 0 AND (
    (status IN ('completed', 'refunded', 'partially_refunded') AND "paymentProvider" = 'cash_on_delivery')
    OR (status IN ('processing', 'packed', 'shipped', 'ready_for_pickup', 'completed', 'refunded', 'partially_refunded')
        AND "paymentProvider" = 'bank_transfer')
  )
), recorded AS (
  INSERT INTO "Payment" ("orderId", provider, status, amount, currency, "completedAt", "createdAt", "updatedAt")
  SELECT id, "paymentProvider", 'succeeded', "grandTotal", 'HUF', at, at, at FROM settled
  RETURNING "orderId"
)
UPDATE "Order" o
SET "paidTotal" = s."grandTotal", "paidAt" = s.at
FROM settled s
WHERE s.id = o.id;
