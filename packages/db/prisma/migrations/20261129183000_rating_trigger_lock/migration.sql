-- Hand-written (Prisma's schema diff ignores functions).
-- Two approvals of one product's reviews at once could lose one: each transaction computed the average
-- before the other had committed, so the later UPDATE wrote a count that missed the other review. The
-- function now locks the product's row first. The second writer waits there until the first commits,
-- and its average, read by a later statement under READ COMMITTED, counts both reviews.
-- Function bodies are E-strings that write each semicolon as \073, since Prisma's pg adapter splits a
-- migration at every semicolon.
CREATE OR REPLACE FUNCTION shop_refresh_product_rating(product_id INTEGER) RETURNS void
LANGUAGE plpgsql
AS E'
DECLARE
  new_average DOUBLE PRECISION\073
  new_count INTEGER\073
BEGIN
  PERFORM 1 FROM "Product" WHERE "id" = product_id FOR UPDATE\073
  SELECT avg("rating")::double precision, count(*)::int INTO new_average, new_count
    FROM "Review" WHERE "productId" = product_id AND "status" = ''approved''\073
  UPDATE "Product" SET "ratingAverage" = new_average, "ratingCount" = new_count
    WHERE "id" = product_id
      AND ("ratingAverage" IS DISTINCT FROM new_average OR "ratingCount" IS DISTINCT FROM new_count)\073
  IF FOUND THEN
    INSERT INTO "CacheVersion" ("key", "version", "updatedAt") VALUES (''catalogue'', 1, CURRENT_TIMESTAMP)
      ON CONFLICT ("key") DO UPDATE
        SET "version" = "CacheVersion"."version" + 1, "updatedAt" = CURRENT_TIMESTAMP\073
  END IF\073
END';
