-- A retried order placement is answered only to the client that placed the order (issue #21, finding 11).
ALTER TABLE "Order" ADD COLUMN "idempotencyFingerprint" TEXT;
