-- DropIndex
DROP INDEX "Payment_orderId_idx";

-- CreateIndex
CREATE INDEX "Order_grandTotal_idx" ON "Order"("grandTotal");

-- CreateIndex
CREATE INDEX "Order_lastName_firstName_idx" ON "Order"("lastName", "firstName");

-- CreateIndex
CREATE INDEX "Order_shippingMethodId_createdAt_idx" ON "Order"("shippingMethodId", "createdAt");

-- CreateIndex
CREATE INDEX "Order_search_trgm_idx" ON "Order" USING GIN ("number" gin_trgm_ops, "email" gin_trgm_ops, "lastName" gin_trgm_ops, "firstName" gin_trgm_ops, "billingName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Payment_orderId_createdAt_idx" ON "Payment"("orderId", "createdAt");
