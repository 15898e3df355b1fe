-- Hand-written (Prisma's schema diff ignores triggers and functions).
-- Every stock move of an order fired the statement-level search trigger: PostgreSQL collected the old
-- and new rows for it and ran a PL/pgSQL call, only to find that no product code changed, all while
-- the order held its product rows locked. Only a changed product code ("kutiId") changes a search
-- document (titles live in "Description", which has its own triggers), so updates now fire a row
-- trigger for exactly that, and stock, price and sales updates fire nothing.
DROP TRIGGER product_search_update ON "Product";

CREATE FUNCTION shop_product_search_on_product_code() RETURNS trigger
LANGUAGE plpgsql
AS E'
BEGIN
  PERFORM shop_refresh_product_search(ARRAY[NEW.id])\073
  RETURN NULL\073
END';

CREATE TRIGGER product_search_code_update AFTER UPDATE OF "kutiId" ON "Product"
  FOR EACH ROW WHEN (OLD."kutiId" IS DISTINCT FROM NEW."kutiId")
  EXECUTE FUNCTION shop_product_search_on_product_code();
