-- CreateTable
CREATE TABLE "ChangeFeedEntry" (
    "entity" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "txid" BIGINT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChangeFeedEntry_pkey" PRIMARY KEY ("entity","entityId")
);

-- CreateIndex
CREATE INDEX "ChangeFeedEntry_entity_txid_seq_idx" ON "ChangeFeedEntry"("entity", "txid", "seq");

-- CreateIndex
CREATE INDEX "ChangeFeedEntry_entity_changedAt_idx" ON "ChangeFeedEntry"("entity", "changedAt");

-- Moves an entity to the end of its feed, once per transaction: a second change in the same
-- transaction leaves the row alone, since the whole transaction becomes visible at once. A deleted
-- entity stays deleted (ids are never reused), so the cascade that removes its parts cannot revive it.
-- Function bodies are E-strings that write each semicolon as \073, since Prisma's pg adapter splits a
-- migration at every semicolon.
CREATE FUNCTION shop_feed_touch(feed TEXT, entity_id INTEGER, gone BOOLEAN) RETURNS void
LANGUAGE sql
AS E'
  INSERT INTO "ChangeFeedEntry" ("entity", "entityId", "txid", "deleted")
  VALUES (feed, entity_id, pg_current_xact_id()::text::bigint, gone)
  ON CONFLICT ("entity", "entityId") DO UPDATE
    SET "txid" = EXCLUDED."txid", "changedAt" = EXCLUDED."changedAt",
        "seq" = nextval(''"ChangeFeedEntry_seq_seq"''), "deleted" = EXCLUDED."deleted"
    WHERE NOT "ChangeFeedEntry"."deleted"
      AND ("ChangeFeedEntry"."txid" <> EXCLUDED."txid" OR EXCLUDED."deleted")
';

-- The row trigger of an entity's own table and of its parts. Arguments: the feed, the column that
-- names the entity ("id" on the entity's own table, where a DELETE deletes it), and for a variant's
-- parts a third, "variant": the column names a variant, whose product is the entity.
CREATE FUNCTION shop_feed_row() RETURNS trigger
LANGUAGE plpgsql
AS E'
DECLARE
  feed TEXT := TG_ARGV[0]\073
  own BOOLEAN := TG_ARGV[1] = ''id''\073
  new_id INTEGER\073
  old_id INTEGER\073
BEGIN
  IF TG_OP <> ''DELETE'' THEN new_id := (to_jsonb(NEW) ->> TG_ARGV[1])::int\073 END IF\073
  IF TG_OP <> ''INSERT'' THEN old_id := (to_jsonb(OLD) ->> TG_ARGV[1])::int\073 END IF\073
  IF TG_NARGS > 2 THEN
    SELECT "productId" INTO new_id FROM "ProductVariant" WHERE "id" = new_id\073
    SELECT "productId" INTO old_id FROM "ProductVariant" WHERE "id" = old_id\073
  END IF\073
  IF new_id IS NOT NULL THEN PERFORM shop_feed_touch(feed, new_id, false)\073 END IF\073
  IF old_id IS NOT NULL AND old_id IS DISTINCT FROM new_id THEN
    PERFORM shop_feed_touch(feed, old_id, own AND TG_OP = ''DELETE'')\073
  END IF\073
  RETURN NULL\073
END
';

-- An UPDATE that changes nothing (a job rewriting the same value) moves nothing.
CREATE TRIGGER order_feed AFTER INSERT OR DELETE ON "Order"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('order', 'id');
CREATE TRIGGER order_feed_update AFTER UPDATE ON "Order"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION shop_feed_row('order', 'id');
CREATE TRIGGER product_feed AFTER INSERT OR DELETE ON "Product"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'id');
CREATE TRIGGER product_feed_update AFTER UPDATE ON "Product"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION shop_feed_row('product', 'id');
CREATE TRIGGER customer_feed AFTER INSERT OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('customer', 'id');
CREATE TRIGGER customer_feed_update AFTER UPDATE ON "User"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION shop_feed_row('customer', 'id');

-- The parts an answer of the feed shows: a change to one is a change of its order, product or customer.
CREATE TRIGGER order_feed_part AFTER INSERT OR UPDATE OR DELETE ON "Payment"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('order', 'orderId');
CREATE TRIGGER order_feed_part AFTER INSERT OR UPDATE OR DELETE ON "Invoice"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('order', 'orderId');
CREATE TRIGGER order_feed_part AFTER INSERT OR UPDATE OR DELETE ON "Parcel"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('order', 'orderId');
CREATE TRIGGER order_feed_part AFTER INSERT OR UPDATE OR DELETE ON "Refund"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('order', 'orderId');
CREATE TRIGGER order_feed_part AFTER INSERT OR UPDATE OR DELETE ON "Withdrawal"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('order', 'orderId');
CREATE TRIGGER order_feed_part AFTER INSERT OR UPDATE OR DELETE ON "OrderLine"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('order', 'orderId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "Description"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'productId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductImage"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'productId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductCategory"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'productId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductPriceTier"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'productId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductGroupPrice"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'productId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductCustomerPrice"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'productId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductPropertyValue"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'productId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductOption"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'productId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductVariant"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'productId');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductVariantValue"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'variantId', 'variant');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductVariantPriceTier"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'variantId', 'variant');
CREATE TRIGGER product_feed_part AFTER INSERT OR UPDATE OR DELETE ON "ProductVariantGroupPrice"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('product', 'variantId', 'variant');
CREATE TRIGGER customer_feed_part AFTER INSERT OR UPDATE OR DELETE ON "Address"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('customer', 'userId');
-- A customer's answer counts their orders and what they spent.
CREATE TRIGGER customer_feed_orders AFTER INSERT OR UPDATE OF "status", "userId" OR DELETE ON "Order"
  FOR EACH ROW EXECUTE FUNCTION shop_feed_row('customer', 'userId');

-- What exists already starts each feed, in id order.
INSERT INTO "ChangeFeedEntry" ("entity", "entityId", "txid")
  SELECT 'order', "id", pg_current_xact_id()::text::bigint FROM "Order" ORDER BY "id";
INSERT INTO "ChangeFeedEntry" ("entity", "entityId", "txid")
  SELECT 'product', "id", pg_current_xact_id()::text::bigint FROM "Product" ORDER BY "id";
INSERT INTO "ChangeFeedEntry" ("entity", "entityId", "txid")
  SELECT 'customer', "id", pg_current_xact_id()::text::bigint FROM "User" ORDER BY "id";
