-- Catalogue search (hand-written parts are below the generated ones, except the
-- extensions, which the trigram index needs first). PGlite ships both extensions
-- as contrib too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- CreateTable
CREATE TABLE "ProductSearch" (
    "productId" INTEGER NOT NULL,
    "document" TEXT NOT NULL,
    "vector" tsvector,

    CONSTRAINT "ProductSearch_pkey" PRIMARY KEY ("productId")
);

-- CreateIndex
CREATE INDEX "ProductSearch_document_idx" ON "ProductSearch" USING GIN ("document" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ProductSearch_vector_idx" ON "ProductSearch" USING GIN ("vector");

-- AddForeignKey
ALTER TABLE "ProductSearch" ADD CONSTRAINT "ProductSearch_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: Prisma cannot express functions or triggers, and its schema diff
-- ignores them, so schema.prisma and this migration stay equal. Prisma's pg driver
-- adapter splits a migration at every semicolon, so the function bodies are
-- E-strings that write each semicolon as \073.

-- Lower case without accents: "Bögre" and "bogre" fold to the same text.
CREATE FUNCTION shop_fold(value text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT lower(unaccent(coalesce(value, ''))) $$;

-- Rebuilds the search rows of the given products from their Hungarian title (or
-- their first title when there is no Hungarian one) and their product code. The
-- vector holds the Hungarian stems of the title and the folded words of title and
-- code, so both "bögrék" and "bogre" find a "Bögre".
CREATE FUNCTION shop_refresh_product_search(ids integer[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO "ProductSearch" ("productId", "document", "vector")
  SELECT p.id,
         shop_fold(concat_ws(' ', d.title, p."kutiId")),
         setweight(to_tsvector('hungarian', coalesce(d.title, '')), 'A')
           || to_tsvector('simple', shop_fold(concat_ws(' ', d.title, p."kutiId")))
  FROM "Product" p
  LEFT JOIN LATERAL (
    SELECT title FROM "Description"
    WHERE "productId" = p.id
    ORDER BY ("language" = 'hu') DESC, id
    LIMIT 1
  ) d ON true
  WHERE p.id = ANY(ids)
  ON CONFLICT ("productId") DO UPDATE SET "document" = EXCLUDED."document", "vector" = EXCLUDED."vector"
$$;

-- Statement-level triggers with transition tables: a bulk insert of 100 000
-- products refreshes the search rows in one statement, not 100 000.
CREATE FUNCTION shop_product_search_on_product() RETURNS trigger
LANGUAGE plpgsql
AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    PERFORM shop_refresh_product_search(ARRAY(SELECT id FROM new_rows))\073
  ELSE
    PERFORM shop_refresh_product_search(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n."kutiId" IS DISTINCT FROM o."kutiId"))\073
  END IF\073
  RETURN NULL\073
END';

CREATE FUNCTION shop_product_search_on_description() RETURNS trigger
LANGUAGE plpgsql
AS E'
BEGIN
  IF TG_OP = ''INSERT'' THEN
    PERFORM shop_refresh_product_search(ARRAY(
      SELECT DISTINCT "productId" FROM new_rows WHERE "productId" IS NOT NULL))\073
  ELSIF TG_OP = ''UPDATE'' THEN
    PERFORM shop_refresh_product_search(ARRAY(
      SELECT "productId" FROM new_rows WHERE "productId" IS NOT NULL
      UNION SELECT "productId" FROM old_rows WHERE "productId" IS NOT NULL))\073
  ELSE
    PERFORM shop_refresh_product_search(ARRAY(
      SELECT DISTINCT "productId" FROM old_rows WHERE "productId" IS NOT NULL))\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER product_search_insert AFTER INSERT ON "Product"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_product_search_on_product();
CREATE TRIGGER product_search_update AFTER UPDATE ON "Product"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_product_search_on_product();
CREATE TRIGGER description_search_insert AFTER INSERT ON "Description"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_product_search_on_description();
CREATE TRIGGER description_search_update AFTER UPDATE ON "Description"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_product_search_on_description();
CREATE TRIGGER description_search_delete AFTER DELETE ON "Description"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_product_search_on_description();

-- Products that existed before this migration.
SELECT shop_refresh_product_search(ARRAY(SELECT id FROM "Product"));
