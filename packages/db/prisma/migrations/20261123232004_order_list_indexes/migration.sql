-- DropIndex
DROP INDEX "Payment_orderId_idx";

-- CreateIndex
CREATE INDEX "Order_grandTotal_idx" ON "Order"("grandTotal");

-- CreateIndex
CREATE INDEX "Order_lastName_firstName_idx" ON "Order"("lastName", "firstName");

-- CreateIndex
CREATE INDEX "Order_shippingMethodId_createdAt_idx" ON "Order"("shippingMethodId", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_orderId_createdAt_idx" ON "Payment"("orderId", "createdAt");

-- Hand-written: Prisma cannot express an index on an expression, and its schema diff ignores
-- such indexes and functions, so schema.prisma and this migration stay equal.

-- The text the admin order list searches: number, e-mail and names in lower case with the Hungarian
-- accents folded ("Kovács" and "kovacs" match, and the capitals too, for databases whose lower() leaves
-- them). Built only from immutable built-ins, so PostgreSQL
-- inlines it and the check of each candidate row stays cheap, and the list's query calls it with the
-- same columns, which lets the trigram index answer LIKE '%…%'.
CREATE FUNCTION shop_order_search_text(number text, email text, last_name text, first_name text, billing_name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT translate(lower(number || ' ' || email || ' ' || last_name || ' ' || first_name || ' ' || billing_name), 'áéíóöőúüűÁÉÍÓÖŐÚÜŰ', 'aeiooouuuaeiooouuu') $$;

CREATE INDEX "Order_search_idx" ON "Order" USING GIN (shop_order_search_text("number", "email", "lastName", "firstName", "billingName") gin_trgm_ops);
